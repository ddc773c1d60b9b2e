/**
 * `npm run bench -- [--claims 100000] [--db pglite|postgres] [--runs 30] [--keep]`: API latency on a large database.
 *
 * Creates a fresh database (PGlite in a temp folder, or a new PostgreSQL database next to TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), loads the demo seed plus N claims with the seed:large function, runs
 * ANALYZE, builds the app and times each route through app.inject with signed access tokens: one warm-up request,
 * then `runs` measured ones. The CSV report is also downloaded once over a real socket while the process RSS is
 * sampled, to show that it streams. Prints a Markdown summary and writes it to .tmp/bench/<db>-<claims>.md.
 *
 * --keep leaves the database (and the PGlite folder) in place for EXPLAIN ANALYZE; its location is printed.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { COUNT_LIMIT, PAGE_SIZE } from '../domain/paging'
import { buildApp } from '../server/app'
import { signAccessToken } from '../server/auth/tokens'
import type { Session } from '../server/auth/roles'
import { loadConfig } from '../server/config'
import { openDb, type DbHandle } from '../server/db/client'
import { claims, collaborators, coverages, users } from '../server/db/schema'
import { DEMO_USER_IDS, seedDemoData } from '../server/seed'
import { seedLargeClaims } from '../server/seed/large'
import { createLocalFileStore } from '../server/storage/localFileStore'
import { createTestDatabase } from '../tests/server/helpers/testDatabase'

export type BenchDb = 'pglite' | 'postgres'

export interface BenchArgs {
  claims: number
  db: BenchDb
  runs: number
  keep: boolean
}

export interface BenchOptions extends BenchArgs {
  /** PostgreSQL server to create the throw-away database on. */
  adminUrl?: string
  log?: (line: string) => void
}

export interface Stats {
  p50: number
  p95: number
  max: number
  mean: number
}

export interface RouteTiming extends Stats {
  group: 'list' | 'detail' | 'write'
  /** Stable key (tests look routes up by it). */
  id: string
  /** The request as the table shows it, with one of the ids used. */
  example: string
  role: RoleKey
  samples: number[]
  /** `total` of the last list answer, when the route is a list. */
  total?: number
}

export interface ReportDownload {
  via: 'inject' | 'socket'
  ms: number
  bytes: number
  rows: number
  /** Largest RSS minus RSS right before the request (socket download only). */
  peakRssGrowthBytes?: number
}

