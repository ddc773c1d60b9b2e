/**
 * Screenshots of Reportes with the summary of a period (three charts) at 1280 and 375 px, for docs/screenshots/.
 *
 *   npm run build && npx tsx scripts/reportScreenshots.ts [--out=docs/screenshots]
 *
 * Starts the real server on a free port with fresh demo data (tests/e2e/harness.ts), signs in as the demo
 * administrator, types a period from the 1st of January of last year to today and waits until the charts are drawn.
 * Console errors fail the run.
 */
import { join } from 'node:path'
import { ROOT, browserToday, takeScreenshots } from '../tests/e2e/harness'

const outArg = process.argv.slice(2).find((a) => a.startsWith('--out='))
const outDir = join(ROOT, outArg ? outArg.slice('--out='.length) : 'docs/screenshots')

const today = browserToday()
const endDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`

takeScreenshots({
  role: 'Administrativo',
  outDir,
  name: 'reportes-resumen',
  fullPage: true,
  show: async (page) => {
    await page.goto('/administrador/reportes')
    for (const [label, value] of [['Fecha de inicio', `${today.getFullYear() - 1}-01-01`], ['Fecha de fin', endDate]] as const) {
      const field = page.getByRole('textbox', { name: label })
      await field.fill(value)
      await field.press('Enter')
    }
    await page.getByRole('figure', { name: 'Trámites ingresados por semana' }).getByRole('img').waitFor()
    await page.waitForTimeout(500)
  },
}).catch((error) => {
  console.error(error)
  process.exitCode = 1
})
