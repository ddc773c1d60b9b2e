import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001'

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/app-config.js': apiTarget },
  },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/lib/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/src/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
