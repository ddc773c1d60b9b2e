/**
 * End to end in Chromium on the real server and the demo seed (spec 2.11 'Inicio de trámite', 'New claim page',
 * 'Mis trámites', 'Reportes'): an executive searches a collaborator whose coverage allows a new claim (found through
 * the API with the same rule the screen uses), creates the claim, lands on its general-data page and finds it in
 * Mis trámites; an administrator sees the summary of a period covering the whole seed (four charts drawn, each with
 * its table: issues 14 and 23, the service-level compliance matching the server's answer) and downloads its report,
 * and the CSV is checked. Chromium's save dialog (File System Access
 * API) cannot be driven headless, so these pages go without it and take the streamed download's other path.
 */
import type { Page } from 'playwright-core'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { canCreateClaim, groupCoverages, type ProcedureRow } from '../../machines/procedureSearch.machine'
import { browserToday, CLIENT_TOKEN, demoAccount, fillRoleLogin, usePortalAndBrowser, waitForQuiet } from './harness'

const e2e = usePortalAndBrowser()

// ───────────── API helpers (to pick data from the seed and check what the screens did) ─────────────

interface Envelope<T> {
  success: boolean
  response: T
  reason?: string | null
}

async function apiToken(role: 'Ejecutivo' | 'Administrativo'): Promise<string> {
  const { email, password, rol } = demoAccount(role)
  const answer = await api<{ accessToken: string }>('/api/auth/login', null, { method: 'POST', body: { email, password, role: rol } })
  return answer.accessToken
}

async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${e2e.portal.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authtoken: CLIENT_TOKEN,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  const envelope = (await response.json()) as Envelope<T>
  if (!envelope.success) throw new Error(`${path}: ${envelope.reason}`)
  return envelope.response
}

interface ClaimRecord {
  idEvento: number
  idColaborador: number
  idCobertura: number
  montoAutorizado: number
  fechaIngreso: string
  beneficiary: string
}

async function allClaims(token: string): Promise<ClaimRecord[]> {
  const claims: ClaimRecord[] = []
  for (let page = 1; ; page++) {
    const answer = await api<{ items: ClaimRecord[]; total: number }>(`/api/event/all?pageSize=100&page=${page}`, token)
    claims.push(...answer.items)
    if (claims.length >= answer.total || answer.items.length === 0) return claims
  }
}

/** A collaborator of the seed with a coverage where 'Crear nuevo trámite' is enabled (spec section 4). */
async function creatableCoverage(token: string): Promise<{ idColaborador: number; idCobertura: number; descripcion: string; available: number }> {
  const collaborators = [...new Set((await allClaims(token)).map((claim) => claim.idColaborador))]
  for (const idColaborador of collaborators) {
    const rows = await api<ProcedureRow[]>(`/api/event/get-procedures?idColaborador=${idColaborador}`, token)
    const card = groupCoverages(rows).find(canCreateClaim)
    if (card) return { idColaborador, idCobertura: card.idCobertura, descripcion: card.descripcion, available: card.availableAmount }
  }
  throw new Error('the seed has no coverage that allows a new claim')
}

/** A state whose municipalities the seed holds (not every state has them without the SEPOMEX import). */
async function stateWithCities(token: string): Promise<string> {
  const states = await api<Array<{ id: number; nombre: string }>>('/api/catalog/locations/estados', token)
  for (const state of states) {
    const cities = await api<unknown[]>(`/api/catalog/locations/municipio/${state.id}`, token)
    if (cities.length > 0) return state.nombre
  }
  throw new Error('no state with municipalities')
}

async function signedIn(role: 'Ejecutivo' | 'Administrativo', home: string): Promise<Page> {
  const { context, page } = await e2e.openPage()
  e2e.contexts.push(context)
  await fillRoleLogin(page, demoAccount(role))
  // Issue 23: the office lands on 'Pendientes'; the screen under test is one click away.
  await page.waitForURL((url) => url.pathname.endsWith('/pendientes'))
  if (new URL(page.url()).pathname !== home) await page.goto(home)
  await page.waitForURL(`**${home}`)
  return page
}

async function choose(page: Page, label: string, option?: string): Promise<string> {
  await page.getByRole('combobox', { name: label }).click()
  const item = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first()
  const text = (await item.textContent()) ?? ''
  await item.click()
  return text.trim()
}

