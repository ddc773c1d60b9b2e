/**
 * Layout stability on a phone: a role's home must not jump while its data arrives. Lighthouse measured a cumulative
 * layout shift of 0.45 on the provider's and the partner's homes at 375 px (the footer, in view under a short loading
 * state, was pushed down when the list came). Google's "good" threshold for CLS is 0.1; we ask for less than that.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_COLLABORATOR } from '../../server/seed'
import { PARTNER, fillCollaboratorLogin, signInAs, usePortalAndBrowser, waitForQuiet } from './harness'

const run = usePortalAndBrowser()

/** Collects layout shifts not caused by input, from before the app's first script runs. */
const OBSERVE_SHIFTS = () => {
  const shifts: { value: number; sources: string[] }[] = []
  ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: entry.sources.map((s) => s.node?.nodeName ?? '?') })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

async function shiftsOnReload(path: string, signIn: (page: import('playwright-core').Page) => Promise<void>) {
  const { context, page } = await run.openPage(375, 800)
  run.contexts.push(context)
  await signIn(page)
  await page.addInitScript(OBSERVE_SHIFTS)
  await page.goto(path)
  await page.locator('h1').first().waitFor()
  // Lists and cards arrive after the heading; give the page time to settle.
  await waitForQuiet(page)
  await page.waitForTimeout(500)
  return page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts)
}

describe('Role homes at 375 px do not jump while their data arrives', () => {
  const homes: [string, string][] = [
    // Issue 23: 'Pendientes' is the office roles' home.
    ['Proveedores', '/proveedores/pendientes'],
    [PARTNER.name, `/${PARTNER.prefix}/dashboard`],
    ['Ejecutivo', '/pendientes'],
    ['Administrativo', '/administrador/pendientes'],
  ]
  for (const [role, path] of homes) {
    it(`${role}: ${path} has a cumulative layout shift under 0.1`, async () => {
      const shifts = await shiftsOnReload(path, (page) => signInAs(page, role))
      const total = shifts.reduce((sum, s) => sum + s.value, 0)
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.1)
    })
  }

  it('Colaborador: /home-colaborador has a cumulative layout shift under 0.1', async () => {
    const shifts = await shiftsOnReload('/home-colaborador', async (page) => {
      await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
      await page.waitForURL('**/home-colaborador')
    })
    const total = shifts.reduce((sum, s) => sum + s.value, 0)
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.1)
  })
})
