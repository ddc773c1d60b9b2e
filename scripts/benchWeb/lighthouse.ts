/**
 * One Lighthouse run of one page with one preset (mobile: Lighthouse's default, a throttled mid-range phone;
 * desktop: its desktop preset), in Debian's Chromium (headless, --no-sandbox because CI runs as root).
 *
 * A signed-in page needs the session in localStorage before the app starts, and Lighthouse clears the origin's
 * storage unless told not to. So each run gets a fresh profile: Playwright opens it once to write the session (on
 * /app-config.js, so no app asset lands in the HTTP cache), closes it, and Chromium starts on that profile with
 * Lighthouse's storage reset off. The sign-in page runs the same way with nothing written.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse, { desktopConfig } from 'lighthouse'
import { chromium } from 'playwright-core'
import { median } from '../benchLoad/verdict'

export type Preset = 'mobile' | 'desktop'

export interface LighthouseFigures {
  name: string
  /** 1, 2, 3…: the bare app and the portal's pages are run in turn, each round. */
  round?: number
  path: string
  preset: Preset
  finalPath: string
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  fcpMs: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  benchmarkIndex: number | null
  /** Accessibility audits that failed (ids), to fix or explain. */
  failedAccessibility: string[]
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

async function writeSession(profile: string, origin: string, storage: Record<string, string>): Promise<void> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ['--no-sandbox'] })
  try {
    const page = await context.newPage()
    await page.goto(`${origin}/app-config.js`)
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
    }, storage)
  } finally {
    await context.close()
  }
}

/** Starts Chromium with a DevTools port and resolves with it once Chromium prints where it listens. */
function startChromium(profile: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  return new Promise((resolveStart, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (match) {
        clearTimeout(timer)
        resolveStart({ port: Number(match[1]), child })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited (${code}):\n${output}`))
    })
  })
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolveStop) => {
    child.once('exit', () => resolveStop())
    child.kill('SIGTERM')
  })
}

const ms = (value: number | null) => (value === null ? '–' : Math.round(value).toLocaleString('en-US'))
const medianOf = (values: Array<number | null>): number | null => {
  const known = values.filter((v): v is number => v !== null)
  return known.length === 0 ? null : median(known)
}

/** The bare React app's name among the runs: its median must reach 97, else the machine was too busy and the run is void. */
export const BARE_APP = 'Minimal React app'

/**
 * Issue 24's Lighthouse targets, medians of the rounds: performance ≥ 90 and accessibility 100 on every page, the bare
 * app measured alternately in the same run and itself ≥ 97 (else the run is void).
 */
export function lighthouseReport(figures: LighthouseFigures[]): string[] {
  if (figures.length === 0) return []
  const pages = [...new Map(figures.map((f) => [`${f.name} ${f.path} ${f.preset}`, f])).values()]
  const bare = medianOf(figures.filter((f) => f.name === BARE_APP).map((f) => f.performance))
  const valid = bare !== null && bare >= 97
  const rounds = Math.max(...figures.map((f) => f.round ?? 1))
  const lines = [
    `Lighthouse 12, ${[...new Set(figures.map((f) => f.preset))].join(' and ')}, medians of ${rounds} rounds (each round: the bare app, then every page): ` +
      `the bare app's median performance ${bare ?? '–'} ${valid ? '(≥ 97: the run counts)' : '(< 97: the run is VOID, the machine was too busy)'}.`,
    '',
    '| Page | Path | Preset | Performance (≥ 90) | Accessibility (100) | Best practices | FCP ms | LCP ms | TBT ms | CLS | Performance runs | Landed on |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ]
  for (const page of pages) {
    const runs = figures.filter((f) => f.name === page.name && f.path === page.path && f.preset === page.preset)
    const pick = (key: 'performance' | 'accessibility' | 'bestPractices' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls') => medianOf(runs.map((r) => r[key]))
    const performance = pick('performance')
    const accessibility = pick('accessibility')
    const isBare = page.name === BARE_APP
    const verdict = (value: number | null, met: boolean) => `${value ?? '–'}${isBare ? '' : met ? ' met' : ' NOT met'}`
    const cls = pick('cls')
    lines.push(
      `| ${page.name} | \`${page.path}\` | ${page.preset} | ${verdict(performance, performance !== null && performance >= 90)} | ` +
        `${verdict(accessibility, accessibility === 100)} | ${pick('bestPractices') ?? '–'} | ${ms(pick('fcpMs'))} | ${ms(pick('lcpMs'))} | ` +
        `${ms(pick('tbtMs'))} | ${cls === null ? '–' : cls.toFixed(3)} | ${runs.map((r) => r.performance ?? '–').join(', ')} | \`${page.finalPath}\` |`,
    )
  }
  const failures = [...new Set(figures.flatMap((f) => f.failedAccessibility.map((id) => `${f.preset} \`${f.path}\`: ${id}`)))]
  if (failures.length > 0) lines.push('', 'Failed accessibility audits:', ...failures.map((f) => `- ${f}`))
  return lines
}

const score = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value * 100) : null)

export async function runLighthouse(options: {
  name: string
  origin: string
  path: string
  preset: Preset
  storage?: Record<string, string>
  round?: number
}): Promise<LighthouseFigures> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-web-lh-'))
  let child: ChildProcess | undefined
  try {
    if (options.storage) await writeSession(profile, options.origin, options.storage)
    const started = await startChromium(profile)
    child = started.child
    const result = await lighthouse(
      `${options.origin}${options.path}`,
      {
        port: started.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      },
      options.preset === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${options.path}`)
    const { lhr } = result
    // BENCH_WEB_LHR_DIR=<folder> keeps each run's whole report (the LCP element, long tasks, request chains) to read.
    const keepIn = process.env.BENCH_WEB_LHR_DIR
    if (keepIn) {
      mkdirSync(keepIn, { recursive: true })
      const name = `${options.path.replaceAll('/', '_') || '_'}-${options.preset}-r${options.round ?? 1}.json`
      writeFileSync(join(keepIn, name), JSON.stringify(lhr))
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
    const accessibilityRefs = lhr.categories.accessibility?.auditRefs ?? []
    return {
      name: options.name,
      round: options.round,
      path: options.path,
      preset: options.preset,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      failedAccessibility: accessibilityRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    }
  } finally {
    if (child) await stop(child)
    // Chromium's helper processes may still be writing the profile for a moment after the browser exits.
    // Still best effort: a leftover temporary profile must not throw away the figures of the whole run.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 })
    } catch (error) {
      console.error(`  could not remove ${profile}: ${(error as Error).message}`)
    }
  }
}
