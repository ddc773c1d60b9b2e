/**
 * The whole life of one claim in Chromium, every role through its own screens (issue 5): the executive creates the
 * claim from Inicio de trámite; the collaborator signs in at /login-colaborador and uploads the three PDFs (made
 * here with pdf-lib); the executive rejects one with a comment; the collaborator reads the comment and uploads it
 * again; the executive verifies the three, assigns the demo provider, fills the letter and approves the dictamen;
 * the provider finds the claim and uploads the invoice; the administrator approves it; the claim ends 'Trámite
 * concluido' and the collaborator's timeline shows every stage with its date; the retail partner opens it and can
 * change nothing. A second claim follows a rejected dictamen to 'Trámite rechazado'.
 *
 * Every step goes through the real UI. The API is only read: to pick seed data the screens need (a coverage that
 * allows a new claim, a state with cities, the demo provider's service) and to check what each screen stored.
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { canCreateClaim, groupCoverages, type ProcedureRow } from '../../machines/procedureSearch.machine'
import { DEMO_PROVIDER_ID } from '../../server/seed'
import { CLIENT_TOKEN, PARTNER, demoAccount, fillCollaboratorLogin, signInAs, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

type Role = 'Ejecutivo' | 'Administrativo' | 'Proveedores' | typeof PARTNER.name

const EXECUTIVE = '/ejecutivo/mis-tramites/proceso-general-tramites'
const PARTNER_PAGES = `/${PARTNER.prefix}/mis-tramites/proceso-general-tramites`
const DOCUMENTS = ['Formato de solicitud', 'Resumen médico', 'Identificación oficial'] as const
const STEP_TIMEOUT = { timeout: 15_000 }

// ───────────── reading the API (seed data for the screens, and what the screens stored) ─────────────

interface Envelope<T> {
  success: boolean
  response: T
  reason?: string | null
}

async function call<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${e2e.portal.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authtoken: CLIENT_TOKEN,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  return { status: response.status, body: (await response.json()) as Envelope<T> }
}

async function api<T>(path: string, token: string | null): Promise<T> {
  const { body } = await call<T>(path, token)
  if (!body.success) throw new Error(`${path}: ${body.reason}`)
  return body.response
}

async function apiToken(role: Role): Promise<string> {
  const { email, password, rol } = demoAccount(role)
  const { body } = await call<{ accessToken: string }>('/api/auth/login', null, { method: 'POST', body: { email, password, role: rol } })
  if (!body.success) throw new Error(`login ${role}: ${body.reason}`)
  return body.response.accessToken
}

interface ClaimRecord {
  idEvento: number
  idColaborador: number
  idProveedor: number | null
  statusId: number
  value: string
}

const CLAIMED_SUM = 2500.5

/** A collaborator of the seed with a coverage where 'Crear nuevo trámite' is enabled (spec section 4). */
async function creatableCoverage(token: string): Promise<{ idColaborador: number; descripcion: string }> {
  const seen = new Set<number>()
  for (let page = 1; page < 10; page++) {
    const { items } = await api<{ items: ClaimRecord[] }>(`/api/event/all?pageSize=100&page=${page}`, token)
    for (const { idColaborador } of items) {
      if (seen.has(idColaborador)) continue
      seen.add(idColaborador)
      const rows = await api<ProcedureRow[]>(`/api/event/get-procedures?idColaborador=${idColaborador}`, token)
      // Room for the claimed sum the test types ('Costo' may not exceed the available amount).
      const card = groupCoverages(rows).find((c) => canCreateClaim(c) && c.availableAmount >= CLAIMED_SUM)
      if (card) return { idColaborador, descripcion: card.descripcion }
    }
    if (items.length < 100) break
  }
  throw new Error('the seed has no coverage that allows a new claim')
}

async function stateWithCities(token: string): Promise<string> {
  const states = await api<Array<{ id: number; nombre: string }>>('/api/catalog/locations/estados', token)
  for (const state of states) {
    if ((await api<unknown[]>(`/api/catalog/locations/municipio/${state.id}`, token)).length > 0) return state.nombre
  }
  throw new Error('no state with municipalities')
}

