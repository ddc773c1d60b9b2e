/**
 * bench:web on the phone (issue 24): slow 4G (1.44 Mbit/s down, 675 kbit/s up, 562 ms round trip) with a 4×
 * CPU slowdown, through Chromium's DevTools protocol, each load in a fresh context (empty cache). For each page:
 * - first contentful paint (the browser's own `first-contentful-paint` entry);
 * - usable: the first animation frame at which the page's main control is React's (its DOM node carries React's
 *   props, i.e. it was rendered or hydrated and answers clicks) and, on the role sign-in, the role list is in
 *   (checked every 10 ms from the first script on).
 * The pages are loaded in turn, the order rotated each round, and each figure is the median of the rounds: the
 * machine is shared, so the minimal app and the stack floor are measured beside the portal in the same run.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { median } from '../benchLoad/verdict'

export const SLOW_4G = { downloadKbps: 1440, uploadKbps: 675, latencyMs: 562, cpuSlowdown: 4 } as const

export interface SlowPage {
  name: string
  baseUrl: string
  path: string
  /** CSS selector of the main control; usable once React owns it. */
  control: string
  /** Text the page must also show to be usable (the role sign-in's chosen role), if any. */
  text?: string
}

export interface SlowTimings {
  name: string
  path: string
  fcpMs: number[]
  usableMs: number[]
}

/** The phone on one tab, through the DevTools protocol: it lasts across the tab's navigations and reloads. */
export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: (SLOW_4G.downloadKbps * 1000) / 8,
    uploadThroughput: (SLOW_4G.uploadKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown })
}

async function loadOnce(browser: Browser, target: SlowPage): Promise<{ fcp: number; usable: number }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: target.baseUrl })
  try {
    const page: Page = await context.newPage()
    await throttle(context, page)
    await page.addInitScript(
      ({ control, text }) => {
        const w = window as unknown as { __usableAt?: number }
        // A timer, not requestAnimationFrame: headless Chromium ran no frame callbacks of an init script here.
        const timer = setInterval(() => {
          const node = document.querySelector(control)
          const owned = node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps'))
          const shows = !text || (document.body?.textContent ?? '').includes(text)
          if (owned && shows) {
            w.__usableAt = performance.now()
            clearInterval(timer)
          }
        }, 10)
      },
      { control: target.control, text: target.text ?? '' },
    )
    await page.goto(target.path, { waitUntil: 'commit' })
    await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt !== undefined, undefined, { timeout: 120_000 })
    // A client-rendered page paints after its control exists: wait for the browser's paint entry too.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 30_000 })
    const figures = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      usable: (window as unknown as { __usableAt: number }).__usableAt,
    }))
    return figures
  } finally {
    await context.close()
  }
}

export async function measureSlow4g(browser: Browser, pages: SlowPage[], rounds: number): Promise<SlowTimings[]> {
  const timings = pages.map((p) => ({ name: p.name, path: p.path, fcpMs: [] as number[], usableMs: [] as number[] }))
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < pages.length; k++) {
      const index = (k + round) % pages.length
      const { fcp, usable } = await loadOnce(browser, pages[index]!)
      timings[index]!.fcpMs.push(fcp)
      timings[index]!.usableMs.push(usable)
    }
  }
  return timings
}

/** The Markdown table, with the two sign-in ratios (FCP ≤ 1.2× the minimal app's, usable ≤ 1.1× the floor's). */
export function slow4gReport(timings: SlowTimings[]): string[] {
  const [minimal, floor] = timings
  if (!minimal || !floor) return []
  const lines = [
    `Slow 4G (${SLOW_4G.downloadKbps} kbit/s down, ${SLOW_4G.uploadKbps} kbit/s up, ${SLOW_4G.latencyMs} ms RTT) with ${SLOW_4G.cpuSlowdown}× CPU slowdown, empty cache, 375 px; medians of ${minimal.fcpMs.length} rotated rounds (ms from navigation):`,
    '',
    '| Page | Path | FCP | Usable | FCP ÷ minimal (≤ 1.2×) | Usable ÷ stack floor (≤ 1.1×) | FCP rounds | Usable rounds |',
    '|---|---|---:|---:|---:|---:|---|---|',
  ]
  for (const t of timings) {
    const fcp = median(t.fcpMs)
    const usable = median(t.usableMs)
    const fcpRatio = fcp / median(minimal.fcpMs)
    const usableRatio = usable / median(floor.usableMs)
    const isPortal = t !== minimal && t !== floor
    const verdict = (value: number, target: number) => `${value.toFixed(2)}×${isPortal ? (value <= target ? ' met' : ' NOT met') : ''}`
    lines.push(
      `| ${t.name} | \`${t.path}\` | ${Math.round(fcp)} | ${Math.round(usable)} | ${verdict(fcpRatio, 1.2)} | ${verdict(usableRatio, 1.1)} | ` +
        `${t.fcpMs.map(Math.round).join(', ')} | ${t.usableMs.map(Math.round).join(', ')} |`,
    )
  }
  return lines
}
