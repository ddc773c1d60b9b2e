/** The benchmark's core on a tiny database: every route is measured and the numbers hang together (no timing limits). */
import { beforeAll, describe, expect, it } from 'vitest'
import { parseBenchArgs, renderMarkdown, runBenchmark, summarize, type BenchReport } from '../../scripts/bench'

const ROUTE_IDS = [
  'all-page-1',
  'all-page-spread',
  'executive',
  'search-c',
  'search-number',
  'provider',
  'invoices',
  'executives',
  'by-id',
  'get-status',
  'file-info',
  'procedures',
  'report-statistics',
  'report-statistics-executive',
  'create-claim',
]

describe('parseBenchArgs', () => {
  it('defaults to 100 000 claims on PGlite, 30 runs', () => {
    expect(parseBenchArgs([])).toEqual({ claims: 100_000, db: 'pglite', runs: 30, keep: false })
  })

  it('reads both --name value and --name=value', () => {
    expect(parseBenchArgs(['--claims', '500', '--db=postgres', '--runs=5', '--keep'])).toEqual({ claims: 500, db: 'postgres', runs: 5, keep: true })
  })

  it('refuses what it cannot use', () => {
    expect(() => parseBenchArgs(['--claims', '0'])).toThrow(/--claims/)
    expect(() => parseBenchArgs(['--runs', '2.5'])).toThrow(/--runs/)
    expect(() => parseBenchArgs(['--db', 'mysql'])).toThrow(/--db/)
  })
})

describe('summarize', () => {
  it('gives nearest-rank percentiles', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 20 - i)
    expect(summarize(samples)).toEqual({ p50: 10, p95: 19, max: 20, mean: 10.5 })
    expect(summarize([7])).toEqual({ p50: 7, p95: 7, max: 7, mean: 7 })
  })
})

describe('runBenchmark on PGlite with 50 claims, 2 runs', () => {
  let report: BenchReport
  const runs = 2

  beforeAll(async () => {
    report = await runBenchmark({ claims: 50, db: 'pglite', runs, keep: false })
  }, 240_000)

  it('measures every route the given number of times', () => {
    expect(report.routes.map((r) => r.id)).toEqual(ROUTE_IDS)
    for (const route of report.routes) {
      expect(route.samples).toHaveLength(runs)
      for (const ms of route.samples) expect(ms).toBeGreaterThan(0)
      expect(route.p50).toBeLessThanOrEqual(route.p95)
      expect(route.p95).toBeLessThanOrEqual(route.max)
      expect(route.max).toBe(Math.max(...route.samples))
    }
  })

  it('lists answer totals that match the seeded data', () => {
    const total = (id: string) => report.routes.find((r) => r.id === id)!.total
    expect(report.totalClaims).toBe(report.claims + 300)
    expect(total('all-page-1')).toBe(report.totalClaims)
    expect(total('executive')).toBeGreaterThan(0)
    expect(total('executive')).toBeLessThan(report.totalClaims)
    // The same claim number with and without the C finds the same claims, at least the one it names.
    expect(total('search-c')).toBeGreaterThanOrEqual(1)
    expect(total('search-c')).toBe(total('search-number'))
    expect(total('executives')).toBeGreaterThanOrEqual(1)
    expect(total('by-id')).toBeUndefined()
  })

  it('downloads the whole report over a socket and through inject, with every claim including the new ones', () => {
    // One warm-up and `runs` measured writes each created a claim.
    expect(report.report.expectedRows).toBe(report.totalClaims + runs + 1)
    const [socket, ...injected] = report.report.downloads
    expect(socket!.via).toBe('socket')
    expect(socket!.peakRssGrowthBytes).toBeGreaterThanOrEqual(0)
    expect(injected.map((d) => d.via)).toEqual(['inject', 'inject'])
    for (const download of report.report.downloads) {
      expect(download.rows).toBe(report.report.expectedRows)
      expect(download.bytes).toBe(socket!.bytes)
      expect(download.ms).toBeGreaterThan(0)
    }
    expect(report.report.initDate <= report.report.endDate).toBe(true)
  })

  it('measures live memory growth for the socket and inject downloads', () => {
    const { socketBytes, injectBytes } = report.report.liveGrowth
    // Live-memory figures depend on when the collector runs; the test checks they are measured, the benchmark
    // (docs/benchmarks.md) compares them at a size where the difference is meaningful.
    expect(Number.isFinite(injectBytes)).toBe(true)
    expect(Number.isFinite(socketBytes)).toBe(true)
  })

  it('records the seed and the machine', () => {
    expect(report.seed.demoMs).toBeGreaterThan(0)
    expect(report.seed.largeMs).toBeGreaterThan(0)
    expect(report.dbVersion).toMatch(/^PGlite \(PostgreSQL \d+/)
    expect(report.loadBefore).toHaveLength(3)
    expect(report.keptAt).toBeUndefined()
  })

  it('renders a Markdown table with a row per route and per download', () => {
    const markdown = renderMarkdown(report)
    for (const route of report.routes) expect(markdown).toContain(`\`${route.example}\``)
    expect(markdown).toContain('`npm run bench -- --claims 50 --db pglite --runs 2`')
    const tableRows = markdown.split('\n').filter((line) => /^\| (list|detail|write) \|/.test(line))
    expect(tableRows).toHaveLength(ROUTE_IDS.length)
    expect(markdown.split('\n').filter((line) => /^\| (socket|inject) \|/.test(line))).toHaveLength(3)
    expect(markdown).toMatch(/Live memory .* grew at most [\d.]+ MiB during a socket download/)
  })
})
