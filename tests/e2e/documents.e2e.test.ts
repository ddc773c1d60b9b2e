/**
 * Documents in the page, end to end in Chromium under the real Content-Security-Policy: pdf.js is fetched only when
 * a viewer opens (its own chunk, its worker a same-origin file of the build), the executive verifies the three
 * documents of a seeded claim from inside the viewer (a canvas and a text layer drawn for each), a damaged file
 * picked for upload shows the Spanish message instead of a page, and the provider downloads the authorization
 * letter PDF, whose text holds the collaborator's name, the claim code and the authorized amount.
 */
import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pdfText } from '../server/helpers/pdfText'
import { apiGet, signInAs, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

const EXECUTIVE = '/ejecutivo/mis-tramites/proceso-general-tramites'
const DOCUMENTS = ['Formato de solicitud', 'Resumen médico', 'Identificación oficial'] as const
const STEP = { timeout: 20_000 }
const DAMAGED = 'No se pudo mostrar el documento: el archivo PDF está dañado o protegido con contraseña.'

const sessionUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { idUser: number })

/** The canvas's drawn size and the number of text spans pdf.js placed over it. */
async function drawn(viewer: Locator) {
  await viewer.locator('canvas').waitFor(STEP)
  await viewer.locator('.textLayer span').first().waitFor(STEP)
  const size = await viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height }))
  return { ...size, spans: await viewer.locator('.textLayer span').count() }
}

describe('documents in the viewer', () => {
  it('the executive verifies the three documents from inside the viewer; pdf.js loads only then, under the CSP', async () => {
    const { context, page, errors } = await e2e.openPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    const assets: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) assets.push(request.url())
    })
    try {
      await signInAs(page, 'Ejecutivo')
      const user = await sessionUser(page)
      const list = await apiGet<{ items: { idEvento: number; statusId: number }[] }>(page, `/api/event/executive/${user.idUser}?pageSize=100`)
      let idEvento = 0
      for (const claim of list.items.filter((c) => c.statusId === 3)) {
        const info = await apiGet<{ numSended: number }>(page, `/api/file/get-info-by-event/${claim.idEvento}`)
        if (info.numSended === 3) {
          idEvento = claim.idEvento
          break
        }
      }
      expect(idEvento, 'a seeded claim at stage 3 with its three documents').toBeGreaterThan(0)

      // No viewer yet: pdf.js has not been fetched.
      await page.goto(`${EXECUTIVE}/${idEvento}`)
      await page.getByText('Etapa actual: Validación de documentos').waitFor(STEP)
      expect(assets.filter((url) => /pdfEngine|pdf\.worker/.test(url))).toEqual([])

      // A damaged file picked for upload: the preview says so; nothing is sent.
      await page.goto(`${EXECUTIVE}/validacion-documentos/${idEvento}`)
      const slot = page.getByRole('listitem', { name: 'Resumen médico' })
      await slot.getByTestId('file-input').setInputFiles({ name: 'roto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nesto no es un pdf') })
      const preview = page.getByRole('dialog', { name: 'Vista previa: Resumen médico' })
      await preview.getByText(DAMAGED).waitFor(STEP)
      expect(await preview.getByRole('button', { name: 'Descargar', exact: true }).isEnabled()).toBe(true)
      await preview.getByRole('button', { name: 'Cancelar' }).click()
      await preview.waitFor({ state: 'hidden' })

      // Verification: each document read in the viewer beside its choices, then the next one.
      await page.goto(`${EXECUTIVE}/verificacion-documentos/${idEvento}`)
      for (const [index, label] of DOCUMENTS.entries()) {
        const card = page.getByRole('article', { name: label })
        const viewer = card.getByRole('region', { name: `Visor de documento: ${label}` })
        const page1 = await drawn(viewer)
        expect(page1.width).toBeGreaterThan(100)
        expect(page1.spans).toBeGreaterThan(0)
        // The real pdf.js answers the toolbar: a quarter turn lays the page on its side.
        if (index === 0) {
          await viewer.getByRole('button', { name: 'Girar 90 grados' }).click()
          await expect.poll(async () => (await drawn(viewer)).width > (await drawn(viewer)).height, STEP).toBe(true)
          await viewer.getByRole('region', { name: 'Página 1 de 1' }).press('+')
          await expect.poll(() => viewer.getByRole('button', { name: 'Ajustar al ancho' }).getAttribute('aria-pressed')).toBe('false')
        }
        await card.getByRole('group', { name: `Revisión de ${label}` }).locator('label', { hasText: 'Verificado digital' }).click()
        const next = DOCUMENTS[index + 1]
        if (next) await card.getByRole('button', { name: `Siguiente: ${next}` }).click()
      }
      const save = page.getByRole('button', { name: 'Guardar cambios' })
      await expect.poll(() => save.isEnabled()).toBe(true)
      await save.click()
      await page.getByText('Etapa actual: Asignación de proveedor').waitFor(STEP)

      // pdf.js came as its own chunk, with its worker from our origin; no CSP violation, no fallback to a fake worker.
      const origin = new URL(e2e.portal.url).origin
      expect(assets.some((url) => /\/assets\/pdfEngine-[\w-]+\.js$/.test(url))).toBe(true)
      const worker = assets.find((url) => /\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(url))
      expect(worker && new URL(worker).origin).toBe(origin)
      expect(warnings.filter((w) => /fake worker|Content Security Policy/i.test(w))).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("the provider downloads the authorization letter: its text holds the collaborator's name, the code and the amount", async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await signInAs(page, 'Proveedores')
      const user = await sessionUser(page)
      const list = await apiGet<{ items: { idEvento: number; statusId: number }[] }>(page, `/api/event/provider/${user.idUser}?pageSize=100`)
      const claim = list.items.find((c) => c.statusId === 7 || c.statusId === 9 || c.statusId === 8)
      expect(claim, 'a seeded claim of the demo provider with an approved dictamen').toBeDefined()
      const idEvento = claim!.idEvento
      const letter = await apiGet<{ colaboradorNombre: string; montoAutorizado: number }>(page, `/api/event/fullData/${idEvento}`)

      await page.goto(`/proveedores/cargar-factura/${idEvento}`)
      const [download] = await Promise.all([
        page.waitForEvent('download', STEP),
        page.getByRole('button', { name: 'Descargar carta autorización' }).click(),
      ])
      expect(download.suggestedFilename()).toBe(`Carta-autorizacion-C${idEvento}.pdf`)
      const text = (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).all
      const amount = `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(letter.montoAutorizado)} MXN`
      expect(text).toContain(letter.colaboradorNombre)
      expect(text).toContain(`C${idEvento}`)
      expect(text).toContain(amount)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
