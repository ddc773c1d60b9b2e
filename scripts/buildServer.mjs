/**
 * `npm run build:server`: compiles the server into plain JavaScript in dist-server/, so `npm start` runs it with Node
 * alone (no TypeScript loader at run time). Plain JavaScript itself, so it runs before anything is built.
 *
 * Why a bundle (esbuild) rather than Node's own type stripping: the sources import without file extensions and use
 * TypeScript-only syntax (parameter properties), which type stripping refuses. Packages stay outside the bundle
 * (`packages: 'external'`): they load from node_modules as usual (argon2's native addon, PGlite's WebAssembly).
 *
 * Two entries, because the PGlite worker thread is its own module: dist-server/bootstrap.mjs takes the place of
 * server/db/pgliteWorker/bootstrap.mjs (which loads worker.ts through tsx) at the URL client.ts resolves beside
 * itself. The migrations are copied beside the bundle, where server/db/client.ts looks for them.
 */
import { build } from 'esbuild'
import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'dist-server')

rmSync(out, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'server/main.ts', out: 'main' },
    { in: 'server/db/pgliteWorker/worker.ts', out: 'bootstrap' },
  ],
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
})
cpSync(path.join(root, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true })
console.log('Servidor compilado en dist-server/')