// ───────────── executive ─────────────

describe('executive: search, new claim, Mis trámites', () => {
  it('creates a claim from Inicio de trámite and lands on its general-data page', async () => {
    const target = await creatableCoverage(await apiToken('Administrativo'))
    const token = await apiToken('Ejecutivo')
    const page = await signedIn('Ejecutivo', '/home')

    const searchButton = page.getByRole('button', { name: 'Buscar', exact: true })
    await expect(searchButton.isDisabled()).resolves.toBe(true)
    await page.getByLabel('Dato a buscar').fill(String(target.idColaborador))
    await searchButton.click()
    await page.getByRole('heading', { name: 'Numero de colaborador' }).waitFor()
    await expect(page.getByText(String(target.idColaborador), { exact: true }).isVisible()).resolves.toBe(true)

    const card = page.getByRole('article', { name: target.descripcion })
    const create = card.getByRole('button', { name: 'Crear nuevo trámite' })
    await expect(create.isEnabled()).resolves.toBe(true)
    // The button sits below the fold on small screens: the next screen must still start at the top.
    await create.scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollBy(0, 400))
    await create.click()
    await page.waitForURL(`**/nuevo-tramite/${target.idColaborador}/${target.idCobertura}`)
    await page.getByRole('heading', { name: 'Declaración de trámite' }).waitFor()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    // Prefilled from the collaborator record.
    const nombre = page.getByLabel('Nombre', { exact: true })
    await expect(nombre.inputValue()).resolves.not.toBe('')
    const telefono = page.getByLabel('Teléfono')
    if ((await telefono.inputValue()).length !== 10) await telefono.fill('6671234567')

    const submit = page.getByRole('button', { name: 'Iniciar trámite' })
    await expect(submit.isDisabled()).resolves.toBe(true)
    await page.getByLabel('Edad').fill('41')
    await choose(page, 'Género', 'Masculino')
    await page.getByLabel('Costo').fill('150.75')
    await choose(page, 'Estado', await stateWithCities(token))
    const cityBox = page.getByRole('combobox', { name: 'Ciudad' })
    // The cities of the chosen state load first.
    await expect.poll(() => cityBox.isEnabled(), { timeout: 10_000 }).toBe(true)
    await choose(page, 'Ciudad')
    await expect(submit.isEnabled()).resolves.toBe(true)
    await submit.click()

    await page.waitForURL(/\/ejecutivo\/mis-tramites\/proceso-general-tramites\/\d+$/)
    const idEvento = Number(new URL(page.url()).pathname.split('/').pop())
    const claim = await api<ClaimRecord>(`/api/event/by-id/${idEvento}`, token)
    expect(claim).toMatchObject({ idColaborador: target.idColaborador, idCobertura: target.idCobertura, montoAutorizado: 150.75 })
    // The claim exists, so the general page stays (a missing claim would send us to /mis-tramites).
    await waitForQuiet(page)
    expect(new URL(page.url()).pathname).toBe(`/ejecutivo/mis-tramites/proceso-general-tramites/${idEvento}`)

    // Mis trámites finds it by its code, a leading C ignored.
    await page.goto('/mis-tramites')
    await page.getByRole('link', { name: 'Ver trámite' }).first().waitFor()
    await page.getByLabel('Escriba el número de trámite que busca').fill(`C${idEvento}`)
    const found = page.getByRole('article', { name: `Trámite C${idEvento}` })
    await found.waitFor()
    await found.getByRole('link', { name: 'Ver trámite' }).click()
    await page.waitForURL(`**/ejecutivo/mis-tramites/proceso-general-tramites/${idEvento}`)
  })
})

// ───────────── administrator ─────────────

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** Picks a day in one picker's calendar, `monthsBack` months before the current one. */
async function pickDay(page: Page, label: string, monthsBack: number, day: number) {
  await page.getByRole('button', { name: `Abrir calendario: ${label}` }).click()
  const grid = page.getByRole('grid')
  await grid.waitFor()
  for (let i = 0; i < monthsBack; i++) await page.getByRole('button', { name: 'Mes anterior' }).click()
  await grid.locator('[data-part="table-cell-trigger"]:not([data-outside-range])', { hasText: new RegExp(`^${day}$`) }).first().click()
  await grid.waitFor({ state: 'hidden' })
}

