/** bench:web figures as Markdown (the tables pasted into docs/benchmarks.md). */
import type { PageBytes, Sizes } from './bytes'
import type { LighthouseFigures } from './lighthouse'
import { slow4gReport, type SlowTimings } from './slow4g'

export interface WebFigures {
  label: string
  startedAt: string
  node: string
  load: { atStart: string; beforeBytes: string; beforeSlow4g?: string; beforeLighthouse: string; atEnd: string }
  minimal: PageBytes
  /** The chosen stack's own floor for a sign-in screen (see minimalApp.ts). */
  stackFloor: PageBytes
  pages: PageBytes[]
  /** Slow 4G timings: the minimal app, the stack floor, then the sign-in routes (empty when skipped). */
  slow4g?: SlowTimings[]
  lighthouse: LighthouseFigures[]
}

/** Targets of the issue: the sign-in route's JS at most 2× the minimal app (gzip), a role's first screen 2.5×. */
const TARGETS = { signIn: 2.0, roleScreen: 2.5, performance: 90, accessibility: 100 } as const

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const sizes = (s: Sizes) => `${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} | ${kb(s.transferred)}`
const ms = (value: number | null) => (value === null ? '–' : Math.round(value).toLocaleString('en-US'))

function targetFor(page: PageBytes): number {
  return page.path === '/' || page.path === '/login-colaborador' ? TARGETS.signIn : TARGETS.roleScreen
}

export function markdownReport(figures: WebFigures): string {
  const base = figures.minimal.js.gzip
  const lines: string[] = []
  lines.push(`- Run \`${figures.label}\`, ${figures.startedAt}, Node ${figures.node}, Chromium headless, 2 shared CPUs`)
  lines.push(
    `- Load average (1/5/15 min): at start ${figures.load.atStart}; before the byte counts ${figures.load.beforeBytes}; ` +
      `before slow 4G ${figures.load.beforeSlow4g ?? '–'}; before Lighthouse ${figures.load.beforeLighthouse}; at the end ${figures.load.atEnd}`,
  )
  lines.push('')
  lines.push('JS and CSS the browser downloads (KiB; raw = decoded body, gzip -9 and brotli q11 of that body, wire = bytes transferred):')
  lines.push('')
  lines.push('| Page | Path | JS raw | JS gzip | JS brotli | JS wire | CSS raw | CSS gzip | CSS brotli | CSS wire | JS files | JS gzip ÷ minimal | JS+CSS gzip ÷ minimal | Target |')
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|')
  const row = (page: PageBytes, target: string) => {
    const files = page.assets.filter((a) => a.kind === 'js').length
    const ratio = base ? (page.js.gzip / base).toFixed(2) : '–'
    // The minimal app has no CSS, so this ratio also charges our stylesheet against React alone.
    const withCss = base ? ((page.js.gzip + page.css.gzip) / (base + figures.minimal.css.gzip)).toFixed(2) : '–'
    return `| ${page.name} | \`${page.path}\` | ${sizes(page.js)} | ${sizes(page.css)} | ${files} | ${ratio}× | ${withCss}× | ${target} |`
  }
  lines.push(row(figures.minimal, 'yardstick'))
  lines.push(row(figures.stackFloor, 'floor of the stack'))
  for (const page of figures.pages) {
    const target = targetFor(page)
    const met = base > 0 && page.js.gzip / base <= target
    lines.push(row(page, `≤ ${target.toFixed(1)}× ${met ? 'met' : 'NOT met'}`))
  }
  const served = new Set(
    figures.pages.flatMap((p) => p.assets.filter((a) => a.url.includes('/assets/')).map((a) => `${a.encoding}; cache-control: ${a.cacheControl || '(none)'}`)),
  )
  lines.push('')
  lines.push(`Hashed assets were served as: ${[...served].map((s) => `\`${s}\``).join(', ') || '–'}`)

  const slow = slow4gReport(figures.slow4g ?? [])
  if (slow.length > 0) lines.push('', ...slow)

  if (figures.lighthouse.length > 0) {
    lines.push('')
    lines.push('Lighthouse 12 (one run per page and preset; mobile = default throttled phone, desktop = desktop preset):')
    lines.push('')
    lines.push('| Page | Path | Preset | Performance | Accessibility | Best practices | FCP ms | LCP ms | TBT ms | CLS | Benchmark index | Landed on |')
    lines.push('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
    for (const f of figures.lighthouse) {
      lines.push(
        `| ${f.name} | \`${f.path}\` | ${f.preset} | ${f.performance ?? '–'} | ${f.accessibility ?? '–'} | ${f.bestPractices ?? '–'} | ` +
          `${ms(f.fcpMs)} | ${ms(f.lcpMs)} | ${ms(f.tbtMs)} | ${f.cls === null ? '–' : f.cls.toFixed(3)} | ${f.benchmarkIndex ?? '–'} | \`${f.finalPath}\` |`,
      )
    }
    const failures = figures.lighthouse.filter((f) => f.failedAccessibility.length > 0)
    if (failures.length > 0) {
      lines.push('')
      lines.push('Failed accessibility audits:')
      for (const f of failures) lines.push(`- ${f.preset} \`${f.path}\`: ${f.failedAccessibility.join(', ')}`)
    }
  }
  return lines.join('\n')
}