/** The demo provider (the 'Proveedores' demo account) and the service it offers, as the assign page lists them. */
async function demoProvider(token: string): Promise<{ service: string; provider: string }> {
  const services = await api<Array<{ id: number; nombre: string }>>('/api/catalog/services', token)
  for (const service of services) {
    const providers = await api<Array<{ idProveedor: number; nombreProveedor: string }>>(`/api/catalog/providers/${service.id}`, token)
    const found = providers.find((p) => p.idProveedor === DEMO_PROVIDER_ID)
    if (found) return { service: service.nombre, provider: found.nombreProveedor }
  }
  throw new Error('the demo provider offers no active service')
}

// ───────────── browser helpers ─────────────

/** Uncaught errors of every page opened (console errors are left out: refused requests log there on purpose). */
const pageErrors: string[] = []

async function open(width = 1280): Promise<Page> {
  const { context, page } = await e2e.openPage(width, width < 960 ? 812 : 900)
  e2e.contexts.push(context)
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`))
  return page
}

async function signIn(role: Role, width = 1280): Promise<Page> {
  const page = await open(width)
  await signInAs(page, role)
  return page
}

async function choose(page: Page, scope: Page | Locator, label: string, option?: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  const item = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first()
  const text = ((await item.first().textContent()) ?? '').trim()
  await item.first().click()
  return text
}

async function pdf(title: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  document.addPage([420, 240]).drawText(title, { x: 30, y: 120, size: 13, font })
  const name = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf`
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) }
}

const isoDaysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function fillDate(page: Page, label: string, iso: string) {
  const input = page.getByRole('textbox', { name: label, exact: true })
  const [year, month, day] = iso.split('-')
  await input.fill(`${day}/${month}/${year}`)
  await input.press('Tab')
  await expect.poll(() => input.inputValue()).toBe(iso)
}

const stageShown = (page: Page, value: string) => expect.poll(() => page.getByText(`Etapa actual: ${value}`).isVisible(), STEP_TIMEOUT).toBe(true)

// ───────────── the steps, one per role and screen ─────────────

/** Executive, Inicio de trámite → new claim page → 'Iniciar trámite'. Returns the new claim's number. */
async function executiveCreatesClaim(executive: Page, adminToken: string, executiveToken: string): Promise<{ idEvento: number; idColaborador: number }> {
  const target = await creatableCoverage(adminToken)
  await executive.goto('/home')
  await executive.getByLabel('Dato a buscar').fill(String(target.idColaborador))
  await executive.getByRole('button', { name: 'Buscar', exact: true }).click()
  const create = executive.getByRole('article', { name: target.descripcion }).getByRole('button', { name: 'Crear nuevo trámite' })
  await expect.poll(() => create.isEnabled(), STEP_TIMEOUT).toBe(true)
  await create.click()
  await executive.getByRole('heading', { name: 'Declaración de trámite' }).waitFor()
  const phone = executive.getByLabel('Teléfono')
  if ((await phone.inputValue()).length !== 10) await phone.fill('6671234567')
  await executive.getByLabel('Edad').fill('38')
  await choose(executive, executive, 'Género', 'Femenino')
  await executive.getByLabel('Costo').fill('2500.50')
  await choose(executive, executive, 'Estado', await stateWithCities(executiveToken))
  await expect.poll(() => executive.getByRole('combobox', { name: 'Ciudad' }).isEnabled(), STEP_TIMEOUT).toBe(true)
  await choose(executive, executive, 'Ciudad')
  const start = executive.getByRole('button', { name: 'Iniciar trámite' })
  try {
    await expect.poll(() => start.isEnabled(), STEP_TIMEOUT).toBe(true)
  } catch {
    // Say which field the form refuses, rather than a bare click timeout.
    const invalid = await executive.locator('[aria-invalid=true]').evaluateAll((fields) =>
      fields.map((field) => `${field.getAttribute('name') ?? field.id}=${(field as HTMLInputElement).value ?? ''}`),
    )
    throw new Error(`'Iniciar trámite' stays disabled; invalid fields: ${invalid.join(', ') || 'none'}`)
  }
  await start.click()
  await executive.waitForURL(/\/ejecutivo\/mis-tramites\/proceso-general-tramites\/\d+$/)
  const idEvento = Number(new URL(executive.url()).pathname.split('/').pop())
  await stageShown(executive, 'Trámite iniciado')
  return { idEvento, idColaborador: target.idColaborador }
}

