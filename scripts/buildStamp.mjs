/**
 * Whether the build (dist/ and dist-server/) is current, so `npm start` skips a rebuild that changes nothing.
 *
 *   node scripts/buildStamp.mjs --record   (the last step of `npm run build`) writes the fingerprint of its inputs
 *   node scripts/buildStamp.mjs            (`npm start`) builds only when the fingerprint differs or a part is missing
 *
 * The fingerprint is a SHA-256 of every input file's path and content (not modification times, which a checkout or a
 * copy changes without changing anything). Plain JavaScript, so it runs before anything is built.
 */
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** What the app and the server are built from (folders are walked; missing entries are skipped). */
export const INPUTS = ['src', 'domain', 'machines', 'server', 'index.html', 'vite.config.ts', 'panda.config.ts', 'postcss.config.cjs', 'tsconfig.json', 'package-lock.json', 'scripts/buildServer.mjs', 'scripts/dbTemplate.ts', 'scripts/prerender.ts', 'scripts/prerender']
const stampOf = (root) => path.join(root, 'dist', '.build-fingerprint')
const outputsOf = (root) => [path.join(root, 'dist', 'index.html'), path.join(root, 'dist-server', 'main.mjs')]

function* files(root, relative) {
  const full = path.join(root, relative)
  if (!existsSync(full)) return
  if (!statSync(full).isDirectory()) return yield relative
  for (const entry of readdirSync(full).sort()) yield* files(root, path.join(relative, entry))
}

/** SHA-256 of every input's path and bytes under `root`. */
export function fingerprint(root = REPO_ROOT) {
  const hash = createHash('sha256')
  for (const input of INPUTS)
    for (const file of files(root, input)) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0')
  return hash.digest('hex')
}

/** Both builds exist and were made from exactly these inputs. */
export function isCurrent(root = REPO_ROOT) {
  const stamp = stampOf(root)
  return outputsOf(root).every((file) => existsSync(file)) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint(root)
}

export function record(root = REPO_ROOT) {
  writeFileSync(stampOf(root), fingerprint(root) + '\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv.includes('--record')) record()
  else if (isCurrent()) console.log('La compilación está al día (dist/, dist-server/): se omite `npm run build`.')
  else {
    const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' })
    process.exit(built.status ?? 1)
  }
}
