/**
 * Claim process end to end (spec 2.11 'Claim process tabs' to 'Assign provider'): the demo executive opens a
 * seeded claim at 'Validación de documentos' with its three documents, verifies the three, assigns a provider,
 * fills and saves the authorization letter and approves the dictamen with a PDF made here (pdf-lib), and the claim
 * shows 'Facturación'. Then the retail partner sees the same claim read-only, a non-PDF is refused before sending,
 * and a claim that does not exist sends the user back to the list.
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { PARTNER, apiGet, signInAs, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

const EXECUTIVE = '/ejecutivo/mis-tramites/proceso-general-tramites'
const PARTNER_PAGES = `/${PARTNER.prefix}/mis-tramites/proceso-general-tramites`

interface ClaimRow {
  idEvento: number
  statusId: number
}

/** A seeded claim of the demo executive at stage 3 whose three documents are uploaded. */
async function claimToValidate(page: Page): Promise<number> {
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { idUser: number })
  const list = await apiGet<{ items: ClaimRow[] }>(page, `/api/event/executive/${user.idUser}?pageSize=100`)
  for (const claim of list.items.filter((c) => c.statusId === 3)) {
    const info = await apiGet<{ numSended: number }>(page, `/api/file/get-info-by-event/${claim.idEvento}`)
    if (info.numSended === 3) return claim.idEvento
  }
  throw new Error('the demo data has no claim at stage 3 with its three documents')
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option }).first().click()
}

const isoDaysFromToday = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000)
  return date.toISOString().slice(0, 10)
}

/** Types the date as a person in Mexico does (DD/MM/YYYY; YYYY-MM-DD is read too), then leaves it. */
async function fillDate(page: Page, label: string, iso: string) {
  const input = page.getByRole('textbox', { name: label, exact: true })
  const [year, month, day] = iso.split('-')
  await input.fill(`${day}/${month}/${year}`)
  await input.press('Tab')
  // The picker shows and keeps the date as YYYY-MM-DD.
  await expect.poll(() => input.inputValue()).toBe(iso)
}

async function dictamenPdf(idEvento: number): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pdf.addPage([400, 200]).drawText(`Dictamen del trámite C${idEvento}: aprobado`, { x: 30, y: 100, size: 14, font })
  return Buffer.from(await pdf.save())
}

