/**
 * `npm run bench:load -- [--db postgres|pglite] [--claims N] [--duration S] [--connections C] [--rounds R] [--fresh] [--source]`:
 * the API under load over real sockets (issue 12), each figure a ratio against an anchor measured alternately in the
 * same run, with the load average (2 shared cores: the same code gives other numbers when CI runs beside it).
 *
 * The portal runs as `npm start` runs it (dist-server/main.mjs in its own process, scripts/lib/serverProcess.ts;
 * `--source` runs server/main.ts through tsx instead, as before issue 25); the load
 * comes from autocannon in another process (scripts/benchLoad/loadWorker.ts), so none of the three shares a CPU
 * budget with another by accident.
 * - --db postgres (default 1 000 000 claims): one claim against the anchor, a bare Fastify + pg primary-key lookup
 *   (scripts/benchLoad/anchorServer.ts); the lists' and the work queue's p50/p99 against one claim's; the CSV report against
 *   `psql \copy` of the same SELECT, and the server's RSS meanwhile; RSS during 20 parallel 10 MB uploads.
 * - --db pglite (default 100 000 claims): one claim on PGlite against the same on PostgreSQL with as many claims,
 *   at 10 and at C connections.
 * First start on a fresh data folder against an existing one is `npm run bench:start`.
 *
 * Writes the Markdown to .tmp/bench/load-<db>-<claims>.md. Databases are kept (scripts/benchLoad/benchData.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { signAccessToken, tokenKeys } from '../server/auth/tokens'
import type { Session } from '../server/auth/roles'
import { DEMO_USER_IDS } from '../server/seed'
import { COUNT_LIMIT, PAGE_SIZE } from '../domain/paging'
import { spawnServer, type ServerProcess } from './lib/serverProcess'
import { LOAD_USAGE, measures, parseLoadArgs, type LoadArgs, type LoadGroup } from './benchLoad/args'
import { BENCH_DIR, PARALLEL_UPLOADS, postgresAdminUrl, preparePglite, preparePostgres, type BenchData } from './benchLoad/benchData'
import { cpuMeter, cpuMsOf, peakRssGrowth, runLoad, startAnchor, type AnchorProcess } from './benchLoad/processes'
import { paddedPdf, parallelUploads, timeDownload, timePsqlCopy } from './benchLoad/singleRequests'
import { measureDigest } from './benchLoad/digestBench'
import { queueTargets } from './benchLoad/queueTargets'
import { cpuText, mean, median, medianOfRoundRatios, problemOf, ratio, renderLoadMarkdown, type Figure, type LoadSample } from './benchLoad/verdict'

const CLIENT_TOKEN = 'bench-load-client-token'
const JWT_SECRET = 'bench-load-secret-that-is-long-enough-for-hs256'
/** The server's default token lifetime; each load run gets a token minted just before it, so none nears rotation. */
const TOKEN_TTL_SECONDS = 600
const UPLOAD_BYTES = 10_000_000
const WARM_UP_SECONDS = 3
const MIB = 1024 * 1024

const log = (line: string) => console.error(line)
const loadNow = () => os.loadavg()
const loadText = () => loadNow().map((n) => n.toFixed(2)).join(' / ')

/** Something to load: a server's origin, the paths to spread the requests over, and fresh headers for each run. */
interface Target {
  label: string
  origin: string
  paths: string[]
  /** Claim numbers `{id}` in the paths is drawn from, per request. */
  ids?: { from: number; to: number }
  headers: () => Promise<Record<string, string>>
  /** The process serving it, whose CPU time per request the measurement reports. */
  pid: number
}

function serverEnv(data: BenchData): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: data.databaseUrl ?? '',
    DATA_DIR: data.dataDir,
    LOG: '0',
    CLIENT_TOKEN,
    JWT_SECRET,
    ACCESS_TOKEN_TTL: String(TOKEN_TTL_SECONDS),
    // The per-user limit (1000 a minute) would turn the load into 429s: raised, not removed, so every request still
    // pays for its counter as in production (on PostgreSQL a slice of the budget per upsert,
    // server/lib/databaseRateLimitStore.ts: with this limit one upsert per window).
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // No built app: the load only calls the API.
    STATIC_DIR: path.join(BENCH_DIR, 'no-static-files'),
  }
}

const portalHeaders = (session: Session) => async () => ({
  authtoken: CLIENT_TOKEN,
  authorization: `Bearer ${await signAccessToken(tokenKeys(JWT_SECRET, TOKEN_TTL_SECONDS), session)}`,
})

