/**
 * Screenshots of the notifications (issue 14) at 1280 and 375 px into .tmp/screens/ (or --out=DIR): the header's
 * bell with its badge and its open list for the demo executive, the bell beside 'Cerrar sesión' for the demo
 * provider, and the administrators' /administrador/notificaciones with a mail open.
 *
 *   npm run build && npx tsx scripts/notificationScreenshots.ts
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { demoAccounts } from '../server/seed'
import { PARTNER, ROOT, fillRoleLogin, launchBrowser, newPage, startPortal } from '../tests/e2e/harness'

const outArg = process.argv.slice(2).find((a) => a.startsWith('--out='))
const outDir = join(ROOT, outArg ? outArg.slice('--out='.length) : '.tmp/screens')

async function main() {
  mkdirSync(outDir, { recursive: true })
  const portal = await startPortal()
  const browser = await launchBrowser()
  const account = (role: string) => demoAccounts('coppel.com', PARTNER.name).find((a) => a.role === role)!
  try {
    for (const width of [1280, 375]) {
      const shot = async (page: import('playwright-core').Page, name: string) => {
        await page.waitForTimeout(300)
        const file = join(outDir, `notificaciones-${name}-${width}.png`)
        await page.screenshot({ path: file })
        console.log(file)
      }
      const height = width < 960 ? 812 : 900
      for (const role of ['Ejecutivo', 'Proveedores']) {
        const { context, page, errors } = await newPage(browser, portal.url, width, height)
        await fillRoleLogin(page, account(role))
        await page.waitForURL((url) => url.pathname !== '/')
        const bell = page.getByRole('button', { name: /^Notificaciones/ })
        await bell.waitFor()
        await page.waitForTimeout(500)
        await shot(page, `${role.toLowerCase()}-campana`)
        await bell.click()
        await page.getByRole('dialog', { name: 'Notificaciones' }).getByText(/Trámite C/).first().waitFor()
        await shot(page, `${role.toLowerCase()}-lista`)
        if (errors.length) throw new Error(`errores en la consola:\n${errors.join('\n')}`)
        await context.close()
      }
      const { context, page, errors } = await newPage(browser, portal.url, width, height)
      await fillRoleLogin(page, account('Administrativo'))
      await page.waitForURL((url) => url.pathname !== '/')
      await page.goto('/administrador/notificaciones')
      await page.locator('summary').first().click()
      await page.locator('details[open] pre').first().waitFor()
      await shot(page, 'administrador')
      if (errors.length) throw new Error(`errores en la consola:\n${errors.join('\n')}`)
      await context.close()
    }
  } finally {
    await browser.close()
    await portal.close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
