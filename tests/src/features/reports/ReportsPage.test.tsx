/**
 * Reportes (spec 2.11, 5 'Reports', 8, 9) on the whole app: the report type, the gating of 'Descargar' by both dates
 * (and their order), the request, the file saved as Reporte.csv through an object URL, 'No hay datos para exportar'
 * for a header-only CSV, and the error banner that clears after 10 s.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { countCsvRows } from '../../../../src/features/reports/csv'
import { installFakeApi, type FakeApi } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'

const BOM = '\uFEFF'
const HEADER = 'FECHA,TRAMITE,COLABORADOR,COBERTURA,MONTO AUTORIZADO,ESTATUS'
const CSV = `${BOM}${HEADER}\r\n2026-11-02,C12,90251437,Gastos médicos,1500.00,Trámite iniciado\r\n2026-11-03,C13,90251438,"Lentes, armazón",800.00,Trámite concluido\r\n`

interface ReportAnswer {
  status?: number
  body: string
  contentType: string
}

let api: FakeApi
let dispose: (() => void) | undefined
let reportAnswer: ReportAnswer
let reportRequests: URL[]
let saved: Array<{ name: string; href: string; blob: Blob }>

beforeEach(() => {
  api = installFakeApi({})
  reportAnswer = { body: CSV, contentType: 'text/csv; charset=utf-8' }
  reportRequests = []
  saved = []
  // The shared fake API answers JSON only; the report route answers the CSV itself.
  const jsonApi = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    if (url.pathname !== '/api/event/report') return jsonApi(input, init)
    reportRequests.push(url)
    return new Response(reportAnswer.body, {
      status: reportAnswer.status ?? 200,
      headers: { 'content-type': reportAnswer.contentType, 'content-disposition': 'attachment; filename="Reporte.csv"' },
    })
  })
  const blobs = new Map<string, Blob>()
  let next = 0
  // jsdom has no object URLs.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const href = `blob:reporte-${++next}`
      blobs.set(href, blob)
      return href
    },
    revokeObjectURL: (href: string) => void blobs.delete(href),
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const href = this.getAttribute('href') ?? ''
    saved.push({ name: this.download, href, blob: blobs.get(href)! })
  })
})
afterEach(() => {
  dispose?.()
  dispose = undefined
  api.restore()
  vi.restoreAllMocks()
  vi.useRealTimers()
  const objectUrls = URL as unknown as Record<string, unknown>
  delete objectUrls.createObjectURL
  delete objectUrls.revokeObjectURL
})

function open(path = '/reportes', signedInAs = USERS.executive) {
  const view = renderPortal(path, { signedInAs })
  dispose = view.dispose
  return view
}

const download = () => screen.getByRole('button', { name: 'Descargar' })
/** The page's red banner (the date pickers add their own polite live region, also role alert). */
const banner = () => screen.queryAllByRole('alert').find((element) => element.id !== '__live-region__') ?? null
const shownBanner = () => {
  const element = banner()
  if (!element) throw new Error('no banner yet')
  return element
}
const today = new Date()
const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const firstOfPreviousMonth = new Date(today.getFullYear(), today.getMonth() - 1, 1)