async function measure(target: Target, connections: number, seconds: number, samples?: LoadSample[], round?: number): Promise<LoadSample> {
  const headers = await target.headers()
  const cpu = cpuMeter(target.pid)
  const result = await runLoad({
    origin: target.origin,
    paths: target.paths,
    ids: target.ids,
    headers,
    connections,
    durationSeconds: seconds,
  })
  const cpuPerRequest = cpu.perRequest(result.rps * seconds)
  const sample: LoadSample = {
    round,
    label: target.label,
    connections,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    failures: result.failures,
    load: loadNow(),
    cpuPerRequest,
  }
  if (samples) {
    samples.push(sample)
    log(
      `${target.label}, ${connections} conexiones: ${sample.rps.toFixed(0)} 2xx/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms` +
        `${sample.failures ? `, ${sample.failures} FALLIDAS` : ''}; CPU µs por solicitud (servidor / PostgreSQL / máquina) ` +
        `${cpuText(cpuPerRequest)}; carga ${loadText()}`,
    )
  }
  return sample
}

const oneMinute = (samples: readonly LoadSample[]) => samples.map((s) => s.load[0]!)
const of = (samples: readonly LoadSample[], label: string) => samples.filter((s) => s.label === label)

const roundsText = (ratios: readonly number[], unit: '%' | '×') =>
  `rounds ${ratios.map((r) => (unit === '%' ? `${(r * 100).toFixed(0)} %` : `${r.toFixed(2)}×`)).join(', ')}`

/** `measured` ÷ `reference` requests/s: the median of the rounds' ratios (each round's pair measured one after the other). */
function throughputFigure(name: string, measured: LoadSample[], reference: LoadSample[], target: number): Figure {
  const { value, ratios } = medianOfRoundRatios(measured, reference, (s) => s.rps)
  const [a, b] = [mean(measured.map((s) => s.rps)), mean(reference.map((s) => s.rps))]
  return {
    name,
    measure: `requests/s ÷ ${reference[0]!.label}, median of the rounds' ratios`,
    value,
    unit: '%',
    comparison: '≥',
    target,
    detail: `${roundsText(ratios, '%')}; means ${a.toFixed(0)} vs ${b.toFixed(0)} req/s`,
    loads: oneMinute([...measured, ...reference]),
    problem: problemOf([...measured, ...reference]),
  }
}

/** `measured` ÷ `reference` latency at a percentile: the median of the rounds' ratios. */
function latencyFigure(name: string, percentile: 'p50' | 'p99', measured: LoadSample[], reference: LoadSample[], target: number): Figure {
  const { value, ratios } = medianOfRoundRatios(measured, reference, (s) => s[percentile])
  const [a, b] = [mean(measured.map((s) => s[percentile])), mean(reference.map((s) => s[percentile]))]
  return {
    name,
    measure: `${percentile} ÷ ${reference[0]!.label} ${percentile}, median of the rounds' ratios`,
    value,
    unit: '×',
    comparison: '≤',
    target,
    detail: `${roundsText(ratios, '×')}; means ${a.toFixed(1)} vs ${b.toFixed(1)} ms`,
    loads: oneMinute([...measured, ...reference]),
    problem: problemOf([...measured, ...reference]),
  }
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() })
  await client.connect()
  try {
    return `PostgreSQL ${(await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v.split(' ')[0]}`
  } finally {
    await client.end()
  }
}

async function stopAll(processes: Array<ServerProcess | AnchorProcess | undefined>): Promise<void> {
  for (const p of processes) {
    if (!p) continue
    if ('kill' in p) {
      p.kill('SIGTERM')
      await p.exited
    } else {
      await p.stop()
    }
  }
}

/** The first day of a UTC date's month, and its last. */
function monthOf(day: string): { initDate: string; endDate: string } {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
  return { initDate: `${day.slice(0, 7)}-01`, endDate: last }
}

const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

/** Four-digit strings spread over 1000–9999: partial claim numbers (each in hundreds of numbers of a million). */
const FOUR_DIGITS = Array.from({ length: 90 }, (_, k) => String(1000 + k * 100 + ((k * 37) % 100)))

/**
 * PostgreSQL: one claim against the anchor; the lists, searches and statistics against one claim; the report against
 * psql; the uploads against the bare multipart anchor. Every round measures the references and the targets one after
 * the other, and a figure is the median of its rounds' ratios.
 */
