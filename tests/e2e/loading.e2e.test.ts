/**
 * No waterfall (issue 24): the code a first screen needs is requested at once, never a chunk found only after
 * another one ran. The sign-in pages name every chunk in their HTML (script or modulepreload); a signed-in screen
 * opened afresh (empty cache) requests its shell and screen chunks, with everything they import, in one wave. Then,
 * with the browser idle, the role's other screens download (after the app's prefetch mark), and the next click in
 * the menu asks for no code.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_COLLABORATOR } from '../../server/seed'
import { IDLE_PREFETCH_MARK } from '../../src/lib/firstScreenIdle'
import { fillCollaboratorLogin, signInAs, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

interface Loaded {
  path: string
  start: number
  end: number
}

/** The app's scripts the page fetched, with when each was asked for and when it arrived (Resource Timing). */
async function scriptsLoaded(page: Page): Promise<Loaded[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  )
  return entries.filter((entry) => entry.path.startsWith('/assets/') && entry.path.endsWith('.js'))
}

/**
 * The scripts a screen asked for itself: those requested before the app began prefetching the role's other screens
 * (read in one go with the mark, so no prefetch can slip in between).
 */
async function scriptsOfTheScreen(page: Page): Promise<Loaded[]> {
  const { entries, prefetchStart } = await page.evaluate((mark) => ({
    prefetchStart: performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? null,
    entries: performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  }), IDLE_PREFETCH_MARK)
  return entries.filter(
    (entry) => entry.path.startsWith('/assets/') && entry.path.endsWith('.js') && (prefetchStart === null || entry.start < prefetchStart),
  )
}

/** The script and modulepreload addresses the HTML itself names. */
async function namedInHtml(page: Page, path: string): Promise<Set<string>> {
  const html = await (await page.request.get(path)).text()
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!))
}

describe('the sign-in pages name every chunk they need in their HTML', () => {
  for (const path of ['/', '/login-colaborador']) {
    it(path, async () => {
      const { context, page } = await e2e.openPage(375, 812)
      try {
        await page.goto(path)
        await page.locator('form button[type="submit"]').waitFor()
        if (path === '/') await page.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' }).filter({ hasText: 'Ejecutivo' }).waitFor()
        const named = await namedInHtml(page, path)
        const fetched = (await scriptsLoaded(page)).map((script) => script.path)
        expect(fetched.length).toBeGreaterThan(1)
        expect(fetched.filter((script) => !named.has(script))).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})

describe("a role's first screen, opened with an empty cache, asks for all its code in one wave", () => {
  const cases = [
    { name: 'executive', home: '/pendientes', signIn: (page: Page) => signInAs(page, 'Ejecutivo') },
    {
      name: 'collaborator',
      home: '/home-colaborador',
      signIn: async (page: Page) => {
        await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
        await page.waitForURL('**/home-colaborador')
      },
    },
  ]
  for (const { name, home, signIn } of cases) {
    it(name, async () => {
      const first = await e2e.openPage(375, 812)
      const session = await (async () => {
        try {
          await signIn(first.page)
          return await first.page.evaluate(() => ({ ...localStorage }))
        } finally {
          await first.context.close()
        }
      })()
      const { context, page } = await e2e.openPage(375, 812)
      try {
        await context.addInitScript((entries: Record<string, string>) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
        }, session)
        // A phone's round trip (150 ms, as on a mobile network): on loopback a small chunk arrives in a few ms, before
        // the bundler's preload helper has finished asking for its siblings in the same wave (seen: the shell back at
        // 8 ms, the last sibling asked at 17 ms), which is one wave all the same.
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 })
        await page.goto(home)
        await page.locator('h1').first().waitFor()
        const named = await namedInHtml(page, home)
        const scripts = await scriptsOfTheScreen(page)
        expect(scripts.length).toBeGreaterThan(1)
        // The landing HTML names the shell's and the screen's chunks (modulepreload); what it does not name (none, at
        // best) must come in one wave: every such chunk asked for before the first of them arrived.
        const later = scripts.filter((script) => !named.has(script.path))
        const firstArrival = Math.min(...later.map((script) => script.end))
        expect(later.filter((script) => script.start > firstArrival).map((script) => script.path)).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})

describe("once the first screen is drawn, the role's other screens download while the browser is idle", () => {
  it("the executive's next click in the menu ('Inicio de cobertura') asks for no code", async () => {
    const { context, page } = await e2e.openPage(1280, 900)
    try {
      await signInAs(page, 'Ejecutivo')
      await page.waitForURL('**/pendientes')
      await page.getByRole('heading', { level: 1, name: 'Pendientes' }).waitFor()
      // The prefetch began, and its scripts have all arrived (none for a second).
      await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, IDLE_PREFETCH_MARK)
      let count = -1
      for (let quiet = 0; quiet < 4; ) {
        const now = (await scriptsLoaded(page)).length
        quiet = now === count ? quiet + 1 : 0
        count = now
        await page.waitForTimeout(250)
      }
      const before = new Set((await scriptsLoaded(page)).map((script) => script.path))
      await page.getByRole('navigation', { name: 'Menú Principal' }).getByRole('link', { name: 'Inicio de cobertura' }).click()
      await page.waitForURL('**/home')
      await page.locator('h1').first().waitFor()
      expect((await scriptsLoaded(page)).map((script) => script.path).filter((path) => !before.has(path))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
