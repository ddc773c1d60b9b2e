/**
 * Reportes (spec 2.11, 5 'Reports', 8, 9) on the whole app: the report type, the gating of 'Descargar' by both dates
 * (and their order), the request, the file saved as Reporte.csv through an object URL, 'No hay datos para exportar'
 * for a header-only CSV, and the error banner that clears after 10 s. Issue 14: the summary of the period (three
 * charts, each with its table in es-MX numbers). Issue 15: the CSV streamed into the file the save dialog gives,
 * chunk by chunk, with nothing saved for an empty report or a closed dialog.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { countCsvRows, createCsvRowCounter } from '../../../../src/features/reports/csv'
import type { BarChartSpec } from '../../../../src/features/reports/chartKit'
import { januaryStatistics } from '../../../../tools/catalog/samples/report.samples'
import { installFakeApi, type FakeApi } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'

const BOM = '\uFEFF'
const HEADER = 'FECHA,TRAMITE,COLABORADOR,COBERTURA,MONTO AUTORIZADO,ESTATUS'
const CSV = `${BOM}${HEADER}\r\n2026-11-02,C12,90251437,Gastos médicos,1500.00,Trámite iniciado\r\n2026-11-03,C13,90251438,"Lentes, armazón",800.00,Trámite concluido\r\n`

interface ReportAnswer {
  status?: number
  body: string | ReadableStream<Uint8Array>
  contentType: string
}

// Chart.js needs a real canvas: the charts drawn are recorded instead.
const drawn = vi.hoisted(() => [] as { label: string | null; spec: unknown }[])
vi.mock('../../../../src/features/reports/chartKit', () => ({
  drawBarChart: (canvas: HTMLCanvasElement, spec: unknown) => {
    drawn.push({ label: canvas.getAttribute('aria-label'), spec })
    return { destroy: () => {} }
  },
}))

let api: FakeApi
let statisticsRequests: URL[]
let serviceLevelRequests: URL[]
let serviceLevelStages: typeof januaryStatistics.serviceLevels
let statisticsFail = false
let dispose: (() => void) | undefined
let reportAnswer: ReportAnswer
let reportRequests: URL[]
let saved: Array<{ name: string; href: string; blob: Blob }>

beforeEach(() => {
  api = installFakeApi({})
  reportAnswer = { body: CSV, contentType: 'text/csv; charset=utf-8' }
  reportRequests = []
  statisticsRequests = []
  serviceLevelRequests = []
  serviceLevelStages = januaryStatistics.serviceLevels
  statisticsFail = false
  drawn.length = 0
  saved = []
  // The shared fake API answers JSON only; the report route answers the CSV itself.
  const jsonApi = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    if (url.pathname === '/api/event/report/statistics') {
      statisticsRequests.push(url)
      if (statisticsFail) return Response.json({ success: false, response: null, reason: 'El periodo no puede exceder un año' }, { status: 400 })
      const period = { initDate: url.searchParams.get('initDate'), endDate: url.searchParams.get('endDate') }
      const { serviceLevels: _compliance, ...statistics } = januaryStatistics
      return Response.json({ success: true, reason: '', response: { ...statistics, ...period } })
    }
    if (url.pathname === '/api/event/report/service-levels') {
      serviceLevelRequests.push(url)
      const period = { initDate: url.searchParams.get('initDate'), endDate: url.searchParams.get('endDate') }
      return Response.json({ success: true, reason: '', response: { ...period, stages: serviceLevelStages } })
    }
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
  delete (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker
})

function open(path = '/reportes', signedInAs = USERS.executive) {
  const view = renderPortal(path, { signedInAs })
  dispose = view.dispose
  return view
}

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
const download = () => screen.getByRole('button', { name: 'Descargar' })
/** The page's red banner (the date pickers add their own polite live region, also role alert). */
const banner = () => screen.queryAllByRole('alert').find((element) => element.id !== '__live-region__') ?? null
const shownBanner = () => {
  const element = banner()
  if (!element) throw new Error('no banner yet')
  return element
}
const today = new Date()
/** '1 de octubre de 2026', as es-MX writes a date in words (Intl, not the app's formatter). */
const longDate = (date: Date) => date.toLocaleDateString('es-MX', { day: 'numeric', month: 'long', year: 'numeric' })
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

    // The end's calendar offers nothing before the start (issue 15: the period's bounds hold in the pickers)…
    await user.click(screen.getByRole('button', { name: 'Abrir calendario: Fecha de fin' }))
    await screen.findByRole('grid')
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())
    // …and a typed end before the start is kept, refused and explained.
    const end = screen.getByRole('textbox', { name: 'Fecha de fin' })
    await user.type(end, `${iso(firstOfPreviousMonth)}{Enter}`)
    expect(end).toHaveValue(iso(firstOfPreviousMonth))
    expect(download()).toBeDisabled()
    expect(screen.getByText('La fecha de inicio no puede ser posterior a la fecha de fin')).toBeInTheDocument()
    expect(end).toHaveAccessibleDescription(`La fecha no puede ser anterior al ${iso(today)}`)

    await user.clear(end)
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
    const text = await textOf(saved[0]!.blob)
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

