/**
 * Issue 23, 'Pendientes' in Chromium on the real server and the demo seed, at 1280 and 375 px: each office role lands
 * on its queue with every badge the demo data gives it; the executive filters by badge and the filter survives a
 * reload (it lives in the address); the provider's row opens the invoice page; the administrator approves invoices
 * in bulk after the dialog that names them. axe (WCAG 2.2 AA) scans each queue, the open dialog and the result.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { AxeResults } from 'axe-core'
import { demoAccount, fillRoleLogin, usePortalAndBrowser, waitForQuiet } from './harness'

const e2e = usePortalAndBrowser()
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']

/** Moderate, serious or critical axe violations of the page as it is, one line each (issue 24: moderate too). */
async function axeViolations(page: Page): Promise<string[]> {
  // Dialogs fade in over 150 ms; a half-transparent one would be measured wrong.
  await page.waitForTimeout(300)
  await page.evaluate(AXE_SOURCE)
  const results = (await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe
    return axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
  }, AXE_TAGS)) as AxeResults
  return results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} [${v.impact}]: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`)
}

async function signedIn(role: string, width: number, landing: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await e2e.openPage(width, width < 960 ? 812 : 900)
  e2e.contexts.push(context)
  await fillRoleLogin(page, demoAccount(role))
  await page.waitForURL(`**${landing}`)
  await page.getByRole('heading', { level: 1, name: 'Pendientes' }).waitFor()
  await queueTable(page).waitFor()
  await waitForQuiet(page)
  return { page, errors }
}

const queueTable = (page: Page) => page.getByRole('table', { name: 'Trámites pendientes' })
const badgesShown = async (page: Page) => new Set(await queueTable(page).locator('[data-badge]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-badge'))))

for (const width of [1280, 375] as const) {
  describe(`Pendientes at ${width} px`, () => {
    it('the executive lands on their queue, sees every badge, and a badge filter is kept in the address', async () => {
      const { page, errors } = await signedIn('Ejecutivo', width, '/pendientes')
      expect([...(await badgesShown(page))].sort()).toEqual(['dueSoon', 'onTime', 'overdue'])
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole('combobox', { name: 'Estado' }).click()
      await page.getByRole('option', { name: 'Vencido', exact: true }).click()
      await page.waitForURL('**/pendientes?estado=vencido')
      await expect.poll(() => badgesShown(page).then((b) => [...b])).toEqual(['overdue'])
      // A bookmark of the filtered view opens filtered.
      await page.reload()
      await queueTable(page).waitFor()
      await expect.poll(() => badgesShown(page).then((b) => [...b])).toEqual(['overdue'])
      expect(await page.getByRole('combobox', { name: 'Estado' }).textContent()).toContain('Vencido')
      expect(errors).toEqual([])
    })

    it("the provider lands on the claims waiting for their invoice; a row's button opens the invoice page", async () => {
      const { page, errors } = await signedIn('Proveedores', width, '/proveedores/pendientes')
      expect([...(await badgesShown(page))].sort()).toEqual(['dueSoon', 'onTime', 'overdue'])
      expect(await axeViolations(page)).toEqual([])
      const link = page.getByRole('link', { name: /^Cargar factura de C\d+$/ }).first()
      const code = (await link.getAttribute('aria-label'))!.replace('Cargar factura de C', '')
      await link.click()
      await page.waitForURL(`**/proveedores/cargar-factura/${code}`)
      expect(errors).toEqual([])
    })

    it('the administrator approves invoices in bulk after a dialog that names them, and sees the result', async () => {
      const { page, errors } = await signedIn('Administrativo', width, '/administrador/pendientes')
      expect(await axeViolations(page)).toEqual([])
      await page.goto('/administrador/pendientes?etapa=9')
      await queueTable(page).waitFor()
      await waitForQuiet(page)
      const boxes = page.locator('label[data-scope="checkbox"]')
      const picked = width === 1280 ? 2 : 1
      const codes: string[] = []
      for (let i = 0; i < picked; i++) {
        const box = boxes.nth(i)
        codes.push((await box.textContent())!.replace('Seleccionar la factura de ', ''))
        await box.click()
      }
      await page.getByText(picked === 1 ? '1 factura seleccionada' : `${picked} facturas seleccionadas`).waitFor()
      await page.getByRole('button', { name: 'Aprobar seleccionadas' }).click()
      const dialog = page.getByRole('alertdialog', { name: picked === 1 ? '¿Aprobar 1 factura?' : `¿Aprobar ${picked} facturas?` })
      await dialog.waitFor()
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual(codes)
      expect(await axeViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Aprobar', exact: true }).click()
      const result = page.getByRole('status').filter({ hasText: 'Resultado de la aprobación' })
      await result.waitFor()
      // The demo's invoice approvals all have their three documents: each one is approved on its own.
      expect(await result.textContent()).toContain(`Aprobadas: ${codes.join(', ')}`)
      // Approved claims leave the queue.
      for (const code of codes) await expect.poll(() => queueTable(page).getByText(code, { exact: true }).count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      expect(errors).toEqual([])
    })
  })
}
