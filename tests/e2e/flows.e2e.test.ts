/**
 * Flujos end to end (issue 7): on the real server (fresh data folder, demo seed) and the built app in Chromium, with
 * the server's CSP (script-src 'self', no eval).
 * - An administrator opens Flujos from the side menu, picks claimLifecycle, and Mermaid (loaded on demand) draws an
 *   <svg> state diagram with every state, next to the tables, with no console or CSP errors.
 * - On a claim's general data page, 'Diagrama del proceso' draws the lifecycle with the claim's stage marked.
 * - An executive sent to /flujos lands on their own home.
 * Screens are photographed at 375 and 1280 px into .tmp/screens/flows/.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { claimLifecycleMachine } from '../../machines/claimLifecycle.machine'
import { DEMO_COLLABORATOR } from '../../server/seed'
import { ROOT, demoAccount, fillRoleLogin, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

const SHOTS = join(ROOT, '.tmp', 'screens', 'flows')
const pathOf = (page: Page) => new URL(page.url()).pathname

/** Photographs the current page at 375 and 1280 px (full page), then restores the width. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  const original = page.viewportSize() ?? { width: 1280, height: 900 }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 960 ? 812 : 900 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(250)
    // Nothing may widen the page beyond the screen: wide diagrams and tables scroll inside their frames.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} a ${width} px`).toBeLessThanOrEqual(width)
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(original)
}

const diagram = (page: Page) => page.locator('[data-testid="mermaid-diagram"] svg')

describe('Flujos', () => {
  it('an administrator picks claimLifecycle and sees its svg diagram and tables, with no console or CSP errors', async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await fillRoleLogin(page, demoAccount('Administrativo'))
      await page.waitForURL('**/administrador/pendientes')
      await page.getByRole('navigation', { name: 'Menú Principal' }).getByRole('link', { name: 'Flujos' }).click()
      await page.waitForURL('**/administrador/flujos')
      const list = page.getByRole('navigation', { name: 'Flujos registrados' })
      await expect.poll(() => list.getByRole('link').count()).toBeGreaterThan(10)
      await shoot(page, 'lista')

      await list.getByRole('link', { name: /^claimLifecycle/ }).click()
      await page.waitForURL('**/administrador/flujos/claimLifecycle')
      await diagram(page).waitFor({ timeout: 30_000 })
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('claimLifecycle')
      // Mermaid drew one box per state of the machine (plus the start and end markers).
      const drawnStates = await diagram(page).evaluate((svg) => [...svg.querySelectorAll('g.node')].map((n) => n.id))
      for (const key of Object.keys(claimLifecycleMachine.states)) {
        expect(drawnStates.some((id) => id.includes(`-${key}-`)), key).toBe(true)
      }
      expect(await page.getByRole('table', { name: 'Estados' }).getByRole('row').count()).toBe(1 + Object.keys(claimLifecycleMachine.states).length)
      await expect.poll(() => page.getByRole('table', { name: 'Transiciones' }).isVisible()).toBe(true)
      await shoot(page, 'claimLifecycle')

      // A machine with nested and parallel states draws too.
      await page.goto('/administrador/flujos/newClaim')
      await diagram(page).waitFor({ timeout: 30_000 })
      await shoot(page, 'newClaim')

      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("a claim's 'Diagrama del proceso' marks the claim's current stage", async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await fillRoleLogin(page, demoAccount('Administrativo'))
      await page.waitForURL('**/administrador/pendientes')
      // The demo collaborator's newest claim is at 'Trámite iniciado' (server/seed).
      await page.goto(`/administrador/mis-tramites/proceso-general-tramites/${DEMO_COLLABORATOR.idEvento}`)
      await page.getByText('Diagrama del proceso').click()
      await diagram(page).waitFor({ timeout: 30_000 })
      const marked = await diagram(page).evaluate((svg) => [...svg.querySelectorAll('g.node')].filter((n) => n.classList.contains('current')).map((n) => n.id))
      expect(marked).toHaveLength(1)
      expect(marked[0]).toContain('-tramiteIniciado-')
      await expect.poll(() => page.getByText('Etapa actual: Trámite iniciado').count()).toBeGreaterThanOrEqual(2)
      await shoot(page, 'tramite')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('an executive sent to /flujos lands on their own home', async () => {
    const { context, page } = await e2e.openPage()
    try {
      await fillRoleLogin(page, demoAccount('Ejecutivo'))
      await page.waitForURL('**/pendientes')
      await page.goto('/flujos')
      await expect.poll(() => pathOf(page)).toBe('/pendientes')
      expect(await diagram(page).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