describe('Reportes: a summary that cannot load (issue 21)', () => {
  it('says so in a line with Reintentar, not in a red banner that would outlive the 10 s of the error banner', async () => {
    statisticsFail = true
    open()
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    expect(await screen.findByText('No se pudo cargar el resumen: El periodo no puede exceder un año')).toBeVisible()
    expect(banner()).toBeNull()
    statisticsFail = false
    const before = statisticsRequests.length
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(statisticsRequests.length).toBe(before + 1))
    await waitFor(() => expect(screen.queryByText(/No se pudo cargar el resumen/)).toBeNull())
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

describe('Reportes: summary of the period (issue 14)', () => {
  it('asks for the figures once the period is whole and shows four charts, each with its table in es-MX numbers', async () => {
    open('/administrador/reportes', USERS.admin)
    const user = userEvent.setup()
    expect(screen.getByText('Elija el periodo para ver el resumen.')).toBeInTheDocument()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await screen.findByText(`1,234 trámites ingresados del ${longDate(firstOfPreviousMonth)} al ${longDate(today)}`)
    expect(statisticsRequests.map((u) => [u.searchParams.get('initDate'), u.searchParams.get('endDate')])).toEqual([
      [iso(firstOfPreviousMonth), iso(today)],
    ])
    expect(serviceLevelRequests.map((u) => [u.searchParams.get('initDate'), u.searchParams.get('endDate')])).toEqual([
      [iso(firstOfPreviousMonth), iso(today)],
    ])

    const stages = screen.getByRole('table', { name: 'Trámites por etapa actual' })
    expect(within(stages).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'EtapaTrámites',
      'Trámite iniciado1,000',
      'Carga de documentos234',
      'Trámite concluido0',
    ])
    const days = screen.getByRole('table', { name: 'Días en cada etapa (mediana y percentil 90)' })
    expect(within(days).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'EtapaEstancias terminadasMediana (días)Percentil 90 (días)',
      'Trámite iniciado1,5001.312.5',
    ])
    // Issue 23: the stages with ended stays only, their target, on time, late and median business days.
    const compliance = screen.getByRole('table', { name: 'Cumplimiento de niveles de servicio (a tiempo y tarde)' })
    expect(within(compliance).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'EtapaObjetivo (días hábiles)A tiempoTardeMediana (días hábiles)',
      'Validación de documentos21,1001501.3',
      'Asignación de proveedor180200.5',
    ])
    const weeks = screen.getByRole('table', { name: 'Trámites ingresados por semana' })
    expect(within(weeks).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Semana del lunesTrámites',
      '30 de diciembre de 20241,200',
      '6 de enero de 202534',
    ])

    for (const name of [
      'Trámites por etapa actual',
      'Días en cada etapa (mediana y percentil 90)',
      'Cumplimiento de niveles de servicio (a tiempo y tarde)',
      'Trámites ingresados por semana',
    ]) {
      expect(screen.getByRole('figure', { name })).toBeInTheDocument()
    }
    await waitFor(() => expect(drawn).toHaveLength(4))
    expect(drawn[0]!.label).toBe(
      'Trámites por etapa actual. Trámite iniciado: 1,000; Carga de documentos: 234; Trámite concluido: 0. Los datos están en la tabla que sigue a la gráfica.',
    )
    expect(drawn[2]!.label).toBe(
      'Cumplimiento de niveles de servicio (a tiempo y tarde). Validación de documentos: 1,100 a tiempo, 150 tarde; Asignación de proveedor: 80 a tiempo, 20 tarde. Los datos están en la tabla que sigue a la gráfica.',
    )
    expect((drawn[3]!.spec as BarChartSpec).labels).toEqual(['30/12/24', '06/01/25'])
  })

  it('says so in a line, without a chart, when no stage with a service level ended in the period', async () => {
    serviceLevelStages = januaryStatistics.serviceLevels.map((s) => ({ ...s, onTime: 0, late: 0, medianBusinessDays: null }))
    open('/administrador/reportes', USERS.admin)
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await screen.findByText('Ningún trámite del periodo ha terminado todavía una etapa con nivel de servicio.')
    expect(screen.queryByRole('figure', { name: 'Cumplimiento de niveles de servicio (a tiempo y tarde)' })).toBeNull()
    expect(screen.getByRole('figure', { name: 'Trámites ingresados por semana' })).toBeInTheDocument()
  })
})