/** Collaborator: /login-colaborador, the claim card, 'Ir a trámite', the three uploads and 'Enviar a validar'. */
async function collaboratorUploadsThree(collaborator: Page, idColaborador: number, idEvento: number) {
  await fillCollaboratorLogin(collaborator, idColaborador, idEvento)
  await collaborator.waitForURL('**/home-colaborador')
  const card = collaborator.getByRole('article', { name: `Trámite actual C${idEvento}` })
  await card.waitFor()
  expect(await card.textContent()).toContain('Trámite iniciado')
  expect(await card.textContent()).toContain('$2,500.50')
  await card.getByRole('link', { name: 'Ir a trámite' }).click()
  await collaborator.waitForURL(`**/home-colaborador/carga-de-datos/${idEvento}`)
  const send = collaborator.getByRole('button', { name: 'Enviar a validar' })
  for (const [index, label] of DOCUMENTS.entries()) {
    const slot = collaborator.getByRole('article', { name: label })
    await slot.getByTestId('file-input').setInputFiles(await pdf(`${label} C${idEvento}`))
    await sendFromPreview(collaborator, label)
    await expect.poll(() => slot.getByText('Cargado', { exact: true }).isVisible(), STEP_TIMEOUT).toBe(true)
    // 'Enviar a validar' only once all three exist.
    expect(await send.isEnabled()).toBe(index === 2)
  }
  await send.click()
  const notice = collaborator.getByRole('dialog', { name: 'Carga completa' })
  await notice.waitFor()
  expect(await notice.textContent()).toContain('Has terminado de subir tus archivos')
  await notice.getByRole('button', { name: 'Aceptar' }).click()
  await notice.waitFor({ state: 'hidden' })
}

/** Executive, verification page: 'Verificado digital' for the three, 'Guardar cambios'. */
/** A picked PDF shows in the preview first (drawn by pdf.js); 'Cargar documento' sends it. */
async function sendFromPreview(page: Page, label: string) {
  const preview = page.getByRole('dialog', { name: `Vista previa: ${label}` })
  await preview.locator('canvas').waitFor(STEP_TIMEOUT)
  await preview.getByRole('button', { name: 'Cargar documento' }).click()
  await preview.waitFor({ state: 'hidden' })
}

async function executiveVerifiesAll(executive: Page, idEvento: number) {
  await executive.goto(`${EXECUTIVE}/verificacion-documentos/${idEvento}`)
  const save = executive.getByRole('button', { name: 'Guardar cambios' })
  for (const label of DOCUMENTS) {
    await executive.getByRole('article', { name: label }).getByText('Verificado digital', { exact: true }).click()
  }
  await expect.poll(() => save.isEnabled()).toBe(true)
  await save.click()
  await stageShown(executive, 'Asignación de proveedor')
}

/** Executive: 'Asignar proveedor' → service, provider, 'Confirmar'. */
async function executiveAssignsProvider(executive: Page, idEvento: number, provider: { service: string; provider: string }) {
  await executive.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: `Inicio C${idEvento}` }).click()
  await executive.waitForURL(`**${EXECUTIVE}/${idEvento}`)
  const assign = executive.getByRole('button', { name: 'Asignar proveedor' })
  await expect.poll(() => assign.isEnabled(), STEP_TIMEOUT).toBe(true)
  await assign.click()
  await executive.waitForURL(`**${EXECUTIVE}/asignar-proveedor/${idEvento}`)
  await choose(executive, executive, 'Servicio', provider.service)
  await expect.poll(() => executive.getByRole('combobox', { name: 'Proveedor', exact: true }).isEnabled()).toBe(true)
  await choose(executive, executive, 'Proveedor', provider.provider)
  await executive.getByRole('button', { name: 'Confirmar' }).click()
  await executive.waitForURL(`**${EXECUTIVE}/${idEvento}`)
  await stageShown(executive, 'Carta autorización')
}

