/**
 * Figures of `npm run bench:load`: a ratio (or a bound) with its target, PASS/FAIL and the load average while it was
 * measured, and the Markdown that prints them. Pure, so the smoke test runs it without timing anything.
 */

/** One autocannon run as the load worker reports it (times in ms). */
export interface LoadSample {
  label: string
  connections: number
  /** 2xx answers per second over the run. */
  rps: number
  p50: number
  p99: number
  /** Answers other than 2xx, plus socket errors and timeouts: any of them spoils the figure. */
  failures: number
  /** os.loadavg() right after the run (1, 5, 15 minutes). */
  load: number[]
  /** The round it was measured in (1, 2, …): a figure pairs each measurement with its reference of the same round. */
  round?: number
  /** CPU time per 2xx answer while it ran, in µs (processes.ts `cpuMeter`); absent for the warm-up. */
  cpuPerRequest?: CpuPerRequest
}

/**
 * Where a request's CPU went: the server under load (the portal or the anchor), every PostgreSQL process, and the
 * whole machine (the load generator and the kernel's network work are most of the rest). Steadier than req/s on a
 * shared machine, and it tells which process a change should make cheaper.
 */
export interface CpuPerRequest {
  server: number
  postgres: number
  machine: number
}

type Comparison = '≥' | '≤'

export interface Figure {
  name: string
  /** What the number is: "one claim ÷ anchor, requests/s". */
  measure: string
  value: number
  unit: '%' | '×' | 'MiB' | 'ms'
  comparison: Comparison
  target: number
  /** The raw numbers behind a ratio, for the reader to check it. */
  detail: string
  /** 1-minute load averages of the measurements behind it. */
  loads: number[]
  /** Why the figure cannot count as measured (failed requests…); forces FAIL. */
  problem?: string
}

export const mean = (values: readonly number[]) => {
  if (values.length === 0) throw new Error('no values')
  return values.reduce((a, b) => a + b, 0) / values.length
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The ratio of each round (`measured` and `reference` of the same round, by `value`) and their median: a load change
 * between rounds moves one round's measurement and its reference together, and one odd round does not decide.
 */
export function medianOfRoundRatios<T extends { round?: number }>(measured: readonly T[], reference: readonly T[], value: (t: T) => number) {
  const ratios = measured.map((m) => {
    const ref = reference.find((r) => r.round === m.round)
    if (!ref) throw new Error(`no reference in round ${m.round}`)
    return ratio(value(m), value(ref))
  })
  return { value: median(ratios), ratios }
}

export function ratio(measured: number, reference: number): number {
  if (!(reference > 0)) throw new Error(`reference must be positive, got ${reference}`)
  return measured / reference
}

export const passes = (figure: Pick<Figure, 'value' | 'comparison' | 'target' | 'problem'>): boolean =>
  figure.problem === undefined && (figure.comparison === '≥' ? figure.value >= figure.target : figure.value <= figure.target)

export function formatValue(value: number, unit: Figure['unit']): string {
  switch (unit) {
    case '%':
      return `${(value * 100).toFixed(0)} %`
    case '×':
      return `${value.toFixed(2)}×`
    case 'MiB':
      return `${value.toFixed(1)} MiB`
    case 'ms':
      return `${value.toFixed(0)} ms`
  }
}

const formatLoads = (loads: readonly number[]): string => {
  if (loads.length === 0) return ''
  const low = Math.min(...loads)
  const high = Math.max(...loads)
  return low === high ? low.toFixed(2) : `${low.toFixed(2)}–${high.toFixed(2)}`
}

/** Failed requests of the samples behind a figure, as the figure's problem. */
export function problemOf(samples: readonly LoadSample[]): string | undefined {
  const failures = samples.reduce((n, s) => n + s.failures, 0)
  return failures > 0 ? `${failures} requests failed (non-2xx, errors or timeouts)` : undefined
}

export const figureRow = (f: Figure): string =>
  `| ${f.name} | ${f.measure} | ${formatValue(f.value, f.unit)} | ${f.comparison} ${formatValue(f.target, f.unit)} | ` +
  `${passes(f) ? 'PASS' : 'FAIL'}${f.problem ? ` (${f.problem})` : ''} | ${f.detail} | ${formatLoads(f.loads)} |`

const FIGURE_HEADER = [
  '| Figure | Measure | Measured | Target | Verdict | Raw numbers | 1-min load |',
  '|---|---|---:|---:|---|---|---:|',
]

export const cpuText = (cpu: CpuPerRequest | undefined): string =>
  cpu ? `${cpu.server.toFixed(0)} / ${cpu.postgres.toFixed(0)} / ${cpu.machine.toFixed(0)}` : '–'

const sampleRow = (s: LoadSample): string =>
  `| ${s.label} | ${s.connections} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.failures} | ` +
  `${cpuText(s.cpuPerRequest)} | ${s.load.map((l) => l.toFixed(2)).join(' / ')} |`

const SAMPLE_HEADER = [
  '| Measurement (in run order) | Connections | 2xx/s | p50 ms | p99 ms | Failed | CPU µs per request (server / PostgreSQL / machine) | Load after (1/5/15) |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
]

export interface LoadRunReport {
  title: string
  date: string
  command: string
  /** Machine, Node, database versions; the method in a few lines. */
  notes: string[]
  loadStart: number[]
  loadEnd: number[]
  figures: Figure[]
  samples: LoadSample[]
}

const loadText = (l: readonly number[]) => l.map((x) => x.toFixed(2)).join(' / ')

export function renderLoadMarkdown(report: LoadRunReport): string {
  const passed = report.figures.filter(passes).length
  return [
    `## ${report.title}`,
    '',
    `- Command: \`${report.command}\`, ${report.date.slice(0, 16).replace('T', ' ')} UTC`,
    `- Load average (1/5/15 min): at the start ${loadText(report.loadStart)}, at the end ${loadText(report.loadEnd)}`,
    ...report.notes.map((n) => `- ${n}`),
    '',
    `${passed} of ${report.figures.length} figures meet their target.`,
    '',
    ...FIGURE_HEADER,
    ...report.figures.map(figureRow),
    '',
    ...SAMPLE_HEADER,
    ...report.samples.map(sampleRow),
    '',
  ].join('\n')
}