/** The report pages of these tests: without `showSaveFilePicker`, so the CSV arrives as a browser download. */
async function reportsPage(): Promise<Page> {
  const page = await signedIn('Administrativo', '/administrador/inicio-de-cobertura')
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker
  })
  await page.goto('/administrador/reportes')
  await page.getByRole('heading', { name: 'Reportes' }).waitFor()
  return page
}

/** The period from the 1st of the month of the oldest claim to today, and the claims created in it. */
async function seedPeriod() {
  const token = await apiToken('Administrativo')
  const claims = await allClaims(token)
  const oldest = claims.map((c) => c.fechaIngreso).sort()[0]!
  // The calendar offers days up to the browser's today (Mexico City), not Node's UTC one.
  const today = browserToday()
  const oldestDate = new Date(`${oldest.slice(0, 10)}T12:00:00`)
  const monthsBack = (today.getFullYear() - oldestDate.getFullYear()) * 12 + (today.getMonth() - oldestDate.getMonth())
  const initDate = isoDay(new Date(today.getFullYear(), today.getMonth() - monthsBack, 1))
  const endDate = isoDay(today)
  // The report counts UTC calendar days (server/report/claimsReport.ts).
  const expected = claims.filter((c) => c.fechaIngreso.slice(0, 10) >= initDate && c.fechaIngreso.slice(0, 10) <= endDate)
  return { today, monthsBack, initDate, endDate, expected }
}

describe('administrator: Mis trámites, page by page', () => {
  it('steps to the next and the previous page by the claim beside them, and jumps by number', async () => {
    const claims = await allClaims(await apiToken('Administrativo'))
    expect(claims.length).toBeGreaterThan(30)
    const page = await signedIn('Administrativo', '/administrador/inicio-de-cobertura')
    await page.goto('/administrador/mis-tramites')
    const pagination = page.getByRole('navigation', { name: 'Paginación' })
    const firstCard = page.getByRole('article').first()
    const paging = () => page.waitForRequest((r) => new URL(r.url()).pathname === '/api/event/all').then((r) => new URL(r.url()).searchParams)
    const showsFirst = (index: number) => expect.poll(() => firstCard.getAttribute('aria-label')).toBe(`Trámite C${claims[index]!.idEvento}`)
    await showsFirst(0)

    const [next] = await Promise.all([paging(), pagination.getByRole('button', { name: 'Página siguiente' }).click()])
    expect([next.get('page'), next.get('after'), next.get('before')]).toEqual(['2', String(claims[9]!.idEvento), null])
    await showsFirst(10)
    const [jump] = await Promise.all([paging(), pagination.getByRole('button', { name: 'Página 4' }).click()])
    expect([jump.get('page'), jump.get('after'), jump.get('before')]).toEqual(['4', null, null])
    await showsFirst(30)
    const [previous] = await Promise.all([paging(), pagination.getByRole('button', { name: 'Página anterior' }).click()])
    expect([previous.get('page'), previous.get('after'), previous.get('before')]).toEqual(['3', null, String(claims[30]!.idEvento)])
    await showsFirst(20)
  })
})

