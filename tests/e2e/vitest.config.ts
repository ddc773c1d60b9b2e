/**
 * End-to-end tests: the real built server (dist-server/main.mjs, as `npm start` runs it, on a free port, fresh data folder, the built app in
 * dist/) driven by Chromium through playwright-core. Run with `npm run test:e2e` (it builds first).
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('../..', import.meta.url))

export default defineConfig({
  root,
  resolve: { alias: { 'styled-system': `${root}styled-system` } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // One server and one browser per file; files one after the other (2 shared cores).
    fileParallelism: false,
    pool: 'forks',
  },
})