/** Executive, 'Carta autorización': every editable field, 'Guardar', then the dictamen PDF with its status. */
async function executiveFillsLetterAndDictamen(executive: Page, idEvento: number, verdict: 'Aprobado' | 'Rechazado') {
  await executive.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: 'Carta autorización' }).click()
  await executive.waitForURL(`**${EXECUTIVE}/carta-dictaminacion/${idEvento}`)
  await executive.getByLabel('Nombre del médico', { exact: true }).waitFor()
  await fillDate(executive, 'Fecha de ingreso', isoDaysFromToday(-2))
  await executive.getByLabel('Nombre del médico', { exact: true }).fill('Dr. Ernesto Lugo')
  await choose(executive, executive, 'Tipo de servicio', 'INICIAL')
  await choose(executive, executive, 'Tipo de atención', 'Programada')
  await choose(executive, executive, 'Tipo de atención 2', 'Atención médica')
  await choose(executive, executive, 'Tipo de padecimiento', 'Agudo')
  await executive.getByLabel('Diagnóstico', { exact: true }).fill('Faringoamigdalitis')
  await executive.getByLabel('Deducible hospitalario', { exact: true }).fill('0')
  await executive.getByLabel('Coaseguro', { exact: true }).fill('0')
  await executive.getByLabel('Especialidad del médico', { exact: true }).fill('Otorrinolaringología')
  await executive.getByLabel('Procedimiento', { exact: true }).fill('Consulta y cultivo')
  await executive.getByLabel('Monto', { exact: true }).fill('2500.50')
  await executive.getByLabel('Honorarios', { exact: true }).fill('800')
  await fillDate(executive, 'Vigencia desde', isoDaysFromToday(0))
  await fillDate(executive, 'Vigencia hasta', isoDaysFromToday(30))
  await fillDate(executive, 'Límite de facturación', isoDaysFromToday(45))
  const saveLetter = executive.getByRole('button', { name: 'Guardar', exact: true })
  await expect.poll(() => saveLetter.isEnabled()).toBe(true)
  await saveLetter.click()
  await expect.poll(() => executive.getByRole('button', { name: 'Guardado', exact: true }).isVisible(), STEP_TIMEOUT).toBe(true)

  const dictamen = executive.locator('section', { has: executive.getByRole('heading', { name: 'Carga de dictamen' }) })
  await dictamen.getByTestId('file-input').setInputFiles(await pdf(`Dictamen ${verdict} C${idEvento}`))
  await choose(executive, dictamen, 'Estatus del dictamen', verdict)
  const saveDictamen = dictamen.getByRole('button', { name: 'Guardar dictamen' })
  await expect.poll(() => saveDictamen.isEnabled()).toBe(true)
  await saveDictamen.click()
  await executive.getByRole('alertdialog', { name: '¿Guardar el dictamen?' }).getByRole('button', { name: 'Guardar dictamen' }).click()
  await stageShown(executive, verdict === 'Aprobado' ? 'Facturación' : 'Trámite rechazado')
}

/** The collaborator's 'Tiempo' tab: each stage's name, state and whether it shows a date. */
async function collaboratorTimeline(collaborator: Page, idEvento: number) {
  await collaborator.goto(`/home-colaborador/carga-de-datos/${idEvento}`)
  await collaborator.getByRole('tab', { name: 'Tiempo' }).click()
  const list = collaborator.getByRole('list', { name: 'Etapas del trámite' })
  await list.waitFor()
  return list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => ({
      stage: item.querySelector('[data-part=card] > span')?.firstChild?.textContent?.trim() ?? '',
      state: item.getAttribute('data-state'),
      current: item.getAttribute('aria-current') === 'step',
      date: item.querySelector('time')?.getAttribute('datetime') ?? null,
      shown: item.querySelector('time')?.textContent ?? null,
    })),
  )
}

// ───────────── the tests ─────────────