export interface BenchReport {
  date: string
  command: string
  db: BenchDb
  dbVersion: string
  claims: number
  totalClaims: number
  runs: number
  node: string
  cpus: number
  loadBefore: number[]
  loadAfter: number[]
  seed: { demoMs: number; largeMs: number; claimsPerSecond: number; analyzeMs: number }
  routes: RouteTiming[]
  report: {
    initDate: string
    endDate: string
    expectedRows: number
    downloads: ReportDownload[]
    rssBeforeBytes: number
    /**
     * Peak growth of live memory (heap + array buffers, after a forced full GC every PROBE_INTERVAL_MS) during one
     * more download over the socket and one through inject, which holds the whole answer by design: the contrast
     * shows whether the server streams, where RSS alone also counts garbage not yet collected.
     */
    liveGrowth: { socketBytes: number; injectBytes: number }
  }
  keptAt?: string
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test'
const CLIENT_TOKEN = 'bench-client-token'
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256'
/** The report is large: it is timed a few times through inject, not `runs` times. */
const REPORT_INJECT_RUNS = 3
const PROBE_INTERVAL_MS = 100

type RoleKey = 'admin' | 'executive' | 'provider'

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const value = (name: string): string | undefined => {
    const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
    if (i < 0) return undefined
    return argv[i]!.includes('=') ? argv[i]!.slice(argv[i]!.indexOf('=') + 1) : argv[i + 1]
  }
  const positive = (name: string, fallback: number) => {
    const raw = value(name)
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} debe ser un entero mayor que 0`)
    return n
  }
  const db = value('db') ?? 'pglite'
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db debe ser pglite o postgres')
  return { claims: positive('claims', 100_000), db, runs: positive('runs', 30), keep: argv.includes('--keep') }
}

/** Nearest-rank percentiles. */
export function summarize(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
  return { p50: rank(0.5), p95: rank(0.95), max: sorted[sorted.length - 1]!, mean: sorted.reduce((a, b) => a + b, 0) / sorted.length }
}

/** `count` values spread evenly over [from, to] (integers, ascending). */
const spread = (from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, k) => from + Math.floor(((k + 0.5) * (to - from + 1)) / count))

const countNewlines = (buffer: Buffer) => {
  let n = 0
  for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) n++
  return n
}

interface OpenedDatabase {
  handle: DbHandle
  dataDir: string
  where: string
  cleanup: () => Promise<void>
}

async function openBenchDatabase(opts: BenchOptions): Promise<OpenedDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
  if (opts.db === 'pglite') {
    const pgDir = path.join(dataDir, 'pg')
    const handle = await openDb({ dataDir: pgDir })
    return {
      handle,
      dataDir,
      where: pgDir,
      cleanup: async () => {
        await handle.close()
        if (!opts.keep) rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const created = await createTestDatabase(opts.adminUrl ?? DEFAULT_ADMIN_URL, `bench_${randomBytes(5).toString('hex')}`)
  const handle = await openDb({ databaseUrl: created.url })
  return {
    handle,
    dataDir,
    where: created.url,
    cleanup: async () => {
      await handle.close()
      if (!opts.keep) await created.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

interface Plan {
  group: RouteTiming['group']
  id: string
  role: RoleKey
  /** Request number 0 is the warm-up; 1..runs are measured. */
  request: (i: number) => { method: 'GET' | 'POST'; url: string; payload?: object }
}

export async function runBenchmark(opts: BenchOptions): Promise<BenchReport> {
  const log = opts.log ?? (() => {})
  // Each measured write needs its own benchmark collaborator.
  if (opts.claims < opts.runs + 1) throw new Error('--claims debe ser mayor que --runs')
  const loadBefore = os.loadavg()
  const opened = await openBenchDatabase(opts)
  const { handle } = opened
  const db = handle.db
  let app: FastifyInstance | undefined
  try {
    log(`Base de datos: ${opts.db} (${opened.where})`)
    const demo = await seedDemoData(db, createLocalFileStore(opened.dataDir), { emailDomain: 'coppel.com' })
    if (!demo.seeded) throw new Error('la base de datos nueva ya tenía datos')
    log(`Datos de demostración: ${demo.ms} ms`)
    const large = await seedLargeClaims(db, opts.claims, {
      onProgress: (done) => log(`  ${done.toLocaleString('es-MX')} / ${opts.claims.toLocaleString('es-MX')} trámites`),
    })
    log(`seedLargeClaims: ${large.ms} ms`)
    const analyzeStarted = performance.now()
    await db.execute(sql`ANALYZE`)
    const analyzeMs = Math.round(performance.now() - analyzeStarted)

    const config = loadConfig(
      { NODE_ENV: 'test' },
      // Signed-in calls are limited per user (RATE_LIMIT_PER_MINUTE): the bench times routes, not the limit.
      { dataDir: opened.dataDir, clientToken: CLIENT_TOKEN, jwtSecret: JWT_SECRET, staticDir: undefined, logger: false, rateLimitPerMinute: 1_000_000 },
    )
    app = await buildApp({ config, db: handle, closeDbWithApp: false })
    await app.ready()

    const ids = { admin: DEMO_USER_IDS.admin, executive: DEMO_USER_IDS.executive, provider: DEMO_USER_IDS.provider }
    const people = await db.select().from(users).where(inArray(users.idUser, Object.values(ids)))
    const tokens = {} as Record<RoleKey, string>
    for (const role of Object.keys(ids) as RoleKey[]) {
      const user = people.find((u) => u.idUser === ids[role])
      if (!user) throw new Error(`falta el usuario de demostración ${role}`)
      const session: Session = { kind: 'user', idUser: user.idUser, rol: user.rol as 0 | 1 | 3, tokenVersion: user.tokenVersion }
      tokens[role] = await signAccessToken(app.tokenKeys, session)
    }
    const headers = (role: RoleKey) => ({ authtoken: CLIENT_TOKEN, authorization: `Bearer ${tokens[role]}` })

    const n = opts.runs + 1
    const [range] = await db
      .select({ min: sql<number>`min(${claims.idEvento})`.mapWith(Number), max: sql<number>`max(${claims.idEvento})`.mapWith(Number), total: sql<number>`count(*)`.mapWith(Number) })
      .from(claims)
    const claimIds = spread(range!.min, range!.max, n)
    const lastCollaborator = large.firstCollaborator + opts.claims - 1
    const collaboratorIds = spread(large.firstCollaborator, lastCollaborator, n)
    // Lists answer only their first COUNT_LIMIT results (domain/paging.ts): spread over the pages they serve.
    const pages = spread(1, Math.min(Math.ceil(range!.total / PAGE_SIZE), COUNT_LIMIT / PAGE_SIZE), n)
    const executives = await db.select({ nombre: users.nombre }).from(users).where(eq(users.rol, 0)).orderBy(asc(users.idUser))
    const executiveQueries = Array.from({ length: n }, (_, i) => executives[i % executives.length]!.nombre.slice(0, 3))

    // Writes need coverages whose claims are all final: give `n` benchmark collaborators a new one each.
    const writers = await db
      .select()
      .from(collaborators)
      .where(inArray(collaborators.idColaborador, spread(large.firstCollaborator, lastCollaborator, n)))
      .orderBy(asc(collaborators.idColaborador))
    const fresh = await db
      .insert(coverages)
      .values(writers.map((c) => ({ idColaborador: c.idColaborador, descripcion: 'Cobertura de prueba de rendimiento', monto: 100_000, showCtaBtn: 1 })))
      .returning({ idCobertura: coverages.idCobertura, idColaborador: coverages.idColaborador })
    const newClaim = (i: number) => {
      const c = writers[i % writers.length]!
      return {
        idColaborador: c.idColaborador,
        idCobertura: fresh.find((f) => f.idColaborador === c.idColaborador)!.idCobertura,
        beneficiary: `${c.nombre} ${c.apePat} ${c.apeMat}`.trim(),
        email: c.email,
        phone: c.telefono,
        age: c.edad ?? 30,
        gender: c.genero ?? 1,
        state: c.estadoId!,
        city: c.municipioId!,
        montoAutorizado: 1_000,
      }
    }

    // The statistics cover the benchmark claims' whole range (the report's range is read again after the writes).
    const statsDates = await claimDateRange(db)
    const get = (url: string) => ({ method: 'GET' as const, url })
    const plans: Plan[] = [
      { group: 'list', id: 'all-page-1', role: 'admin', request: () => get('/api/event/all?page=1') },
      { group: 'list', id: 'all-page-spread', role: 'admin', request: (i) => get(`/api/event/all?page=${pages[i]}`) },
      { group: 'list', id: 'executive', role: 'executive', request: () => get(`/api/event/executive/${ids.executive}?page=1`) },
      { group: 'list', id: 'search-c', role: 'admin', request: (i) => get(`/api/event/all?q=C${claimIds[i]}`) },
      { group: 'list', id: 'search-number', role: 'admin', request: (i) => get(`/api/event/all?q=${claimIds[i]}`) },
      { group: 'list', id: 'provider', role: 'provider', request: () => get(`/api/event/provider/${ids.provider}?page=1`) },
      { group: 'list', id: 'invoices', role: 'admin', request: () => get('/api/event/invoices/all?page=1') },
      { group: 'list', id: 'executives', role: 'admin', request: (i) => get(`/api/user/executives?q=${encodeURIComponent(executiveQueries[i]!)}`) },
      { group: 'detail', id: 'by-id', role: 'admin', request: (i) => get(`/api/event/by-id/${claimIds[i]}`) },
      { group: 'detail', id: 'get-status', role: 'admin', request: (i) => get(`/api/event/get-status/${claimIds[i]}`) },
      { group: 'detail', id: 'file-info', role: 'admin', request: (i) => get(`/api/file/get-info-by-event/${claimIds[i]}`) },
      { group: 'detail', id: 'procedures', role: 'admin', request: (i) => get(`/api/event/get-procedures?idColaborador=${collaboratorIds[i]}`) },
      {
        group: 'list',
        id: 'report-statistics',
        role: 'admin',
        request: () => get(`/api/event/report/statistics?initDate=${statsDates.first}&endDate=${statsDates.last}`),
      },
      {
        group: 'list',
        id: 'report-statistics-executive',
        role: 'executive',
        request: () => get(`/api/event/report/statistics?initDate=${statsDates.first}&endDate=${statsDates.last}`),
      },
      { group: 'write', id: 'create-claim', role: 'executive', request: (i) => ({ method: 'POST', url: '/api/event', payload: newClaim(i) }) },
    ]

    // The app allows 1000 requests a minute per address: each request comes from its own loopback address.
    let address = 0
    const inject = async (options: InjectOptions) => {
      address++
      return app!.inject({ ...options, remoteAddress: `127.${(address >> 16) & 255}.${(address >> 8) & 255}.${(address & 255) || 1}` })
    }

    const routes: RouteTiming[] = []
    for (const plan of plans) {
      const samples: number[] = []
      let total: number | undefined
      let example = ''
      for (let i = 0; i < n; i++) {
        const { method, url, payload } = plan.request(i)
        const started = performance.now()
        const response = await inject({ method, url, payload, headers: headers(plan.role) })
        const ms = performance.now() - started
        const body = response.json() as { success?: boolean; response?: { total?: unknown; totalClaims?: unknown } | null }
        if (response.statusCode !== 200 || body.success !== true) {
          throw new Error(`${method} ${url} respondió ${response.statusCode}: ${response.body.slice(0, 300)}`)
        }
        if (i === 0) continue
        samples.push(ms)
        if (body.response && typeof body.response.total === 'number') total = body.response.total
        if (body.response && typeof body.response.totalClaims === 'number') total = body.response.totalClaims
        if (i === 1) example = `${method} ${url}`
      }
      routes.push({ group: plan.group, id: plan.id, role: plan.role, example, samples, total, ...summarize(samples) })
      log(`${plan.id}: p50 ${summarize(samples).p50.toFixed(1)} ms`)
    }

    const dates = await claimDateRange(db)
    const [{ rows: expectedRows } = { rows: 0 }] = await db
      .select({ rows: sql<number>`count(*)`.mapWith(Number) })
      .from(claims)
    const reportUrl = `/api/event/report?initDate=${dates.first}&endDate=${dates.last}`

    // Socket first, while the heap has not yet held a whole report from inject.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const rssBeforeBytes = process.memoryUsage.rss()
    const downloads: ReportDownload[] = [await downloadOverSocket(port, reportUrl, headers('admin'))]
    for (let i = 0; i < Math.min(REPORT_INJECT_RUNS, opts.runs); i++) {
      const started = performance.now()
      const response = await inject({ method: 'GET', url: reportUrl, headers: headers('admin') })
      const ms = performance.now() - started
      if (response.statusCode !== 200) throw new Error(`report respondió ${response.statusCode}`)
      downloads.push({ via: 'inject', ms, bytes: response.rawPayload.length, rows: countNewlines(response.rawPayload) - 1 })
    }
    log(`report: ${downloads.map((d) => `${d.via} ${Math.round(d.ms)} ms`).join(', ')}`)
    const liveGrowth = {
      socketBytes: await peakLiveGrowth(() => downloadOverSocket(port, reportUrl, headers('admin'))),
      injectBytes: await peakLiveGrowth(() => inject({ method: 'GET', url: reportUrl, headers: headers('admin') })),
    }

    return {
      date: new Date().toISOString(),
      command: `npm run bench -- --claims ${opts.claims} --db ${opts.db} --runs ${opts.runs}`,
      db: opts.db,
      dbVersion: await databaseVersion(handle),
      claims: opts.claims,
      totalClaims: range!.total,
      runs: opts.runs,
      node: process.version,
      cpus: os.cpus().length,
      loadBefore,
      loadAfter: os.loadavg(),
      seed: { demoMs: demo.ms, largeMs: large.ms, claimsPerSecond: Math.round(opts.claims / (large.ms / 1000)), analyzeMs },
      routes,
      report: { initDate: dates.first, endDate: dates.last, expectedRows, downloads, rssBeforeBytes, liveGrowth },
      keptAt: opts.keep ? opened.where : undefined,
    }
  } finally {
    await app?.close()
    await opened.cleanup()
  }
}

/** The first and last UTC day with claims. */
async function claimDateRange(db: DbHandle['db']): Promise<{ first: string; last: string }> {
  const [dates] = await db
    .select({
      first: sql<string>`to_char(min(${claims.fechaIngreso}) at time zone 'UTC', 'YYYY-MM-DD')`,
      last: sql<string>`to_char(max(${claims.fechaIngreso}) at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(claims)
  return dates!
}

async function databaseVersion(handle: DbHandle): Promise<string> {
  const result = (await handle.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] }
  const version = result.rows[0]?.server_version ?? '?'
  if (handle.kind === 'pglite') return `PGlite (PostgreSQL ${version})`
  // Settings that change the plans and times of the heavier queries.
  const settings = (await handle.db.execute(
    sql`select name, setting, unit from pg_settings where name in ('jit', 'work_mem', 'shared_buffers') order by name`,
  )) as unknown as { rows: { name: string; setting: string; unit: string | null }[] }
  const shown = settings.rows.map((r) => `${r.name} ${r.unit === '8kB' ? `${(Number(r.setting) * 8) / 1024}MB` : `${r.setting}${r.unit ?? ''}`}`)
  return `PostgreSQL ${version.split(' ')[0]} (${shown.join(', ')})`
}

