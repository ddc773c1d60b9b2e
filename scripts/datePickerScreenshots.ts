/**
 * Screenshots of the open date picker in its day, month and year views, at 375 and 1280 px, for looking at them.
 *
 *   npm run build && npx tsx scripts/datePickerScreenshots.ts
 *
 * Starts the real server (tests/e2e/harness.ts), signs in as the demo executive, opens 'Fecha de fin' on Reportes and
 * writes .tmp/screens/datepicker-<view>-<width>.png; then the birth date of the new-claim page, which opens on the
 * years (datepicker-nacimiento-<width>.png).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { DEMO_COLLABORATOR, demoAccounts } from '../server/seed'
import { CLIENT_TOKEN, PARTNER, ROOT, fillRoleLogin, launchBrowser, newPage, startPortal } from '../tests/e2e/harness'

const outDir = join(ROOT, '.tmp', 'screens')

async function main() {
  mkdirSync(outDir, { recursive: true })
  const portal = await startPortal()
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    const executive = demoAccounts('coppel.com', PARTNER.name).find((a) => a.role === 'Ejecutivo')!
    for (const width of [375, 1280]) {
      const { context, page } = await newPage(browser, portal.url, width, width < 800 ? 800 : 900)
      await fillRoleLogin(page, executive)
      await page.waitForURL((url) => url.pathname !== '/')
      await page.goto('/reportes')
      await page.getByRole('textbox', { name: 'Fecha de inicio', exact: true }).fill('2026-11-02')
      await page.getByRole('textbox', { name: 'Fecha de inicio', exact: true }).press('Tab')
      await page.getByRole('button', { name: 'Abrir calendario: Fecha de fin' }).click()
      await page.getByRole('grid').waitFor()
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(outDir, `datepicker-day-${width}.png`) })
      await page.getByRole('button', { name: /, cambiar a la vista de meses$/ }).click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(outDir, `datepicker-month-${width}.png`) })
      await page.getByRole('button', { name: /, cambiar a la vista de años$/ }).click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(outDir, `datepicker-year-${width}.png`) })
      await page.keyboard.press('Escape')

      // A typed entry it cannot read, with its reason.
      const end = page.getByRole('textbox', { name: 'Fecha de fin', exact: true })
      await end.fill('2026-13-40')
      await end.press('Tab')
      await page.waitForTimeout(200)
      await page.screenshot({ path: join(outDir, `datepicker-invalid-${width}.png`) })

      // Birth date on the new-claim page of the demo collaborator's first coverage.
      const coverages = await page.evaluate(
        async ({ id, clientToken }) => {
          const response = await fetch(`/api/event/get-procedures?idColaborador=${id}`, {
            headers: { authtoken: clientToken, Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
          })
          return (await response.json()) as unknown
        },
        { id: DEMO_COLLABORATOR.idColaborador, clientToken: CLIENT_TOKEN },
      )
      const idCobertura = JSON.stringify(coverages).match(/"idCobertura":(\d+)/)?.[1]
      if (idCobertura) {
        await page.goto(`/nuevo-tramite/${DEMO_COLLABORATOR.idColaborador}/${idCobertura}`)
        await page.getByRole('button', { name: 'Abrir calendario: Fecha de nacimiento' }).click()
        await page.getByRole('grid').waitFor()
        await page.waitForTimeout(300)
        await page.screenshot({ path: join(outDir, `datepicker-nacimiento-${width}.png`) })
      } else console.log('sin cobertura para la fecha de nacimiento:', JSON.stringify(coverages).slice(0, 200))
      await context.close()
    }
    console.log(`capturas en ${outDir}`)
  } finally {
    await browser?.close()
    await portal.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
