/**
 * What the browser downloads to show one page: every JS and CSS response Chromium receives in a fresh context,
 * until the network is idle and the page's own readiness check passes. Each body is measured as received (raw,
 * decoded), gzip -9 and brotli q11 (what a server can send), and as transferred on the wire (what ours did send).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Browser, Page, Response } from 'playwright-core'
// The mark the app sets when it starts prefetching the rest of a role's area: a script whose request started at or
// after it belongs to other screens, not to the one measured.
import { IDLE_PREFETCH_MARK } from '../../src/lib/firstScreenIdle'

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
  /** Bytes on the wire (encoded body), as Chromium reports them. */
  transferred: number
}

interface AssetRecord extends Sizes {
  url: string
  kind: 'js' | 'css'
  encoding: string
  cacheControl: string
}

export interface PageBytes {
  name: string
  path: string
  /** What the page asked for before the app began prefetching other screens (all of it where it never did). */
  js: Sizes
  css: Sizes
  assets: AssetRecord[]
  /** What the idle prefetch of the role's other screens fetched after that (issue 24): not in `js` nor `assets`. */
  prefetched: { js: Sizes; files: number }
}

const zero = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0, transferred: 0 })

function add(total: Sizes, part: Sizes): Sizes {
  return {
    raw: total.raw + part.raw,
    gzip: total.gzip + part.gzip,
    brotli: total.brotli + part.brotli,
    transferred: total.transferred + part.transferred,
  }
}

function kindOf(response: Response): 'js' | 'css' | null {
  const type = response.headers()['content-type'] ?? ''
  if (type.includes('javascript')) return 'js'
  if (type.includes('text/css')) return 'css'
  return null
}

async function record(response: Response): Promise<AssetRecord | null> {
  const kind = kindOf(response)
  if (!kind || response.status() !== 200) return null
  const body = await response.body()
  const sizes = await response.request().sizes()
  return {
    url: response.url(),
    kind,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    transferred: sizes.responseBodySize,
    encoding: response.headers()['content-encoding'] ?? 'identity',
    cacheControl: response.headers()['cache-control'] ?? '',
  }
}

/** How long no JS or CSS must arrive before a page's code counts as complete. */
const ASSET_QUIET_MS = 2_000

export interface MeasureOptions {
  name: string
  baseUrl: string
  path: string
  /** localStorage entries written before the app's scripts run (a signed-in session). */
  storage?: Record<string, string>
  /** Resolves once the page shows what it is for (its heading). */
  ready?: (page: Page) => Promise<void>
}

export async function measurePage(browser: Browser, options: MeasureOptions): Promise<PageBytes> {
  const context = await browser.newContext({ baseURL: options.baseUrl, viewport: { width: 375, height: 812 }, locale: 'es-MX' })
  try {
    if (options.storage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
      }, options.storage)
    }
    // Room for every resource of a signed-in screen (API calls, fonts, chunks) in the list read below.
    await context.addInitScript(() => performance.setResourceTimingBufferSize(2_000))
    const page = await context.newPage()
    const pending: Promise<AssetRecord | null>[] = []
    page.on('response', (response) => pending.push(record(response).catch(() => null)))
    let lastAssetAt = Date.now()
    page.on('response', (response) => {
      if (/\.(js|css)(\?|$)/.test(response.url())) lastAssetAt = Date.now()
    })
    await page.goto(options.path)
    await options.ready?.(page)
    // Not 'networkidle': a signed-in screen keeps its event stream (/api/live/) open, so the network is never idle.
    // The screen's code is all there once no script or style sheet has arrived for a while.
    await page.waitForLoadState('load')
    while (Date.now() - lastAssetAt < ASSET_QUIET_MS) await page.waitForTimeout(250)
    const all = (await Promise.all(pending)).filter((a): a is AssetRecord => a !== null)
    const laterUrls = await page.evaluate((mark) => {
      const start = performance.getEntriesByName(mark, 'mark')[0]?.startTime
      if (start === undefined) return []
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= start)
        .map((entry) => entry.name)
    }, IDLE_PREFETCH_MARK)
    const later = new Set(laterUrls)
    const assets = all.filter((a) => !later.has(a.url))
    const prefetchedJs = all.filter((a) => later.has(a.url) && a.kind === 'js')
    const sum = (kind: 'js' | 'css') => assets.filter((a) => a.kind === kind).reduce(add, zero())
    return {
      name: options.name,
      path: options.path,
      js: sum('js'),
      css: sum('css'),
      assets,
      prefetched: { js: prefetchedJs.reduce(add, zero()), files: prefetchedJs.length },
    }
  } finally {
    await context.close()
  }
}
