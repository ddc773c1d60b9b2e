/**
 * Screenshots of the document verification screen with a document open in the viewer, at 1280 and 375 px, for
 * docs/screenshots/ (the README's look at the viewer).
 *
 *   npm run build && npx tsx scripts/viewerScreenshots.ts [--out=docs/screenshots]
 *
 * Starts the real server on a free port with fresh demo data (tests/e2e/harness.ts), signs in as the demo
 * executive, opens one of their claims at 'Validación de documentos' and waits until pdf.js drew the page. Console
 * errors (a CSP violation included) fail the run.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { CLIENT_TOKEN, ROOT, takeScreenshots } from '../tests/e2e/harness'

const outArg = process.argv.slice(2).find((a) => a.startsWith('--out='))
const outDir = join(ROOT, outArg ? outArg.slice('--out='.length) : 'docs/screenshots')

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async ({ path, clientToken }) => {
      const response = await fetch(path, { headers: { authtoken: clientToken, Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` } })
      return (await response.json()).response
    },
    { path, clientToken: CLIENT_TOKEN },
  ) as Promise<T>
}

async function claimToVerify(page: Page): Promise<number> {
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { idUser: number })
  const list = await apiGet<{ items: { idEvento: number; statusId: number }[] }>(page, `/api/event/executive/${user.idUser}?pageSize=100`)
  for (const claim of list.items.filter((c) => c.statusId === 3)) {
    const info = await apiGet<{ numSended: number }>(page, `/api/file/get-info-by-event/${claim.idEvento}`)
    if (info.numSended === 3) return claim.idEvento
  }
  throw new Error('no claim at stage 3 with its three documents')
}

takeScreenshots({
  role: 'Ejecutivo',
  outDir,
  name: 'verificacion-visor',
  // The viewport, not the whole page: the document and its choices are what the picture is about.
  show: async (page) => {
    const idEvento = await claimToVerify(page)
    await page.goto(`/ejecutivo/mis-tramites/proceso-general-tramites/verificacion-documentos/${idEvento}`)
    const viewer = page.getByRole('region', { name: 'Visor de documento: Formato de solicitud' })
    await viewer.locator('canvas').waitFor()
    await viewer.locator('.textLayer span').first().waitFor()
    await page.waitForTimeout(300)
  },
}).catch((error) => {
  console.error(error)
  process.exitCode = 1
})