describe('administrator: Reportes', () => {
  it('shows the summary of the period: four charts drawn, each with its table in es-MX numbers', async () => {
    const { today, monthsBack, expected, initDate, endDate } = await seedPeriod()
    const page = await reportsPage()
    await page.getByText('Elija el periodo para ver el resumen.').waitFor()
    await pickDay(page, 'Fecha de inicio', monthsBack, 1)
    await pickDay(page, 'Fecha de fin', 0, today.getDate())
    const total = new Intl.NumberFormat('es-MX').format(expected.length)
    await page.getByText(new RegExp(`^${total} trámites ingresados del `)).waitFor()

    const titles = [
      'Trámites por etapa actual',
      'Días en cada etapa (mediana y percentil 90)',
      'Cumplimiento de niveles de servicio (a tiempo y tarde)',
      'Trámites ingresados por semana',
    ]
    for (const title of titles) {
      const figure = page.getByRole('figure', { name: title })
      const chart = figure.getByRole('img', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}\\. `) })
      await chart.waitFor()
      // Chart.js drew on the canvas: some pixel is not transparent.
      await expect
        .poll(() =>
          chart.evaluate((canvas: HTMLCanvasElement) => {
            const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
            return data.some((value, i) => i % 4 === 3 && value > 0)
          }),
        )
        .toBe(true)
      const table = figure.getByRole('table', { name: title })
      await expect(table.getByRole('row').count()).resolves.toBeGreaterThan(1)
    }
    // The stage table counts every claim of the period once.
    const counts = await page
      .getByRole('table', { name: 'Trámites por etapa actual' })
      .locator('tbody td')
      .allTextContents()
    expect(counts).toHaveLength(10)
    expect(counts.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0)).toBe(expected.length)
    const weeks = await page.getByRole('table', { name: 'Trámites ingresados por semana' }).locator('tbody td').allTextContents()
    expect(weeks.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0)).toBe(expected.length)
    // Issue 23: the compliance table shows, stage by stage, the on-time and late stays the server counted for the period.
    const compliance = await api<{ stages: { value: string; targetDays: number; onTime: number; late: number }[] }>(
      `/api/event/report/service-levels?initDate=${initDate}&endDate=${endDate}`,
      await apiToken('Administrativo'),
    )
    const judged = compliance.stages.filter((s) => s.onTime + s.late > 0)
    expect(judged.length).toBeGreaterThan(0)
    const rows = page.getByRole('table', { name: 'Cumplimiento de niveles de servicio (a tiempo y tarde)' }).locator('tbody tr')
    const es = new Intl.NumberFormat('es-MX')
    expect(
      await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 4).map((cell) => cell.textContent))),
    ).toEqual(judged.map((s) => [s.value, es.format(s.targetDays), es.format(s.onTime), es.format(s.late)]))
  })

  it('downloads Reporte.csv for a period covering the seed, with the BOM, the header and one row per claim', async () => {
    const { today, monthsBack, initDate, endDate, expected } = await seedPeriod()
    expect(expected.length).toBeGreaterThan(100)

    const page = await reportsPage()
    await expect(page.getByRole('combobox', { name: 'Tipo de reporte' }).textContent()).resolves.toContain('Reporte de tramites')
    const download = page.getByRole('button', { name: 'Descargar' })
    await expect(download.isDisabled()).resolves.toBe(true)
    await pickDay(page, 'Fecha de inicio', monthsBack, 1)
    await expect(page.getByRole('textbox', { name: 'Fecha de inicio' }).inputValue()).resolves.toBe(initDate)
    await expect(download.isDisabled()).resolves.toBe(true)
    await pickDay(page, 'Fecha de fin', 0, today.getDate())
    await expect(page.getByRole('textbox', { name: 'Fecha de fin' }).inputValue()).resolves.toBe(endDate)
    await expect(download.isEnabled()).resolves.toBe(true)

    const [file, request] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForRequest((r) => r.url().includes('/api/event/report')),
      download.click(),
    ])
    // The period asked for is the one shown (the pickers once moved a date one day back on blur in Mexico).
    const asked = new URL(request.url()).searchParams
    expect([asked.get('initDate'), asked.get('endDate')]).toEqual([initDate, endDate])
    await expect(page.getByRole('textbox', { name: 'Fecha de inicio' }).inputValue()).resolves.toBe(initDate)
    expect(file.suggestedFilename()).toBe('Reporte.csv')
    const text = await readFile((await file.path())!, 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const lines = text.slice(1).split(/\r?\n/).filter((line) => line !== '')
    expect(lines[0]!.split(',')[0]).toBe('FECHA')
    const rows = lines.slice(1)
    expect(rows).toHaveLength(expected.length)
    for (const row of rows) {
      const fecha = row.split(',')[0]!
      expect(fecha >= initDate && fecha <= endDate, fecha).toBe(true)
    }
    const codes = new Set(rows.map((row) => row.split(',')[1]))
    for (const claim of expected.slice(0, 20)) expect(codes.has(`C${claim.idEvento}`)).toBe(true)
  })

  it("says 'No hay datos para exportar' for a period without claims", async () => {
    const page = await reportsPage()
    // A period before the seed: more than 5 years back, one day.
    await pickDay(page, 'Fecha de inicio', 72, 1)
    await pickDay(page, 'Fecha de fin', 72, 1)
    await page.getByRole('button', { name: 'Descargar' }).click()
    await page.getByText('No hay datos para exportar').waitFor()
  })
})
