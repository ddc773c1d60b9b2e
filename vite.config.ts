import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { contractLiterals } from './scripts/vite/contractLiterals.js'
import { signInChunkGroups } from './scripts/vite/signInChunks.js'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/

/**
 * Writes `<file>.br` (brotli, highest quality) and `<file>.gz` (gzip -9) next to every text file of the build, once,
 * so the server sends compressed files without compressing on each request (server/webApp.ts, `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist'
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name))
      await Promise.all(
        files.map(async (name) => {
          const file = join(outDir, name)
          const body = await readFile(file)
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ])
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
        }),
      )
    },
  }
}

export default defineConfig({
  // contractLiterals: the contract reaches the app as JSON Schema literals, without TypeBox (issue 24's sign-in bytes).
  plugins: [react(), precompress(), contractLiterals()],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      { find: /^react-router$/, replacement: new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url).pathname },
      { find: /^react-router\/dom$/, replacement: new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url).pathname },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/app-config.js': apiTarget },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each lazy area needs, for the pre-rendered pages' modulepreload links
    // (scripts/prerender.ts). A dot folder, so the server never publishes it.
    manifest: true,
    // Source maps stay out of dist/ (the server would otherwise publish the whole source). SOURCEMAPS=1 writes them
    // for an error tracker, without the comment that makes browsers fetch them; the server refuses *.map anyway.
    sourcemap: process.env.SOURCEMAPS === '1' ? 'hidden' : false,
    rolldownOptions: {
      // The sign-in's code in two files instead of a dozen (scripts/vite/signInChunks.ts, issue 24).
      output: { codeSplitting: { groups: signInChunkGroups() } },
      treeshake: {
        // The UI kit (src/ui) only defines components and class names: importing a module does nothing by itself.
        // Saying so lets the bundler follow `import { Button } from '../ui'` to Button alone instead of every part
        // behind the kit's index (date picker, menus, …), which otherwise end up in every route's chunk, sign-in
        // included. Libraries keep what their package.json says (Ark UI, zag, React Router: side-effect free).
        moduleSideEffects: [{ test: /[\\/]src[\\/]ui[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    // Makes the PGlite start-up copy once, before the workers each open their in-memory databases from it.
    globalSetup: ['tests/globalSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/domain/**/*.test.ts',
            'tests/tools/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
            'tests/scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker instead of one per file: these files build their own app and database per
          // test or file and restore what they change (timers, env), so they need no fresh import. Importing the
          // server's graph again for each file was about 40 % of the suite's worker time.
          isolate: false,
        },
      },
      {
        extends: true,
        // The browser build of tus-js-client (XMLHttpRequest, as in the app; its package.json says so only through the
        // `browser` field, which Vite reads for the app but not for tests).
        resolve: {
          alias: [{ find: /^tus-js-client$/, replacement: new URL('./node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url).pathname }],
        },
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