describe('claim process', () => {
  let idEvento = 0

  it('the executive verifies the documents, assigns a provider, fills the letter and approves the dictamen', async () => {
    const { context, page } = await e2e.openPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    try {
      await signInAs(page, 'Ejecutivo')
      idEvento = await claimToValidate(page)

      // Documents: three present, 'Verificar documentos' leads to the verification page.
      await page.goto(`${EXECUTIVE}/validacion-documentos/${idEvento}`)
      await expect.poll(() => page.getByText('Etapa actual: Validación de documentos').isVisible()).toBe(true)
      await expect.poll(() => page.getByRole('progressbar', { name: 'Documentos cargados' }).getAttribute('aria-valuenow')).toBe('3')
      expect(await page.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: 'Validación de documentos' }).getAttribute('aria-current')).toBe('page')
      await page.getByRole('button', { name: 'Verificar documentos' }).click()
      await page.waitForURL(`**${EXECUTIVE}/verificacion-documentos/${idEvento}`)

      // Verification: 'Verificado digital' for the three, then 'Guardar cambios'.
      const save = page.getByRole('button', { name: 'Guardar cambios' })
      for (const label of ['Formato de solicitud', 'Resumen médico', 'Identificación oficial']) {
        // The option (a label around its radio), not the status chip that may show the same words.
        await page.getByRole('article', { name: label }).locator('label', { hasText: 'Verificado digital' }).click()
      }
      await expect.poll(() => save.isEnabled()).toBe(true)
      await save.click()
      await expect.poll(() => page.getByText('Etapa actual: Asignación de proveedor').isVisible(), { timeout: 15_000 }).toBe(true)

      // General data: 'Asignar proveedor' is enabled now.
      await page.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: `Inicio C${idEvento}` }).click()
      await page.waitForURL(`**${EXECUTIVE}/${idEvento}`)
      const assign = page.getByRole('button', { name: 'Asignar proveedor' })
      await expect.poll(() => assign.isEnabled()).toBe(true)
      await assign.click()
      await page.waitForURL(`**${EXECUTIVE}/asignar-proveedor/${idEvento}`)

      // Assign provider: service, then provider, then Confirmar.
      await choose(page, page, 'Servicio', 'Estudios de imagen')
      const provider = page.getByRole('combobox', { name: 'Proveedor', exact: true })
      await expect.poll(() => provider.isEnabled()).toBe(true)
      await provider.click()
      const firstProvider = page.getByRole('option').first()
      const providerName = (await firstProvider.textContent())!.trim()
      await firstProvider.click()
      await page.getByRole('button', { name: 'Confirmar' }).click()
      await page.waitForURL(`**${EXECUTIVE}/${idEvento}`)
      await expect.poll(() => page.getByText('Etapa actual: Carta autorización').isVisible()).toBe(true)
      await expect.poll(() => page.getByText(providerName, { exact: true }).first().isVisible()).toBe(true)

      // Letter: fill every editable field and save.
      await page.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: 'Carta autorización' }).click()
      await page.waitForURL(`**${EXECUTIVE}/carta-dictaminacion/${idEvento}`)
      await page.getByLabel('Nombre del médico', { exact: true }).waitFor()
      expect(await page.getByLabel('Nombre del proveedor', { exact: true }).inputValue()).toBe(providerName)
      expect(await page.getByLabel('Nombre del proveedor', { exact: true }).getAttribute('readonly')).not.toBeNull()
      await fillDate(page, 'Fecha de ingreso', isoDaysFromToday(-3))
      await page.getByLabel('Nombre del médico', { exact: true }).fill('Dra. Rosa Méndez')
      await choose(page, page, 'Tipo de servicio', 'INICIAL')
      await choose(page, page, 'Tipo de atención', 'Programada')
      await choose(page, page, 'Tipo de atención 2', 'Paraclínicos y Estudios de Gabinete')
      await choose(page, page, 'Tipo de padecimiento', 'Enfermedad')
      await page.getByLabel('Diagnóstico', { exact: true }).fill('Lesión de rodilla')
      await page.getByLabel('Deducible hospitalario', { exact: true }).fill('500')
      await page.getByLabel('Coaseguro', { exact: true }).fill('10')
      await page.getByLabel('Especialidad del médico', { exact: true }).fill('Ortopedia')
      await page.getByLabel('Procedimiento', { exact: true }).fill('Resonancia magnética')
      await page.getByLabel('Monto', { exact: true }).fill('4500')
      await page.getByLabel('Honorarios', { exact: true }).fill('1200.50')
      await fillDate(page, 'Vigencia desde', isoDaysFromToday(0))
      await fillDate(page, 'Vigencia hasta', isoDaysFromToday(30))
      await fillDate(page, 'Límite de facturación', isoDaysFromToday(45))
      const saveLetter = page.getByRole('button', { name: 'Guardar', exact: true })
      await expect.poll(() => saveLetter.isEnabled()).toBe(true)
      await saveLetter.click()
      await expect.poll(() => page.getByRole('button', { name: 'Guardado', exact: true }).isVisible()).toBe(true)
      const letter = await apiGet<Record<string, unknown>>(page, `/api/event/fullData/${idEvento}`)
      expect(letter).toMatchObject({ nombreMedico: 'Dra. Rosa Méndez', tipoAtencion: 3, medicoHonorariosAsegurado: 1200.5, vigenciaDesde: isoDaysFromToday(0) })

      // Dictamen: a PDF and 'Aprobado', then save; the claim moves to 'Facturación'.
      const dictamen = page.locator('section', { has: page.getByRole('heading', { name: 'Carga de dictamen' }) })
      const saveDictamen = dictamen.getByRole('button', { name: 'Guardar dictamen' })
      expect(await saveDictamen.isDisabled()).toBe(true)
      await dictamen.getByTestId('file-input').setInputFiles({
        name: 'dictamen_aprobado.pdf',
        mimeType: 'application/pdf',
        buffer: await dictamenPdf(idEvento),
      })
      await expect.poll(() => dictamen.getByText('Archivo seleccionado: dictamen_a.pdf').isVisible()).toBe(true)
      expect(await saveDictamen.isDisabled()).toBe(true)
      await choose(page, dictamen, 'Estatus del dictamen', 'Aprobado')
      await expect.poll(() => saveDictamen.isEnabled()).toBe(true)
      await saveDictamen.click()
      // The dictamen cannot be taken back: it asks first.
      const confirmDictamen = page.getByRole('alertdialog', { name: '¿Guardar el dictamen?' })
      await confirmDictamen.getByRole('button', { name: 'Guardar dictamen' }).click()
      await expect.poll(() => page.getByText('Etapa actual: Facturación').isVisible(), { timeout: 15_000 }).toBe(true)
      await expect.poll(() => dictamen.getByText('Aprobado', { exact: true }).isVisible()).toBe(true)

      // The general data shows the stage on the timeline.
      await page.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: `Inicio C${idEvento}` }).click()
      const current = page.locator('li[aria-current="step"]')
      await expect.poll(() => current.textContent()).toContain('Facturación')
      const stored = await apiGet<{ statusId: number; value: string }>(page, `/api/event/by-id/${idEvento}`)
      expect(stored).toMatchObject({ statusId: 7, value: 'Facturación' })
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('the retail partner sees the claim read-only', async () => {
    expect(idEvento).toBeGreaterThan(0)
    const { context, page } = await e2e.openPage(375, 800)
    try {
      await signInAs(page, PARTNER.name)
      await page.goto(`${PARTNER_PAGES}/${idEvento}`)
      await expect.poll(() => page.getByText('Etapa actual: Facturación').isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Asignar proveedor' }).count()).toBe(0)
      await page.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: 'Validación de documentos' }).click()
      await page.waitForURL(`**${PARTNER_PAGES}/validacion-documentos/${idEvento}`)
      await expect.poll(() => page.getByRole('progressbar', { name: 'Documentos verificados' }).getAttribute('aria-valuenow')).toBe('3')
      expect(await page.getByTestId('file-input').count()).toBe(0)
      await page.getByRole('button', { name: 'Verificar documentos' }).click()
      await page.waitForURL(`**${PARTNER_PAGES}/verificacion-documentos/${idEvento}`)
      await page.getByRole('article', { name: 'Resumen médico' }).waitFor()
      expect(await page.getByRole('button', { name: 'Guardar cambios' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Enviar comentario' }).count()).toBe(0)
      await page.goto(`${PARTNER_PAGES}/carta-dictaminacion/${idEvento}`)
      await page.getByLabel('Nombre del médico', { exact: true }).waitFor()
      expect(await page.getByLabel('Nombre del médico', { exact: true }).isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: 'Guardar', exact: true }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('refuses a file that is neither a PDF nor a photo before sending, and a missing claim goes back to the list', async () => {
    const { context, page } = await e2e.openPage()
    try {
      await signInAs(page, 'Administrativo')
      const claims = await apiGet<{ items: ClaimRow[] }>(page, '/api/event/all?pageSize=100')
      const loading = claims.items.find((c) => c.statusId === 2)
      expect(loading).toBeDefined()
      await page.goto(`/administrador/mis-tramites/proceso-general-tramites/validacion-documentos/${loading!.idEvento}`)
      const slot = page.getByRole('listitem', { name: 'Identificación oficial' })
      await slot.waitFor()
      const uploads: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/api/file/add-files-to-event')) uploads.push(request.url())
      })
      await slot.getByTestId('file-input').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('no es un pdf') })
      await expect.poll(() => page.getByText('Error: Se requiere un archivo PDF').isVisible()).toBe(true)
      expect(uploads).toEqual([])

      await page.goto('/administrador/mis-tramites/proceso-general-tramites/987654')
      await page.waitForURL('**/administrador/mis-tramites')
    } finally {
      await context.close()
    }
  })
})