describe('claim lifecycle across every role', () => {
  it(
    "one claim from creation to 'Trámite concluido', every role through its screens; the partner changes nothing",
    async () => {
      const [adminToken, executiveToken] = await Promise.all([apiToken('Administrativo'), apiToken('Ejecutivo')])
      const provider = await demoProvider(adminToken)
      const stored = async () => api<ClaimRecord>(`/api/event/by-id/${idEvento}`, adminToken)

      // 1. The executive creates the claim.
      const executive = await signIn('Ejecutivo')
      const { idEvento, idColaborador } = await executiveCreatesClaim(executive, adminToken, executiveToken)
      expect(await stored()).toMatchObject({ idColaborador, statusId: 1 })

      // 2. The collaborator signs in with collaborator and claim number and uploads the three PDFs.
      const collaborator = await open(375)
      await collaboratorUploadsThree(collaborator, idColaborador, idEvento)
      expect(await stored()).toMatchObject({ statusId: 3, value: 'Validación de documentos' })

      // 3. The executive rejects the medical summary with a comment.
      const comment = 'El resumen médico no tiene la firma del médico tratante'
      await executive.goto(`${EXECUTIVE}/verificacion-documentos/${idEvento}`)
      const summary = executive.getByRole('article', { name: 'Resumen médico' })
      await summary.getByText('Rechazado digital', { exact: true }).click()
      await summary.getByRole('button', { name: 'Enviar comentario' }).click()
      await summary.getByLabel('Comentario sobre Resumen médico').fill(comment)
      await summary.getByRole('button', { name: 'Agregar comentario' }).click()
      await expect.poll(() => summary.getByText('Comentario agregado correctamente').isVisible(), STEP_TIMEOUT).toBe(true)
      await expect.poll(async () => (await stored()).statusId, STEP_TIMEOUT).toBe(4)

      // 4. The collaborator sees the comment on the rejected document and uploads it again.
      await collaborator.goto(`/home-colaborador/carga-de-datos/${idEvento}`)
      const rejected = collaborator.getByRole('article', { name: 'Resumen médico' })
      await expect.poll(() => rejected.getByText('Rechazado digital', { exact: true }).isVisible(), STEP_TIMEOUT).toBe(true)
      expect(await rejected.getByText(comment).isVisible()).toBe(true)
      // Issue 21: a document nobody has reviewed yet can still be replaced; only a verified one cannot.
      expect(await collaborator.getByRole('article', { name: 'Formato de solicitud' }).locator('[data-testid="file-input"]:enabled').count()).toBe(1)
      await rejected.getByTestId('file-input').setInputFiles(await pdf(`Resumen medico firmado C${idEvento}`))
      await sendFromPreview(collaborator, 'Resumen médico')
      await expect.poll(() => rejected.getByText('Cargado', { exact: true }).isVisible(), STEP_TIMEOUT).toBe(true)
      expect(await rejected.getByText(comment).count()).toBe(0)
      expect(await stored()).toMatchObject({ statusId: 3 })

      // 5. The executive verifies the three, assigns the provider, fills the letter and approves the dictamen.
      await executiveVerifiesAll(executive, idEvento)
      await executiveAssignsProvider(executive, idEvento, provider)
      await executiveFillsLetterAndDictamen(executive, idEvento, 'Aprobado')
      expect(await stored()).toMatchObject({ statusId: 7, idProveedor: DEMO_PROVIDER_ID })

      // 6. The provider finds the claim by its number and uploads the invoice.
      const providerPage = await signIn('Proveedores')
      // Issue 23: the provider lands on 'Pendientes'; 'Mis trámites' holds the search by number.
      await providerPage.waitForURL('**/proveedores/pendientes')
      await providerPage.goto('/proveedores/mis-tramites')
      await providerPage.getByRole('searchbox', { name: 'Buscar por número de trámite' }).fill(`c${idEvento}`)
      const providerCard = providerPage.getByRole('article', { name: `Trámite C${idEvento}` })
      await providerCard.waitFor()
      await expect.poll(() => providerPage.getByRole('article').count()).toBe(1)
      await providerCard.getByRole('link', { name: 'Cargar factura' }).click()
      await providerPage.waitForURL(`**/proveedores/cargar-factura/${idEvento}`)
      await providerPage.getByRole('heading', { name: `Factura trámite: C${idEvento}` }).waitFor()
      await providerPage.getByRole('button', { name: 'Ver comentario' }).click()
      await providerPage.getByText('No hay comentarios de la factura').waitFor()
      await providerPage.getByTestId('file-input').setInputFiles(await pdf(`Factura C${idEvento}`))
      await providerPage.getByText('Carga de factura exitosa.').waitFor(STEP_TIMEOUT)
      expect(await providerPage.getByText('Pagada', { exact: true }).isVisible()).toBe(true)
      expect(await providerPage.getByRole('button', { name: 'Editar factura' }).isVisible()).toBe(true)
      expect(await providerPage.getByRole('button', { name: 'Eliminar factura' }).isVisible()).toBe(true)
      // The success notice lasts 3 s.
      await providerPage.getByText('Carga de factura exitosa.').waitFor({ state: 'hidden', timeout: 5_000 })
      expect(await stored()).toMatchObject({ statusId: 9, value: 'Factura en revisión' })

      // 7. The administrator approves the invoice and is back at the list.
      const admin = await signIn('Administrativo')
      await admin.goto('/administrador/facturas')
      await admin.getByRole('searchbox', { name: 'Buscar trámite' }).fill(`Trámite: C${idEvento}`)
      const invoiceCard = admin.getByRole('article', { name: `Trámite: C${idEvento}` })
      await invoiceCard.waitFor()
      await invoiceCard.getByRole('link', { name: 'Ver trámite' }).click()
      await admin.waitForURL(new RegExp(`/administrador/facturas/descargar-facturas/\\d+/${idEvento}$`))
      const approve = admin.getByRole('button', { name: 'Aprobar factura' })
      await expect.poll(() => approve.isEnabled(), STEP_TIMEOUT).toBe(true)
      expect(await admin.getByRole('button', { name: 'Descargar factura' }).isEnabled()).toBe(true)
      await approve.click()
      // Approving concludes the claim: confirmed in a dialog, then said.
      await admin.getByRole('alertdialog', { name: '¿Aprobar la factura?' }).getByRole('button', { name: 'Aprobar factura' }).click()
      await admin.waitForURL('**/administrador/facturas')
      await admin.getByText(`Factura aprobada: el trámite C${idEvento} quedó concluido.`).waitFor()
      expect(await stored()).toMatchObject({ statusId: 8, value: 'Trámite concluido' })

      // 8. The claim is concluded; the collaborator's timeline shows every stage with its date.
      await collaborator.goto('/home-colaborador')
      await expect
        .poll(async () => (await collaborator.getByRole('article', { name: `Trámite actual C${idEvento}` }).textContent()) ?? '', STEP_TIMEOUT)
        .toContain('Trámite concluido')
      const timeline = await collaboratorTimeline(collaborator, idEvento)
      expect(timeline.map((step) => step.stage)).toEqual([
        'Trámite iniciado',
        'Carga de documentos',
        'Validación de documentos',
        'Documentos rechazados',
        'Asignación de proveedor',
        'Carta autorización',
        'Facturación',
        'Factura en revisión',
        'Trámite concluido',
      ])
      expect(timeline.every((step) => step.date !== null && /\d+ de \p{L}+ de \d{4}/u.test(step.shown ?? ''))).toBe(true)
      expect(timeline.filter((step) => step.current).map((step) => step.stage)).toEqual(['Trámite concluido'])
      const dates = timeline.map((step) => step.date!)
      const history = await api<Array<{ status: number; fecha: string }>>(`/api/event/get-status/${idEvento}`, adminToken)
      expect(new Set(dates)).toEqual(new Set(history.filter((h, i, all) => all.findLastIndex((x) => x.status === h.status) === i).map((h) => h.fecha)))

      // 9. The retail partner opens it from the dashboard and can change nothing.
      const before = {
        claim: await stored(),
        files: await api<{ files: unknown[] }>(`/api/file/get-info-by-event/${idEvento}`, adminToken),
      }
      const partner = await signIn(PARTNER.name, 375)
      await partner.waitForURL(`**/${PARTNER.prefix}/dashboard`)
      await partner.getByLabel('Escriba el número de trámite que busca').fill(`C${idEvento}`)
      const partnerCard = partner.getByRole('article', { name: `Trámite C${idEvento}` })
      await partnerCard.waitFor()
      await partnerCard.getByRole('link', { name: 'Ver trámite' }).click()
      await partner.waitForURL(`**${PARTNER_PAGES}/${idEvento}`)
      await stageShown(partner, 'Trámite concluido')
      expect(await partner.getByRole('button', { name: 'Asignar proveedor' }).count()).toBe(0)
      await partner.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: 'Validación de documentos' }).click()
      await partner.waitForURL(`**${PARTNER_PAGES}/validacion-documentos/${idEvento}`)
      await expect.poll(() => partner.getByRole('progressbar', { name: 'Documentos verificados' }).getAttribute('aria-valuenow')).toBe('3')
      expect(await partner.getByTestId('file-input').count()).toBe(0)
      expect(await partner.getByRole('button', { name: 'Enviar a validar' }).count()).toBe(0)
      await partner.goto(`${PARTNER_PAGES}/verificacion-documentos/${idEvento}`)
      await partner.getByRole('article', { name: 'Resumen médico' }).waitFor()
      expect(await partner.getByRole('button', { name: 'Guardar cambios' }).count()).toBe(0)
      expect(await partner.getByRole('button', { name: 'Enviar comentario' }).count()).toBe(0)
      const radios = partner.locator('input[type=radio]')
      expect(await radios.count()).toBe(12)
      expect(await radios.evaluateAll((inputs) => inputs.every((input) => (input as HTMLInputElement).disabled))).toBe(true)
      await partner.goto(`${PARTNER_PAGES}/carta-dictaminacion/${idEvento}`)
      await partner.getByLabel('Nombre del médico', { exact: true }).waitFor()
      expect(await partner.getByLabel('Nombre del médico', { exact: true }).isDisabled()).toBe(true)
      expect(await partner.getByRole('button', { name: 'Guardar', exact: true }).count()).toBe(0)
      expect(await partner.getByRole('button', { name: 'Guardar dictamen' }).count()).toBe(0)
      // And the server refuses the partner's writes anyway.
      const partnerToken = await partner.evaluate(() => localStorage.getItem('accessToken'))
      const refusals = await Promise.all([
        call('/api/file/verify-file', partnerToken, {
          method: 'POST',
          body: { idEvento, preguntas: [1, 2, 3].map((tipo) => ({ tipo, idStatus: 3 })) },
        }),
        call('/api/event/assign-provider', partnerToken, { method: 'PUT', body: { idEvento, idProveedor: DEMO_PROVIDER_ID } }),
        call('/api/event/update', partnerToken, { method: 'PUT', body: { idEvento, diagnostico: 'Cambio' } }),
        call('/api/file/validate-invoice', partnerToken, { method: 'POST', body: { idEvento } }),
      ])
      expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403])
      expect({
        claim: await stored(),
        files: await api<{ files: unknown[] }>(`/api/file/get-info-by-event/${idEvento}`, adminToken),
      }).toEqual(before)
      expect(pageErrors).toEqual([])
    },
    360_000,
  )

  it(
    "a rejected dictamen ends the claim at 'Trámite rechazado', and the collaborator's timeline says so",
    async () => {
      const [adminToken, executiveToken] = await Promise.all([apiToken('Administrativo'), apiToken('Ejecutivo')])
      const provider = await demoProvider(adminToken)
      const executive = await signIn('Ejecutivo')
      const { idEvento, idColaborador } = await executiveCreatesClaim(executive, adminToken, executiveToken)
      const collaborator = await open(1280)
      await collaboratorUploadsThree(collaborator, idColaborador, idEvento)
      await executiveVerifiesAll(executive, idEvento)
      await executiveAssignsProvider(executive, idEvento, provider)
      await executiveFillsLetterAndDictamen(executive, idEvento, 'Rechazado')
      expect(await api<ClaimRecord>(`/api/event/by-id/${idEvento}`, adminToken)).toMatchObject({ statusId: 10, value: 'Trámite rechazado' })

      const timeline = await collaboratorTimeline(collaborator, idEvento)
      expect(timeline.map((step) => [step.stage, step.state])).toEqual([
        ['Trámite iniciado', 'done'],
        ['Carga de documentos', 'done'],
        ['Validación de documentos', 'done'],
        ['Asignación de proveedor', 'done'],
        ['Carta autorización', 'done'],
        ['Trámite rechazado', 'current'],
      ])
      expect(timeline.every((step) => step.date !== null)).toBe(true)
      // Nothing is left to upload: the documents were verified.
      await collaborator.getByRole('tab', { name: 'Proceso actual' }).click()
      expect(await collaborator.locator('[data-testid="file-input"]:enabled').count()).toBe(0)

      // The provider cannot invoice a rejected claim: the page offers no upload and says why (the server's own
      // refusal of an invoice outside Facturación is in tests/server/files.dictamen-invoices.test.ts).
      const providerPage = await signIn('Proveedores')
      await providerPage.goto(`/proveedores/cargar-factura/${idEvento}`)
      await providerPage.getByText('Trámite rechazado: solo lectura').waitFor(STEP_TIMEOUT)
      expect(await providerPage.getByTestId('file-input').count()).toBe(0)
      expect(await providerPage.getByText('Pagada', { exact: true }).count()).toBe(0)
      expect(await api<ClaimRecord>(`/api/event/by-id/${idEvento}`, adminToken)).toMatchObject({ statusId: 10 })
      expect(pageErrors).toEqual([])
    },
    300_000,
  )
})