async function runPostgres(args: LoadArgs, samples: LoadSample[]): Promise<{ figures: Figure[]; notes: string[] }> {
  const data = await preparePostgres(args.claims, args.fresh, log, args.database)
  const { fixtures } = data
  let server: ServerProcess | undefined
  let anchor: AnchorProcess | undefined
  try {
    server = await spawnServer(serverEnv(data), { timeoutMs: 600_000, built: !args.source })
    anchor = await startAnchor(data.databaseUrl!)
    const admin = portalHeaders(fixtures.admin)
    // The deepest page a list serves (the first COUNT_LIMIT rows; docs/decisions/paged-lists.md), or the middle of a
    // smaller table.
    const deepPage = Math.max(1, Math.min(COUNT_LIMIT / PAGE_SIZE, Math.floor(fixtures.totalClaims / PAGE_SIZE / 2)))
    const portal = (label: string, paths: string[], headers = admin, ids?: Target['ids']): Target => ({ label, origin: server!.url, paths, headers, ids, pid: server!.child.pid! })
    const anchorTarget: Target = { label: 'anchor', origin: anchor.origin, paths: ['/claim/{id}'], ids: fixtures.claimIds, headers: async () => ({}), pid: anchor.pid }
    const oneClaim = portal('one claim', ['/api/event/by-id/{id}'], admin, fixtures.claimIds)
    // The app steps to the next page by the last claim of the page it leaves (`after`, docs/decisions/paged-lists.md);
    // a page number typed or clicked far away is read by number.
    const previousPage = await fetch(`${server.url}/api/event/all?page=${deepPage - 1}`, { headers: await admin() })
    const lastOfPrevious = ((await previousPage.json()) as { response: { items: { idEvento: number }[] } }).response.items.at(-1)!.idEvento
    const executive = portalHeaders(fixtures.executive)
    const queue = await queueTargets(server.url, { executive, admin })
    const month = monthOf(daysBefore(fixtures.lastDate, 60))
    const statistics = (initDate: string, endDate: string) => [`/api/event/report/statistics?initDate=${initDate}&endDate=${endDate}`]
    const allLists: Array<{ name: string; group: LoadGroup; target: Target; p50: number; p99?: number }> = [
      { name: 'Claim-number search `q=C<id>`', group: 'search', target: portal('search C<id>', ['/api/event/all?q=C{id}'], admin, fixtures.claimIds), p50: 2, p99: 3 },
      { name: 'Partial claim number, 4 digits `q=<dddd>`', group: 'search', target: portal('search 4 digits', FOUR_DIGITS.map((d) => `/api/event/all?q=${d}`)), p50: 2, p99: 3 },
      { name: 'All claims, page 1', group: 'lists', target: portal('list page 1', ['/api/event/all?page=1']), p50: 2, p99: 3 },
      {
        name: `All claims, page ${deepPage} from page ${deepPage - 1} («Siguiente», by key)`,
        group: 'lists',
        target: portal(`list page ${deepPage} by key`, [`/api/event/all?page=${deepPage}&after=${lastOfPrevious}`]),
        p50: 2,
        p99: 3,
      },
      { name: `All claims, page ${deepPage} jumped to (by number)`, group: 'lists', target: portal(`list page ${deepPage}`, [`/api/event/all?page=${deepPage}`]), p50: 2, p99: 3 },
      {
        name: "An executive's own list, page 1",
        group: 'lists',
        target: portal('executive list', [`/api/event/executive/${DEMO_USER_IDS.executive}?page=1`], executive),
        p50: 2,
        p99: 3,
      },
      ...queue.targets.map((q) => ({ name: q.name, group: 'queue' as const, target: portal(q.label, [q.path], q.role === 'admin' ? admin : executive), p50: 2, p99: 3 })),
      {
        name: `Statistics, one week (${daysBefore(fixtures.lastDate, 6)} – ${fixtures.lastDate})`,
        group: 'statistics',
        target: portal('statistics week', statistics(daysBefore(fixtures.lastDate, 6), fixtures.lastDate)),
        p50: 20,
      },
      { name: `Statistics, one month (${month.initDate.slice(0, 7)})`, group: 'statistics', target: portal('statistics month', statistics(month.initDate, month.endDate)), p50: 20 },
      {
        name: `Statistics, whole range (${fixtures.firstDate} – ${fixtures.lastDate})`,
        group: 'statistics',
        target: portal('statistics whole range', statistics(fixtures.firstDate, fixtures.lastDate)),
        p50: 20,
      },
    ]
    const lists = allLists.filter((list) => measures(args, list.group))

    log(`Calentamiento (${WARM_UP_SECONDS} s cada uno, no cuenta)`)
    for (const target of [anchorTarget, oneClaim, ...lists.map((l) => l.target)]) {
      const warm = await measure(target, args.connections, WARM_UP_SECONDS)
      if (warm.failures > 0) throw new Error(`${target.label}: ${warm.failures} solicitudes fallidas en el calentamiento`)
    }
    for (let round = 1; round <= args.rounds; round++) {
      log(`Ronda ${round} de ${args.rounds}`)
      for (const target of [anchorTarget, oneClaim, ...lists.map((l) => l.target)]) await measure(target, args.connections, args.duration, samples, round)
    }
    const digest = !measures(args, 'digest') ? undefined : await measureDigest({ databaseUrl: data.databaseUrl!, origin: server.url, headers: admin, statisticsPath: statistics(month.initDate, month.endDate)[0]!, rounds: args.rounds, log, load: loadNow })

    const reportPath = `/api/event/report?initDate=${fixtures.firstDate}&endDate=${fixtures.lastDate}`
    const psqlMs: number[] = []
    const download: Array<{ ms: number; bytes: number; growth: number; load: number }> = []
    for (let round = 1; round <= (measures(args, 'report') ? args.rounds : 0); round++) {
      psqlMs.push(await timePsqlCopy(data.databaseUrl!, fixtures.firstDate, fixtures.lastDate))
      const { result, growthBytes } = await peakRssGrowth(server.child.pid!, async () => timeDownload(server!.url, reportPath, await admin()))
      download.push({ ...result, growth: growthBytes, load: loadNow()[0]! })
      log(
        `Reporte, ronda ${round}: psql \\copy ${psqlMs.at(-1)!.toFixed(0)} ms, descarga ${result.ms.toFixed(0)} ms ` +
          `(${(result.bytes / MIB).toFixed(1)} MiB), RSS +${(growthBytes / MIB).toFixed(1)} MiB; carga ${loadText()}`,
      )
    }

    // Uploads: the bare multipart anchor (the same files streamed to disk, nothing else) and the portal, alternately.
    const pdf = paddedPdf(UPLOAD_BYTES)
    const uploads: Array<{ ms: number; anchorMs: number; cpuMs: number; anchorCpuMs: number; growth: number; anchorGrowth: number; load: number }> = []
    const anchorUploaders = fixtures.uploaders.map((u) => ({ idEvento: u.idEvento, headers: {} }))
    if (measures(args, 'uploads')) await parallelUploads(anchor.origin, anchorUploaders, pdf, '/upload')
    for (let round = 1; round <= (measures(args, 'uploads') ? args.rounds : 0); round++) {
      const uploaders = await Promise.all(
        fixtures.uploaders.map(async (session) => ({
          idEvento: session.idEvento,
          headers: await portalHeaders(session)(),
        })),
      )
      const anchorCpu = cpuMsOf(anchor.pid)
      const bare = await peakRssGrowth(anchor.pid, () => parallelUploads(anchor!.origin, anchorUploaders, pdf, '/upload'))
      const anchorCpuMs = cpuMsOf(anchor.pid) - anchorCpu
      const serverCpu = cpuMsOf(server.child.pid!)
      const { result, growthBytes } = await peakRssGrowth(server.child.pid!, () => parallelUploads(server!.url, uploaders, pdf))
      const cpuMs = cpuMsOf(server.child.pid!) - serverCpu
      uploads.push({ ms: result, anchorMs: bare.result, cpuMs, anchorCpuMs, growth: growthBytes, anchorGrowth: bare.growthBytes, load: loadNow()[0]! })
      log(
        `Cargas, ronda ${round}: ${PARALLEL_UPLOADS} × ${UPLOAD_BYTES / 1e6} MB en ${result.toFixed(0)} ms (ancla ${bare.result.toFixed(0)} ms), ` +
          `CPU del servidor ${cpuMs} ms (ancla ${anchorCpuMs} ms), ` +
          `RSS +${(growthBytes / MIB).toFixed(1)} MiB (ancla +${(bare.growthBytes / MIB).toFixed(1)} MiB); carga ${loadText()}`,
      )
    }

    const one = of(samples, oneClaim.label)
    const figures: Figure[] = [throughputFigure(`One claim \`GET /api/event/by-id/{id}\`, ${args.connections} connections`, one, of(samples, 'anchor'), 0.65)]
    for (const list of lists) {
      const measured = of(samples, list.target.label)
      figures.push(latencyFigure(`${list.name}, p50`, 'p50', measured, one, list.p50))
      if (list.p99 !== undefined) figures.push(latencyFigure(`${list.name}, p99`, 'p99', measured, one, list.p99))
    }
    if (digest) figures.push(digest.figure)
    const uploadRatios = uploads.map((u) => u.ms / u.anchorMs)
    // Only when the report was measured (`--only` may leave it out): the mean of no rounds is no figure.
    const downloadMs = download.length > 0 ? mean(download.map((d) => d.ms)) : 0
    const copyMs = psqlMs.length > 0 ? mean(psqlMs) : 0
    if (download.length > 0) figures.push(
      {
        name: 'CSV report, whole range',
        measure: 'download time ÷ `psql \\copy` of the same SELECT',
        value: ratio(downloadMs, copyMs),
        unit: '×',
        comparison: '≤',
        target: 1.2,
        detail: `${downloadMs.toFixed(0)} vs ${copyMs.toFixed(0)} ms, ${(download[0]!.bytes / MIB).toFixed(1)} MiB`,
        loads: download.map((d) => d.load),
      },
      {
        name: 'CSV report, whole range',
        measure: 'server RSS growth (largest of the rounds)',
        value: Math.max(...download.map((d) => d.growth)) / MIB,
        unit: 'MiB',
        comparison: '≤',
        target: 50,
        detail: `VmRSS every 20 ms`,
        loads: download.map((d) => d.load),
      },
    )
    if (uploads.length > 0) figures.push(
      {
        name: `${PARALLEL_UPLOADS} parallel ${UPLOAD_BYTES / 1e6} MB PDF uploads`,
        measure: 'burst time ÷ the bare multipart anchor, median of the rounds\' ratios',
        value: median(uploadRatios),
        unit: '×',
        comparison: '≤',
        target: 1.2,
        detail:
          `rounds ${uploads.map((u) => `${u.ms.toFixed(0)} vs ${u.anchorMs.toFixed(0)} ms`).join(', ')}; ` +
          `server CPU ${uploads.map((u) => `${u.cpuMs} vs ${u.anchorCpuMs} ms`).join(', ')} ` +
          `(median ratio ${median(uploads.map((u) => u.cpuMs / u.anchorCpuMs)).toFixed(2)}×)`,
        loads: uploads.map((u) => u.load),
      },
      {
        name: `${PARALLEL_UPLOADS} parallel ${UPLOAD_BYTES / 1e6} MB PDF uploads`,
        measure: 'server RSS growth (largest of the rounds)',
        value: Math.max(...uploads.map((u) => u.growth)) / MIB,
        unit: 'MiB',
        comparison: '≤',
        target: 50,
        detail: `${PARALLEL_UPLOADS} collaborators, each to their own claim; the anchor grew ${uploads.map((u) => (u.anchorGrowth / MIB).toFixed(1)).join(', ')} MiB`,
        loads: uploads.map((u) => u.load),
      },
    )
    return {
      figures,
      notes: [
        `Database: ${await postgresVersion()}, ${fixtures.totalClaims.toLocaleString('en-US')} claims (demo seed + ${args.claims.toLocaleString('en-US')})`,
        `Anchor: bare Fastify route + pg Pool of 10, named query \`select * from claims where id_evento = $1\`, in its own process; ` +
          'its `POST /upload` streams each multipart file to disk (@fastify/multipart, nothing else)',
        `Deep page: ${deepPage}; one claim, its anchor and the claim-number search draw a claim number at random from the whole table ` +
          `(${fixtures.claimIds.from}–${fixtures.claimIds.to}) on every request; the 4-digit search among ${FOUR_DIGITS.length} strings`,
        ...(digest ? [digest.note] : []),
        queue.note,
      ],
    }
  } finally {
    await stopAll([anchor, server])
  }
}

