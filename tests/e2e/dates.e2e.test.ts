/**
 * Dates in Chromium (issue 15 'Dates'): on the authorization letter of a claim in 'Facturación', the executive types
 * an entry date as the field shows it (YYYY-MM-DD) and a validity date as DD/MM/YYYY; 'Guardar' saves exactly those.
 * An unreadable entry stays in the field with its Spanish reason and 'Guardar' is disabled meanwhile. The calendar's
 * caption reads as es-MX writes it (innerText applies CSS text-transform), and the month view shows the months.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../server/seed'
import { PARTNER, apiGet, fillRoleLogin, launchBrowser, newPage, startPortal, type RunningPortal } from './harness'

let portal: RunningPortal
let browser: Browser

beforeAll(async () => {
  portal = await startPortal()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await portal?.close()
})

const executive = demoAccounts('coppel.com', PARTNER.name).find((a) => a.role === 'Ejecutivo')!
const EXECUTIVE = '/ejecutivo/mis-tramites/proceso-general-tramites'
const UNREADABLE = 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA'

/** A seeded claim of the demo executive in 'Facturación' (7): its letter is complete and may still be saved. */
async function claimInInvoicing(page: Page): Promise<number> {
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { idUser: number })
  const list = await apiGet<{ items: { idEvento: number; statusId: number }[] }>(page, `/api/event/executive/${user.idUser}?pageSize=100`)
  const claim = list.items.find((c) => c.statusId === 7)
  if (!claim) throw new Error('the demo data has no claim of the demo executive in Facturación')
  return claim.idEvento
}

describe('dates', () => {
  it('saves exactly the typed dates, keeps an unreadable one with its reason, and shows month and year views', async () => {
    const { context, page, errors } = await newPage(browser, portal.url)
    try {
      await fillRoleLogin(page, executive)
      await page.waitForURL((url) => url.pathname !== '/')
      const idEvento = await claimInInvoicing(page)
      await page.goto(`${EXECUTIVE}/carta-dictaminacion/${idEvento}`)
      const entry = page.getByRole('textbox', { name: 'Fecha de ingreso', exact: true })
      const validFrom = page.getByRole('textbox', { name: 'Vigencia desde', exact: true })
      const validTo = page.getByRole('textbox', { name: 'Vigencia hasta', exact: true })
      await expect.poll(() => entry.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const save = page.getByRole('button', { name: 'Guardar', exact: true })

      // Typed key by key, as a person does: the hyphens stay.
      await entry.fill('')
      await entry.pressSequentially('2026-03-15')
      expect(await entry.inputValue()).toBe('2026-03-15')
      await entry.press('Enter')
      await validFrom.fill('')
      await validFrom.pressSequentially('16/03/2026')
      await validFrom.press('Tab')
      await expect.poll(() => validFrom.inputValue()).toBe('2026-03-16')

      // An unreadable entry is kept, explained, and blocks 'Guardar' until it is fixed.
      const previousValidTo = await validTo.inputValue()
      await validTo.fill('')
      await validTo.pressSequentially('31/04/2026')
      await validTo.press('Tab')
      expect(await validTo.inputValue()).toBe('31/04/2026')
      expect(await validTo.getAttribute('aria-invalid')).toBe('true')
      await expect.poll(() => page.getByText(UNREADABLE).first().isVisible()).toBe(true)
      expect(await save.isDisabled()).toBe(true)
      await validTo.fill('')
      await validTo.pressSequentially('2026-05-16')
      await validTo.press('Enter')
      expect(previousValidTo).not.toBe('')
      await expect.poll(() => save.isEnabled()).toBe(true)
      await save.click()
      await expect.poll(() => page.getByRole('button', { name: 'Guardado', exact: true }).isVisible()).toBe(true)
      const letter = await apiGet<Record<string, unknown>>(page, `/api/event/fullData/${idEvento}`)
      expect(letter).toMatchObject({ fechaIngreso: '2026-03-15', vigenciaDesde: '2026-03-16', vigenciaHasta: '2026-05-16' })

      // The calendar: the caption as rendered, then the month and year views.
      await page.getByRole('button', { name: 'Abrir calendario: Fecha de ingreso' }).click()
      const caption = page.getByRole('button', { name: /, cambiar a la vista de meses$/ })
      await caption.waitFor()
      expect(await caption.evaluate((element) => (element as HTMLElement).innerText)).toBe('Marzo de 2026')
      await caption.click()
      const months = page.getByRole('grid')
      await expect.poll(() => months.getByRole('button').count()).toBe(12)
      expect(((await months.boundingBox())?.height ?? 0) > 100).toBe(true)
      await page.getByRole('button', { name: /, cambiar a la vista de años$/ }).click()
      await expect.poll(() => page.getByRole('grid').getByRole('button').count()).toBe(10)
      expect(await page.getByRole('grid').getByText('2027', { exact: true }).getAttribute('aria-disabled')).toBe('true')
      await page.getByRole('grid').getByText('2025', { exact: true }).click()
      await page.getByRole('grid').getByText('feb', { exact: true }).click()
      await page.getByRole('grid').getByRole('button', { name: /^Elegir \S+, 14 de febrero de 2025$/ }).click()
      await expect.poll(() => entry.inputValue()).toBe('2025-02-14')
      // Focus goes back to the button that opened the calendar once it closes, by a pick or by Escape.
      const trigger = page.getByRole('button', { name: 'Abrir calendario: Fecha de ingreso' })
      const entryFocused = () => trigger.evaluate((element) => element === document.activeElement)
      await expect.poll(entryFocused).toBe(true)
      await page.getByRole('button', { name: 'Abrir calendario: Fecha de ingreso' }).click()
      await page.getByRole('grid').waitFor()
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByRole('grid').count()).toBe(0)
      await expect.poll(entryFocused).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
