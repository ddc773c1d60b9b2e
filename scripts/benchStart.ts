/**
 * `npm run bench:start [-- --rounds 3] [--source]`: how long the server takes to listen on a fresh data folder (PGlite
 * created, migrated, demo data seeded) against a restart on the same folder, in the same run, alternately, with the
 * load average printed (2 shared cores). Issue 12's target: fresh ≤ 2× existing. Each round also starts a fresh
 * folder WITHOUT the saved copy of a migrated database (an empty PGLITE_TEMPLATE_DIR each time), which is how every
 * first start ran before server/db/pgliteTemplate.ts. It runs the built server (`dist-server/main.mjs`, what `npm start`
 * runs; built first when missing) unless `--source` asks for `node --import tsx server/main.ts` (how it ran before
 * issue 25), on whichever Node runs this script, and reports the resident memory (RSS) right after the restart listens.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { BUILT_SERVER, REPO_ROOT, spawnServer } from './lib/serverProcess'
import { rssOf } from './benchLoad/processes'

const args = process.argv.slice(2)
const roundsAt = args.indexOf('--rounds')
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3
const built = !args.includes('--source')
const rssAfterRestart: number[] = []
const loads = () => loadavg().map((n) => n.toFixed(2)).join(' / ')

async function timeStart(dataDir: string, env: NodeJS.ProcessEnv = {}, rss?: number[]): Promise<number> {
  const started = performance.now()
  const server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', LOG: '0', CLIENT_TOKEN: 'bench', STATIC_DIR: path.join(REPO_ROOT, 'dist'), ...env },
    { timeoutMs: 180_000, built },
  )
  const ms = performance.now() - started
  rss?.push(rssOf(server.child.pid!) / (1024 * 1024))
  server.kill('SIGTERM')
  await server.exited
  return ms
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const fresh: number[] = []
const existing: number[] = []
const withoutCopy: number[] = []
console.log(`Node ${process.version}, ${built ? 'built server (dist-server/main.mjs)' : 'source through tsx (server/main.ts)'}`)
console.log(`Load average at start (1/5/15 min): ${loads()}`)
if (built && !existsSync(BUILT_SERVER)) {
  const bundled = spawnSync(process.execPath, ['scripts/buildServer.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' })
  if (bundled.status !== 0) throw new Error('scripts/buildServer.mjs falló')
}
// The saved copy, made outside the measured rounds as `npm run build` makes it before `npm start` serves.
const template = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dbTemplate.ts'], { cwd: REPO_ROOT, stdio: 'inherit' })
if (template.status !== 0) throw new Error('scripts/dbTemplate.ts falló')
for (let round = 1; round <= rounds; round++) {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-start-'))
  const emptyCopies = mkdtempSync(path.join(tmpdir(), 'bench-start-nocopy-'))
  const bare = mkdtempSync(path.join(tmpdir(), 'bench-start-bare-'))
  try {
    fresh.push(await timeStart(folder))
    existing.push(await timeStart(folder, {}, rssAfterRestart))
    withoutCopy.push(await timeStart(bare, { PGLITE_TEMPLATE_DIR: emptyCopies }))
  } finally {
    for (const dir of [folder, emptyCopies, bare]) rmSync(dir, { recursive: true, force: true })
  }
  const i = round - 1
  console.log(
    `round ${round}: fresh ${fresh[i]!.toFixed(0)} ms, existing ${existing[i]!.toFixed(0)} ms, ` +
      `fresh without the saved copy ${withoutCopy[i]!.toFixed(0)} ms; load ${loads()}`,
  )
}
const ratio = median(fresh) / median(existing)
console.log('')
console.log('| Start | median ms | ÷ existing |')
console.log('|---|---:|---:|')
console.log(`| Existing data folder (restart) | ${median(existing).toFixed(0)} | 1.00× |`)
console.log(`| Fresh data folder, from the saved copy | ${median(fresh).toFixed(0)} | ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}) |`)
console.log(`| Fresh data folder, without the copy (before) | ${median(withoutCopy).toFixed(0)} | ${(median(withoutCopy) / median(existing)).toFixed(2)}× |`)
console.log(`RSS right after the restart listens: median ${median(rssAfterRestart).toFixed(0)} MiB`)
console.log(`Load average at the end: ${loads()}`)