describe('Reportes: streamed download (issue 15)', () => {
  function fakeSavePicker(outcome: 'save' | 'close' = 'save') {
    const file = { chunks: [] as Uint8Array[], closed: false, aborted: false, suggestedName: '' }
    ;(globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker = async (options: { suggestedName: string }) => {
      file.suggestedName = options.suggestedName
      if (outcome === 'close') throw new DOMException('The user aborted a request.', 'AbortError')
      return {
        createWritable: async () => ({
          write: async (chunk: Uint8Array) => void file.chunks.push(chunk),
          close: async () => void (file.closed = true),
          abort: async () => void (file.aborted = true),
        }),
      }
    }
    return file
  }

  it('writes the CSV into the file the save dialog gives, chunk by chunk, without an object URL', async () => {
    const file = fakeSavePicker()
    open('/administrador/reportes', USERS.admin)
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await user.click(download())
    await waitFor(() => expect(file.closed).toBe(true))
    expect(file.suggestedName).toBe('Reporte.csv')
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(file.chunks))).toBe(CSV)
    expect(saved).toEqual([])
    expect(banner()).toBeNull()
    await waitFor(() => expect(download()).toBeEnabled())
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('shows rows and bytes received while the CSV arrives, against the total of the summary', async () => {
    let source!: ReadableStreamDefaultController<Uint8Array>
    reportAnswer = {
      body: new ReadableStream<Uint8Array>({ start: (controller) => void (source = controller) }),
      contentType: 'text/csv; charset=utf-8',
    }
    const file = fakeSavePicker()
    open('/administrador/reportes', USERS.admin)
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await screen.findByText(/^1,234 trámites ingresados/)
    await user.click(download())
    const first = new TextEncoder().encode(CSV)
    source.enqueue(first)
    const bar = await screen.findByRole('progressbar', { name: 'Descargando Reporte.csv' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', `2 de 1,234 filas · ${(first.length / 1024).toFixed(1)} kB recibidos`))
    expect(file.chunks).toHaveLength(1)
    source.close()
    await waitFor(() => expect(file.closed).toBe(true))
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
  })

  it('keeps no file for an empty report and shows why', async () => {
    reportAnswer = { body: `${BOM}${HEADER}\r\n`, contentType: 'text/csv; charset=utf-8' }
    const file = fakeSavePicker()
    open()
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await user.click(download())
    expect(await waitFor(shownBanner)).toHaveTextContent('No hay datos para exportar')
    expect(file.aborted).toBe(true)
    expect(file.closed).toBe(false)
  })

  it('asks nothing of the server when the save dialog is closed', async () => {
    const file = fakeSavePicker('close')
    open()
    const user = userEvent.setup()
    await pick(user, 'Fecha de inicio', 'lastMonth')
    await pick(user, 'Fecha de fin', 'today')
    await user.click(download())
    await waitFor(() => expect(file.suggestedName).toBe('Reporte.csv'))
    await waitFor(() => expect(download()).toBeEnabled())
    expect(reportRequests).toEqual([])
    expect(banner()).toBeNull()
  })

  it('counts rows across chunk boundaries, a split byte-order mark and quoted line breaks', () => {
    const bytes = new TextEncoder().encode(`${BOM}${HEADER}\r\n"una\nnota, ñ",2\r\n2026-11-03,C13\r\n`)
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const counter = createCsvRowCounter()
      for (let i = 0; i < bytes.length; i += size) counter.push(bytes.subarray(i, i + size))
      expect(counter.finish()).toBe(2)
    }
    const partial = createCsvRowCounter()
    partial.push(new TextEncoder().encode(`${HEADER}\n1,2\n3,`))
    expect(partial.rows).toBe(1)
    expect(partial.finish()).toBe(2)
  })
})
