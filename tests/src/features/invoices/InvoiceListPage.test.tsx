/** /administrador/facturas (spec 2.6): the invoice cards, the search by title, paging and failures. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { titleSearch } from '../../../../src/features/invoices/actors'
import { InvoiceListPage } from '../../../../src/features/invoices/InvoiceListPage'
import { claimNumberContains, fail, ok, pagedAnswer, type RecordedRequest } from '../../helpers/fakeApi'
import { USERS, renderScreen } from '../collaborator/renderScreen'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const card = (idEvento: number, idFactura: number, status = 0) => ({
  idEvento,
  idFactura,
  title: `Trámite: C${idEvento}`,
  idColaborador: 90251437,
  descripcion: 'Gastos médicos mayores',
  monto: 150000,
  montoAutorizado: 3200.5,
  montoUtilizado: 23200.5,
  montoDisponible: 126799.5,
  status,
  statusId: status === 1 ? 8 : 9,
  value: status === 1 ? 'Trámite concluido' : 'Factura en revisión',
  nombreProveedor: 'Hospital San Rafael',
  url: `/api/file/download/invoice/${idFactura}`,
  fecha: '2025-11-20T10:00:00.000Z',
})

/** Answers like the server: `q` (digits) keeps the claims whose number contains it, 10 a page. */
function serve(all: ReturnType<typeof card>[]) {
  api.on('GET /api/event/invoices/all', (request: RecordedRequest) => pagedAnswer(request, all, claimNumberContains))
}

const api = fakeApiForEachTest()

function open() {
  return renderScreen('/administrador/facturas', [{ path: '/administrador/facturas', element: <InvoiceListPage /> }], USERS.admin)
}

const listCalls = () => api.requests.filter((r) => r.path === '/api/event/invoices/all')
const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))

describe('invoice list', () => {
  it("shows one card per claim: 'Trámite: C{id}', collaborator number, reason, coverage sums in MXN and 'Ver trámite'", async () => {
    serve([card(701, 31), card(650, 12, 1)])
    const view = open()
    const first = await screen.findByRole('article', { name: 'Trámite: C701' })
    expect(within(first).getByRole('heading', { name: 'Trámite: C701' })).toBeInTheDocument()
    const row = (label: string) => within(first).getByText(label).parentElement!
    expect(row('Número de colaborador')).toHaveTextContent('90251437')
    expect(row('Motivo del trámite')).toHaveTextContent('Gastos médicos mayores')
    expect(within(first).getByText('Cobertura')).toBeInTheDocument()
    expect(row('Suma de apoyo autorizada')).toHaveTextContent('$150,000.00')
    expect(row('Suma de apoyo disponible')).toHaveTextContent('$126,799.50')
    expect(row('Suma de apoyo utilizada')).toHaveTextContent('$23,200.50')
    expect(within(first).getByText('En revisión')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Trámite: C650' })).getByText('Aprobada')).toBeInTheDocument()
    await userEvent.setup().click(within(first).getByRole('link', { name: 'Ver trámite' }))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/facturas/descargar-facturas/31/701'))
  })

  it('keeps the cards whose title contains the text (searched on the server, 10 per page)', async () => {
    serve([card(701, 31), card(702, 32), card(815, 40)])
    open()
    await screen.findByRole('article', { name: 'Trámite: C815' })
    const user = userEvent.setup()
    const box = screen.getByRole('searchbox', { name: 'Buscar trámite' })

    await user.type(box, 'Trámite: C70')
    await waitFor(() => expect(titles()).toEqual(['Trámite: C701', 'Trámite: C702']))
    expect(listCalls().at(-1)!.query.get('q')).toBe('70')

    await user.clear(box)
    await user.type(box, 'c815')
    await waitFor(() => expect(titles()).toEqual(['Trámite: C815']))

    await user.clear(box)
    await user.type(box, 'mite')
    await waitFor(() => expect(titles()).toHaveLength(3))
    expect(listCalls().at(-1)!.query.has('q')).toBe(false)

    const before = listCalls().length
    await user.clear(box)
    await user.type(box, 'Hospital')
    expect(await screen.findByText('Ninguna factura coincide con «Hospital».')).toBeInTheDocument()
    expect(listCalls()).toHaveLength(before)
  })

  it('pages 10 cards at a time', async () => {
    serve(Array.from({ length: 12 }, (_, i) => card(800 - i, 100 - i)))
    open()
    await screen.findByRole('article', { name: 'Trámite: C800' })
    expect(titles()).toHaveLength(10)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 2' }))
    await waitFor(() => expect(titles()).toEqual(['Trámite: C790', 'Trámite: C789']))
  })

  it('shows the empty list and the server reason on failure', async () => {
    let calls = 0
    api.on('GET /api/event/invoices/all', () => (++calls === 1 ? fail(500, 'Error del servidor (500)') : ok({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 10 })))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Error del servidor (500)')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('No hay facturas por revisar')).toBeInTheDocument()
  })
})

describe('titleSearch', () => {
  it("turns a piece of 'Trámite: C{n}' into the number search, accents and case aside", () => {
    expect(titleSearch('')).toBe('')
    expect(titleSearch('Trámite')).toBe('')
    expect(titleSearch('tramite: c')).toBe('')
    expect(titleSearch('TRÁMITE: C12')).toBe('12')
    expect(titleSearch('e: C3')).toBe('3')
    expect(titleSearch('45')).toBe('45')
    expect(titleSearch('C 45')).toBeNull()
    expect(titleSearch('Hospital')).toBeNull()
    expect(titleSearch('12a')).toBeNull()
    expect(titleSearch('x12')).toBeNull()
  })
})