/** Picks a day in the calendar of one picker: today, or the 1st of last month. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, when: 'today' | 'lastMonth') {
  await user.click(screen.getByRole('button', { name: `Abrir calendario: ${label}` }))
  const grid = await screen.findByRole('grid')
  let day = String(today.getDate())
  if (when === 'lastMonth') {
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }))
    day = '1'
  }
  const cell = within(screen.getByRole('grid'))
    .getAllByText(day)
    .find((element) => !element.hasAttribute('data-outside-range'))!
  expect(grid).toBeInTheDocument()
  await user.click(cell)
  await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())
}

describe('Reportes: form', () => {
  it("offers one report type and keeps 'Descargar' disabled until both dates are set in order", async () => {
    open()
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { name: 'Reportes', level: 1 })).toBeInTheDocument()
    const type = screen.getByRole('combobox', { name: 'Tipo de reporte' })
    expect(type).toHaveTextContent('Reporte de tramites')
    await user.click(type)
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Reporte de tramites'])
    await user.keyboard('{Escape}')

    expect(download()).toBeDisabled()
    expect(screen.getByText('Elija la fecha de inicio y la fecha de fin.')).toBeInTheDocument()
    await pick(user, 'Fecha de inicio', 'today')
    expect(screen.getByRole('textbox', { name: 'Fecha de inicio' })).toHaveValue(iso(today))
    expect(download()).toBeDisabled()

    await pick(user, 'Fecha de fin', 'lastMonth')
    expect(screen.getByRole('textbox', { name: 'Fecha de fin' })).toHaveValue(iso(firstOfPreviousMonth))
    expect(download()).toBeDisabled()
    expect(screen.getByText('La fecha de inicio no puede ser posterior a la fecha de fin')).toBeInTheDocument()

    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    expect(download()).toBeEnabled()
    expect(screen.queryByText('La fecha de inicio no puede ser posterior a la fecha de fin')).toBeNull()
    expect(reportRequests).toEqual([])
  })

  it('does not let a future month be shown in the pickers', async () => {
    open('/administrador/reportes', USERS.admin)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Abrir calendario: Fecha de fin' }))
    await screen.findByRole('grid')
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())
  })
})

describe('Reportes: download', () => {
  it('asks for the period and saves the CSV as Reporte.csv', async () => {
    open('/administrador/reportes', USERS.admin)
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await user.click(download())
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(reportRequests).toHaveLength(1)
    expect(reportRequests[0]!.searchParams.get('initDate')).toBe(iso(firstOfPreviousMonth))
    expect(reportRequests[0]!.searchParams.get('endDate')).toBe(iso(today))
    expect(saved[0]!.name).toBe('Reporte.csv')
    expect(saved[0]!.href).toMatch(/^blob:/)
    const text = await saved[0]!.blob.text()
    expect(text.split('\r\n')[1]).toBe('2026-11-02,C12,90251437,Gastos médicos,1500.00,Trámite iniciado')
    expect(banner()).toBeNull()
    await waitFor(() => expect(download()).toBeEnabled())
  })

  it("shows 'No hay datos para exportar' for a CSV without data rows, saves nothing, and clears it after 10 s", async () => {
    reportAnswer = { body: `${BOM}${HEADER}\r\n`, contentType: 'text/csv; charset=utf-8' }
    open()
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await act(async () => {
      download().click()
    })
    expect(await waitFor(shownBanner)).toHaveTextContent('No hay datos para exportar')
    expect(saved).toEqual([])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_900)
    })
    expect(banner()).toHaveTextContent('No hay datos para exportar')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(banner()).toBeNull()
  })

  it('shows the server reason of a failed report and clears it after 10 s', async () => {
    reportAnswer = {
      status: 400,
      body: JSON.stringify({ success: false, response: null, reason: 'Fecha inválida: use el formato AAAA-MM-DD' }),
      contentType: 'application/json',
    }
    open()
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await act(async () => {
      download().click()
    })
    expect(await waitFor(shownBanner)).toHaveTextContent('Fecha inválida: use el formato AAAA-MM-DD')
    expect(download()).toBeEnabled()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000)
    })
    expect(banner()).toBeNull()
  })
})

describe('Reportes: CSV rows', () => {
  it('counts data records, not the header, the BOM, blank lines or line breaks inside quotes', () => {
    expect(countCsvRows(CSV)).toBe(2)
    expect(countCsvRows(`${BOM}${HEADER}\r\n`)).toBe(0)
    expect(countCsvRows(`${BOM}${HEADER}`)).toBe(0)
    expect(countCsvRows('')).toBe(0)
    expect(countCsvRows(`${HEADER}\n"una\nnota",2\n\n`)).toBe(1)
  })
})
