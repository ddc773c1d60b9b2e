/**
 * bench:web, issue 24: for each role, on the phone (slow 4G, 4× CPU), the time from pressing 'Iniciar sesión'
 * (or 'Buscar') to the role's first screen being usable, against the same screen reloaded with a warm cache (its
 * code fetched while the user was signing in). Target: ≤ 1.3×.
 *
 * One round per role: a fresh context (empty cache) opens the sign-in page, waits until the form is React's, types
 * into it key by key as a person does and presses the button; the page records the press (a capture-phase click listener) and the moment the first screen
 * is usable; then the same tab reloads that screen and records the moment it is usable again, from navigation start.
 * Usable: the screen's first heading is rendered by React, on a route other than the sign-in, and nothing on the page
 * is still loading (no `aria-busy="true"`: the lists and cards say so while their data is on its way). Roles rotate
 * each round; each figure is the median of the rounds.
 */
import type { Browser, Page } from 'playwright-core'
import { median } from '../benchLoad/verdict'
import { SLOW_4G, throttle } from './slow4g'

export interface SignInFlow {
  name: string
  baseUrl: string
  /** '/' or '/login-colaborador'. */
  signInPath: string
  /** Fills the form once it is usable; does not press the button. */
  fill: (page: Page) => Promise<void>
  /** The button's accessible name: 'Iniciar sesión' or 'Buscar'. */
  button: string
}

export interface SignInTimings {
  name: string
  /** Where the sign-in landed (the first screen). */
  landedOn: string
  signInMs: number[]
  warmReloadMs: number[]
}

type Marks = { __pressAt?: number; __usableAt?: number }

/** Runs in every document of the tab: records the press and the first moment the first screen is usable. */
function watchUsable(signInPaths: string[]) {
  const w = window as unknown as Marks
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('button[type=submit]')) w.__pressAt ??= performance.now()
    },
    true,
  )
  const timer = setInterval(() => {
    if (signInPaths.includes(location.pathname)) return
    const heading = document.querySelector('main h1, h1')
    const owned = heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactProps'))
    if (owned && !document.querySelector('[aria-busy="true"]')) {
      w.__usableAt = performance.now()
      clearInterval(timer)
    }
  }, 10)
}

async function usableAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as Marks).__usableAt !== undefined, undefined, { timeout: 120_000 })
  return page.evaluate(() => (window as unknown as Marks).__usableAt!)
}

async function oneRound(browser: Browser, flow: SignInFlow): Promise<{ signIn: number; reload: number; landedOn: string }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: flow.baseUrl })
  try {
    const page = await context.newPage()
    await throttle(context, page)
    await page.addInitScript(watchUsable, ['/', '/login-colaborador'])
    await page.goto(flow.signInPath, { waitUntil: 'commit' })
    const button = page.getByRole('button', { name: flow.button })
    // The form is usable once React owns the button (before that a press would post the bare HTML form).
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('button[type=submit]')].some(
          (b) => b.textContent?.trim() === name && Object.keys(b).some((key) => key.startsWith('__reactProps')),
        ),
      flow.button,
      { timeout: 120_000 },
    )
    await flow.fill(page)
    await button.click()
    const usable = await usableAt(page)
    const pressedAt = await page.evaluate(() => (window as unknown as Marks).__pressAt!)
    const landedOn = new URL(page.url()).pathname
    await page.reload({ waitUntil: 'commit' })
    const reload = await usableAt(page)
    return { signIn: usable - pressedAt, reload, landedOn }
  } finally {
    await context.close()
  }
}

export async function measureSignInToScreen(browser: Browser, flows: SignInFlow[], rounds: number): Promise<SignInTimings[]> {
  const timings = flows.map((f) => ({ name: f.name, landedOn: '', signInMs: [] as number[], warmReloadMs: [] as number[] }))
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < flows.length; k++) {
      const index = (k + round) % flows.length
      const { signIn, reload, landedOn } = await oneRound(browser, flows[index]!)
      timings[index]!.signInMs.push(signIn)
      timings[index]!.warmReloadMs.push(reload)
      timings[index]!.landedOn = landedOn
      console.error(`  sign-in → ${landedOn}: ${Math.round(signIn)} ms; warm reload ${Math.round(reload)} ms`)
    }
  }
  return timings
}

/** The Markdown table: median sign-in-to-screen ÷ median warm reload, target ≤ 1.3×. */
export function signInToScreenReport(timings: SignInTimings[]): string[] {
  if (timings.length === 0) return []
  const lines = [
    `From pressing 'Iniciar sesión' / 'Buscar' to the first screen usable, against the same screen reloaded with a warm cache; ` +
      `slow 4G (${SLOW_4G.downloadKbps} kbit/s, ${SLOW_4G.latencyMs} ms RTT) with ${SLOW_4G.cpuSlowdown}× CPU, 375 px; medians of ${timings[0]!.signInMs.length} rotated rounds (ms):`,
    '',
    '| Role | First screen | Sign-in → usable | Warm reload → usable | Ratio (≤ 1.3×) | Sign-in rounds | Reload rounds |',
    '|---|---|---:|---:|---:|---|---|',
  ]
  for (const t of timings) {
    const ratio = median(t.signInMs) / median(t.warmReloadMs)
    lines.push(
      `| ${t.name} | \`${t.landedOn}\` | ${Math.round(median(t.signInMs))} | ${Math.round(median(t.warmReloadMs))} | ` +
        `${ratio.toFixed(2)}× ${ratio <= 1.3 ? 'met' : 'NOT met'} | ${t.signInMs.map(Math.round).join(', ')} | ${t.warmReloadMs.map(Math.round).join(', ')} |`,
    )
  }
  return lines
}