/** PGlite against PostgreSQL with as many claims: one claim at 10 and at C connections. */
async function runPglite(args: LoadArgs, samples: LoadSample[]): Promise<{ figures: Figure[]; notes: string[] }> {
  const pgData = await preparePostgres(args.claims, args.fresh, log)
  const liteData = await preparePglite(args.claims, args.fresh, log)
  let pgServer: ServerProcess | undefined
  let liteServer: ServerProcess | undefined
  try {
    pgServer = await spawnServer(serverEnv(pgData), { timeoutMs: 180_000, built: !args.source })
    liteServer = await spawnServer(serverEnv(liteData), { timeoutMs: 180_000, built: !args.source })
    const oneClaim = (label: string, server: ServerProcess, data: BenchData): Target => ({
      label,
      origin: server.url,
      paths: ['/api/event/by-id/{id}'],
      ids: data.fixtures.claimIds,
      headers: portalHeaders(data.fixtures.admin),
      pid: server.child.pid!,
    })
    const onPostgres = oneClaim('one claim, PostgreSQL', pgServer, pgData)
    const onPglite = oneClaim('one claim, PGlite', liteServer, liteData)
    const connections = [...new Set([10, args.connections])]

    log(`Calentamiento (${WARM_UP_SECONDS} s cada uno, no cuenta)`)
    for (const target of [onPostgres, onPglite]) await measure(target, connections.at(-1)!, WARM_UP_SECONDS)
    for (const c of connections) {
      for (let round = 1; round <= args.rounds; round++) {
        log(`${c} conexiones, ronda ${round} de ${args.rounds}`)
        for (const target of [onPostgres, onPglite]) await measure(target, c, args.duration, samples, round)
      }
    }
    const figures: Figure[] = []
    for (const c of connections) {
      const lite = samples.filter((s) => s.label === onPglite.label && s.connections === c)
      const reference = samples.filter((s) => s.label === onPostgres.label && s.connections === c)
      figures.push(throughputFigure(`One claim on PGlite, ${c} connections`, lite, reference, 0.5))
      const p99 = mean(lite.map((s) => s.p99))
      figures.push({
        name: `One claim on PGlite, ${c} connections`,
        measure: 'p99',
        value: p99,
        unit: 'ms',
        comparison: '≤',
        target: 1000,
        detail: `rounds: ${lite.map((s) => s.p99).join(', ')} ms`,
        loads: oneMinute(lite),
        problem: problemOf(lite),
      })
    }
    return {
      figures,
      notes: [
        `Databases: PGlite (${path.relative(process.cwd(), liteData.dataDir)}) and ${await postgresVersion()}, each ${liteData.fixtures.totalClaims.toLocaleString('en-US')} claims`,
        'Both servers run all along; only one is under load at a time',
      ],
    }
  } finally {
    await stopAll([liteServer, pgServer])
  }
}