let forcedGc: (() => void) | undefined
/** global.gc without restarting node with --expose-gc. */
function fullGc(): void {
  if (!forcedGc) {
    v8.setFlagsFromString('--expose-gc')
    forcedGc = vm.runInNewContext('gc') as () => void
  }
  forcedGc()
}

const liveBytes = () => {
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/** Highest live memory above the starting point while `work` runs, sampled after a full GC (and once more at its end, while its result is still held). */
async function peakLiveGrowth(work: () => Promise<unknown>): Promise<number> {
  fullGc()
  const before = liveBytes()
  let peak = before
  const sample = () => {
    fullGc()
    peak = Math.max(peak, liveBytes())
  }
  const timer = setInterval(sample, PROBE_INTERVAL_MS)
  try {
    const result = await work()
    sample()
    if (result === undefined) throw new Error('no result')
  } finally {
    clearInterval(timer)
  }
  return peak - before
}

/** Reads the report over a real connection, keeping only counts, and records the highest RSS seen meanwhile. */
function downloadOverSocket(port: number, url: string, headers: Record<string, string>): Promise<ReportDownload> {
  return new Promise((resolve, reject) => {
    const before = process.memoryUsage.rss()
    let peak = before
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss())
    }
    const timer = setInterval(sample, 5)
    const started = performance.now()
    const request = http.get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        clearInterval(timer)
        response.resume()
        reject(new Error(`report respondió ${response.statusCode}`))
        return
      }
      let bytes = 0
      let newlines = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        newlines += countNewlines(chunk)
        sample()
      })
      response.on('end', () => {
        clearInterval(timer)
        sample()
        resolve({ via: 'socket', ms: performance.now() - started, bytes, rows: newlines - 1, peakRssGrowthBytes: peak - before })
      })
      response.on('error', (err) => {
        clearInterval(timer)
        reject(err)
      })
    })
    request.on('error', (err) => {
      clearInterval(timer)
      reject(err)
    })
  })
}

