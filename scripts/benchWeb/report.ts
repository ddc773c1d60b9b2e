/** bench:web figures as Markdown (the tables pasted into docs/benchmarks.md). */
import type { PageBytes, Sizes } from './bytes'
import { lighthouseReport, type LighthouseFigures } from './lighthouse'
import { signInToScreenReport, type SignInTimings } from './signInToScreen'
import { slow4gReport, type SlowTimings } from './slow4g'

export interface WebFigures {
  label: string
  startedAt: string
  node: string
  load: { atStart: string; beforeBytes: string; beforeSlow4g?: string; beforeLighthouse: string; atEnd: string }
  /** Null when the byte counts were skipped (--no-bytes). */
  minimal: PageBytes | null
  /** The chosen stack's own floor for a sign-in screen (see minimalApp.ts). */
  stackFloor: PageBytes | null
  pages: PageBytes[]
  /** Slow 4G timings: the minimal app, the stack floor, then the sign-in routes (empty when skipped). */
  slow4g?: SlowTimings[]
  /** Pressing the sign-in button to the first screen usable, against its warm reload, per role (empty when skipped). */
  signInToScreen?: SignInTimings[]
  /** Mobile Lighthouse runs, the bare app's among them (name 'Minimal React app'). */
  lighthouse: LighthouseFigures[]
}

/**
 * Issue 24's byte targets, against the stack floor built in the same run (gzip and brotli alike): the sign-in's JS at
 * most 1.25× the floor, a role's first screen 1.5×.
 */
const TARGETS = { signIn: 1.25, roleScreen: 1.5 } as const

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const sizes = (s: Sizes) => `${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} | ${kb(s.transferred)}`

/** Older figure files (before the idle prefetch) have no `prefetched`. */
const prefetched = (page: PageBytes) => (page.prefetched?.files ? `${kb(page.prefetched.js.gzip)} (${page.prefetched.files})` : '–')

function targetFor(page: PageBytes): number {
  return page.path === '/' || page.path === '/login-colaborador' ? TARGETS.signIn : TARGETS.roleScreen
}

export function markdownReport(figures: WebFigures): string {
  const lines: string[] = []
  lines.push(`- Run \`${figures.label}\`, ${figures.startedAt}, Node ${figures.node}, Chromium headless, 2 shared CPUs`)
  lines.push(
    `- Load average (1/5/15 min): at start ${figures.load.atStart}; before the byte counts ${figures.load.beforeBytes}; ` +
      `before slow 4G ${figures.load.beforeSlow4g ?? '–'}; before Lighthouse ${figures.load.beforeLighthouse}; at the end ${figures.load.atEnd}`,
  )
  if (figures.minimal && figures.stackFloor) lines.push('', ...bytesReport(figures.minimal, figures.stackFloor, figures.pages))

  const slow = slow4gReport(figures.slow4g ?? [])
  if (slow.length > 0) lines.push('', ...slow)
  const signIn = signInToScreenReport(figures.signInToScreen ?? [])
  if (signIn.length > 0) lines.push('', ...signIn)
  const lighthouse = lighthouseReport(figures.lighthouse)
  if (lighthouse.length > 0) lines.push('', ...lighthouse)
  return lines.join('\n')
}

function bytesReport(minimal: PageBytes, stackFloor: PageBytes, pages: PageBytes[]): string[] {
  const base = minimal.js.gzip
  const floor = stackFloor.js
  const lines: string[] = []
  lines.push('JS and CSS the browser downloads (KiB; raw = decoded body, gzip -9 and brotli q11 of that body, wire = bytes transferred):')
  lines.push(
    "A signed-in screen counts what it asked for before the app began prefetching the role's other screens on idle; " +
      'the last column is what that prefetch fetched afterwards (JS gzip KiB, files).',
  )
  lines.push('')
  lines.push(
    '| Page | Path | JS raw | JS gzip | JS brotli | JS wire | CSS raw | CSS gzip | CSS brotli | CSS wire | JS files | JS gzip ÷ minimal | JS gzip ÷ floor | JS brotli ÷ floor | Target (÷ floor, gzip and brotli) | Prefetched on idle |',
  )
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|')
  const row = (page: PageBytes, target: string) => {
    const files = page.assets.filter((a) => a.kind === 'js').length
    const ratio = (value: number, of: number) => (of ? `${(value / of).toFixed(2)}×` : '–')
    return (
      `| ${page.name} | \`${page.path}\` | ${sizes(page.js)} | ${sizes(page.css)} | ${files} | ${ratio(page.js.gzip, base)} | ` +
      `${ratio(page.js.gzip, floor.gzip)} | ${ratio(page.js.brotli, floor.brotli)} | ${target} | ${prefetched(page)} |`
    )
  }
  lines.push(row(minimal, 'yardstick'))
  lines.push(row(stackFloor, 'floor of the stack'))
  for (const page of pages) {
    const target = targetFor(page)
    const met = floor.gzip > 0 && page.js.gzip / floor.gzip <= target && page.js.brotli / floor.brotli <= target
    lines.push(row(page, `≤ ${target.toFixed(2)}× ${met ? 'met' : 'NOT met'}`))
  }
  const served = new Set(
    pages.flatMap((p) => p.assets.filter((a) => a.url.includes('/assets/')).map((a) => `${a.encoding}; cache-control: ${a.cacheControl || '(none)'}`)),
  )
  lines.push('')
  lines.push(`Hashed assets were served as: ${[...served].map((s) => `\`${s}\``).join(', ') || '–'}`)
  return lines
}