async function main(): Promise<number> {
  let args: LoadArgs
  try {
    args = parseLoadArgs(process.argv.slice(2))
  } catch (err) {
    console.error(`${(err as Error).message}\n${LOAD_USAGE}`)
    return 2
  }
  const loadStart = loadNow()
  log(`Carga al empezar (1/5/15 min): ${loadText()}`)
  const samples: LoadSample[] = []
  const run = args.db === 'postgres' ? await runPostgres(args, samples) : await runPglite(args, samples)
  const cpu = os.cpus()
  const markdown = renderLoadMarkdown({
    title: `${args.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${args.claims.toLocaleString('en-US')} benchmark claims`,
    date: new Date().toISOString(),
    command: `npm run bench:load -- --db ${args.db} --claims ${args.claims} --duration ${args.duration} --connections ${args.connections} --rounds ${args.rounds}${args.only ? ` --only ${args.only.join(',')}` : ''}`,
    notes: [
      `Machine: ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), Node ${process.version}`,
      ...run.notes,
      `Load: autocannon in its own process, ${args.duration} s per measurement after a ${WARM_UP_SECONDS} s warm-up, ` +
        `${args.rounds} rounds alternating the reference and the targets; each figure is the median of its rounds' ratios`,
      'Server: `server/main.ts` in its own process, RATE_LIMIT_PER_MINUTE raised to 10⁹ (the counters are still kept)',
      'First start on a fresh data folder against an existing one: `npm run bench:start`',
    ],
    loadStart,
    loadEnd: loadNow(),
    figures: run.figures,
    samples,
  })
  console.log(markdown)
  mkdirSync(BENCH_DIR, { recursive: true })
  const file = path.join(BENCH_DIR, `load-${args.db}-${args.claims}.md`)
  writeFileSync(file, markdown)
  log(`Escrito en ${path.relative(process.cwd(), file)}`)
  return 0
}

process.exitCode = await main()