const ROUTE_TITLES: Record<string, string> = {
  'all-page-1': 'All claims, page 1',
  'all-page-spread': 'All claims, pages spread over the pages a list serves (first 10,000 results)',
  executive: "An executive's own claims",
  'search-c': 'Search by claim number, with C',
  'search-number': 'Search by claim number, without C',
  provider: "A provider's claims",
  invoices: 'All invoices',
  executives: 'Executives by name (q)',
  'by-id': 'One claim',
  'get-status': 'Status history',
  'file-info': 'Documents of a claim',
  procedures: 'Procedures of a collaborator',
  'report-statistics': 'Report statistics (stages, days per stage, weeks), whole range',
  'report-statistics-executive': "Report statistics, an executive's own claims, whole range",
  'create-claim': 'Create a claim (fresh coverage)',
}

const ms1 = (n: number) => n.toFixed(1)
const thousands = (n: number) => Math.round(n).toLocaleString('en-US')
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ')

export function renderMarkdown(report: BenchReport): string {
  const lines = [
    `## ${report.dbVersion}, ${thousands(report.claims)} benchmark claims`,
    '',
    `- Command: \`${report.command}\`, ${report.date.slice(0, 16).replace('T', ' ')} UTC`,
    `- Machine: ${report.cpus} CPUs, Node ${report.node}; load average (1/5/15 min) before ${loads(report.loadBefore)}, after ${loads(report.loadAfter)}`,
    `- Data: ${thousands(report.totalClaims)} claims in all before the writes (demo seed + benchmark claims)`,
    `- Seed: demo data ${thousands(report.seed.demoMs)} ms; seedLargeClaims ${thousands(report.seed.largeMs)} ms ` +
      `(${thousands(report.seed.claimsPerSecond)} claims/s); ANALYZE ${thousands(report.seed.analyzeMs)} ms`,
    `- Each route: 1 warm-up request, then ${report.runs} measured requests through app.inject (no network), signed tokens; times in ms`,
    '',
    '| Group | Route | Example request | Role | p50 | p95 | max | total |',
    '|---|---|---|---|---:|---:|---:|---:|',
    ...report.routes.map(
      (r) =>
        `| ${r.group} | ${ROUTE_TITLES[r.id] ?? r.id} | \`${r.example}\` | ${r.role} | ${ms1(r.p50)} | ${ms1(r.p95)} | ${ms1(r.max)} | ${r.total === undefined ? '' : thousands(r.total)} |`,
    ),
    '',
    `CSV report \`GET /api/event/report?initDate=${report.report.initDate}&endDate=${report.report.endDate}\` ` +
      `(${thousands(report.report.expectedRows)} claims in range; RSS before the download ${mib(report.report.rssBeforeBytes)}):`,
    '',
    '| Via | Time ms | Rows | Bytes | Rows/s | MiB/s | Peak RSS growth |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.report.downloads.map(
      (d) =>
        `| ${d.via} | ${thousands(d.ms)} | ${thousands(d.rows)} | ${thousands(d.bytes)} | ${thousands(d.rows / (d.ms / 1000))} | ` +
        `${(d.bytes / 1024 / 1024 / (d.ms / 1000)).toFixed(1)} | ${d.peakRssGrowthBytes === undefined ? '(buffered by inject)' : mib(d.peakRssGrowthBytes)} |`,
    ),
    '',
    `Live memory (heap + buffers after a forced full GC every ${PROBE_INTERVAL_MS} ms) grew at most ` +
      `${mib(report.report.liveGrowth.socketBytes)} during a socket download, against ${mib(report.report.liveGrowth.injectBytes)} ` +
      `through inject, which holds the whole ${mib(report.report.downloads[0]!.bytes)} answer.`,
    '',
  ]
  return lines.join('\n')
}

async function main(): Promise<number> {
  let args: BenchArgs
  try {
    args = parseBenchArgs(process.argv.slice(2))
  } catch (err) {
    console.error(`${(err as Error).message}\nUso: npm run bench -- [--claims 100000] [--db pglite|postgres] [--runs 30] [--keep]`)
    return 2
  }
  const report = await runBenchmark({
    ...args,
    adminUrl: process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL,
    log: (line) => console.error(line),
  })
  const markdown = renderMarkdown(report)
  console.log(markdown)
  const dir = path.resolve('.tmp/bench')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${args.db}-${args.claims}.md`)
  writeFileSync(file, markdown)
  console.error(`Escrito en ${path.relative(process.cwd(), file)}`)
  if (report.keptAt) console.error(`Base de datos conservada: ${report.keptAt}`)
  return 0
}

if (process.argv[1] && /bench\.ts$/.test(process.argv[1])) process.exitCode = await main()
