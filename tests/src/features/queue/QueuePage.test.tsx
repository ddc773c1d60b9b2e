/**
 * 'Pendientes' (issue 23): the landing page and first menu entry of the office roles, its rows (code, collaborator,
 * stage, days in stage, due date, badge, the action's screen), the filters kept in the address, the provider's
 * single-stage queue, and the administrator's bulk approval (which and how many, partial success, cancel).
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok, type RecordedRequest } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'
import { chooseOption } from '../../helpers/arkSelect'

type Row = { idEvento: number; statusId: 3 | 5 | 6 | 7 | 9; estado: 'onTime' | 'dueSoon' | 'overdue'; idFactura?: number | null }

const STAGES = { 3: 'Validación de documentos', 5: 'Asignación de proveedor', 6: 'Carta autorización', 7: 'Facturación', 9: 'Factura en revisión' }
const WAITS = { 3: 'executive', 5: 'executive', 6: 'executive', 7: 'provider', 9: 'administrator' }

const row = ({ idEvento, statusId, estado, idFactura = null }: Row) => ({
  idEvento,
  colaborador: 'Ana Valenzuela Ruiz',
  statusId,
  etapa: STAGES[statusId],
  esperaA: WAITS[statusId],
  entrada: '2026-11-23T15:00:00.000Z',
  porVencer: '2026-11-25T05:24:00.000Z',
  vence: '2026-11-25T15:00:00.000Z',
  diasEnEtapa: 1.5,
  estado,
  idFactura,
})

function serve(rows: Row[]) {
  api.on('GET /api/queue', (request: RecordedRequest) => {
    const matching = rows
      .filter((r) => !request.query.get('estado') || r.estado === request.query.get('estado'))
      .filter((r) => !request.query.get('etapa') || String(r.statusId) === request.query.get('etapa'))
      .filter((r) => !request.query.get('q') || String(r.idEvento) === request.query.get('q'))
    return ok({ items: matching.map(row), total: matching.length, totalCapped: false, page: 1, pageSize: 10 })
  })
}

const api = fakeApiForEachTest()
const queueCalls = () => api.requests.filter((r) => r.path === '/api/queue')

describe('Pendientes is where the office roles land', () => {
  it.each([
    ['executive', '/pendientes'],
    ['admin', '/administrador/pendientes'],
    ['provider', '/proveedores/pendientes'],
  ] as const)('%s: / leads to %s, the first entry of the menu', async (who, path) => {
    serve([])
    const view = renderPortal('/', { signedInAs: USERS[who] })
    await waitFor(() => expect(view.pathname()).toBe(path))
    expect(await screen.findByRole('heading', { level: 1, name: 'Pendientes' })).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Menú Principal' })
    const first = within(menu).getAllByRole('link')[0]!
    expect(first).toHaveTextContent('Pendientes')
    expect(first).toHaveAttribute('href', path)
    expect(await screen.findByText('No tienes pendientes')).toBeInTheDocument()
  })

  it("an executive cannot open the administrator's queue: the guard sends them to their own", async () => {
    serve([])
    const view = renderPortal('/administrador/pendientes', { signedInAs: USERS.executive })
    await waitFor(() => expect(view.pathname()).toBe('/pendientes'))
  })
})

describe("the executive's rows", () => {
  it('shows code, collaborator, stage, days, due date, badge and the button to the action', async () => {
    serve([
      { idEvento: 41, statusId: 5, estado: 'overdue' },
      { idEvento: 42, statusId: 3, estado: 'dueSoon' },
      { idEvento: 43, statusId: 6, estado: 'onTime' },
    ])
    renderPortal('/pendientes', { signedInAs: USERS.executive })
    const table = await screen.findByRole('table', { name: 'Trámites pendientes' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByText(/^C\d+$/).textContent)).toEqual(['C41', 'C42', 'C43'])
    // Each cell's content is there twice: in its column (wide screens) and under the code (narrow ones).
    expect(within(rows[0]!).getAllByText('Vencido').length).toBeGreaterThan(0)
    expect(within(rows[1]!).getAllByText('Por vencer').length).toBeGreaterThan(0)
    expect(within(rows[2]!).getAllByText('A tiempo').length).toBeGreaterThan(0)
    expect(within(rows[0]!).getAllByText(/Ana Valenzuela Ruiz/).length).toBeGreaterThan(0)
    expect(within(rows[0]!).getAllByText(/1\.5 días hábiles/).length).toBeGreaterThan(0)
    expect(within(rows[0]!).getAllByText(/25 nov 2026/).length).toBeGreaterThan(0)
    expect(within(rows[0]!).getByRole('link', { name: 'Asignar proveedor de C41' })).toHaveAttribute(
      'href',
      '/ejecutivo/mis-tramites/proceso-general-tramites/asignar-proveedor/41',
    )
    expect(within(rows[1]!).getByRole('link', { name: 'Verificar documentos de C42' })).toHaveAttribute(
      'href',
      '/ejecutivo/mis-tramites/proceso-general-tramites/verificacion-documentos/42',
    )
    expect(within(rows[2]!).getByRole('link', { name: 'Llenar carta de C43' })).toHaveAttribute(
      'href',
      '/ejecutivo/mis-tramites/proceso-general-tramites/carta-dictaminacion/43',
    )
    // Executives approve nothing in bulk.
    expect(screen.queryByRole('button', { name: 'Aprobar seleccionadas' })).toBeNull()
  })

  it('reads its filters and search from the address and sends them to the server', async () => {
    serve([
      { idEvento: 41, statusId: 5, estado: 'overdue' },
      { idEvento: 42, statusId: 3, estado: 'overdue' },
    ])
    renderPortal('/pendientes?etapa=3&estado=vencido&q=C42', { signedInAs: USERS.executive })
    const table = await screen.findByRole('table', { name: 'Trámites pendientes' })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    const call = queueCalls()[0]!
    expect(call.query.get('etapa')).toBe('3')
    expect(call.query.get('estado')).toBe('overdue')
    expect(call.query.get('q')).toBe('42')
    expect(screen.getByRole('searchbox', { name: 'Número de trámite' })).toHaveValue('C42')
  })

  it('a filter chosen on the screen goes to the address and loads page 1 with it', async () => {
    serve([
      { idEvento: 41, statusId: 5, estado: 'overdue' },
      { idEvento: 42, statusId: 3, estado: 'onTime' },
    ])
    const view = renderPortal('/pendientes', { signedInAs: USERS.executive })
    await screen.findByRole('table', { name: 'Trámites pendientes' })
    await chooseOption(userEvent.setup(), 'Estado', 'Vencido')
    await waitFor(() => expect(view.portal.router.state.location.search).toBe('?estado=vencido'))
    await waitFor(() => expect(queueCalls().at(-1)!.query.get('estado')).toBe('overdue'))
    await waitFor(() => expect(screen.queryByText('C42')).toBeNull())
    expect(screen.getByText('C41')).toBeInTheDocument()
  })

  it('an unknown filter in the address is ignored, never sent', async () => {
    serve([])
    renderPortal('/pendientes?etapa=7&estado=tarde', { signedInAs: USERS.executive })
    await screen.findByText('No tienes pendientes')
    expect(queueCalls()[0]!.query.has('etapa')).toBe(false)
    expect(queueCalls()[0]!.query.has('estado')).toBe(false)
  })
})

describe("the provider's queue", () => {
  it("has no stage filter (one stage) and 'Cargar factura' opens the invoice page", async () => {
    serve([{ idEvento: 71, statusId: 7, estado: 'dueSoon' }])
    renderPortal('/proveedores/pendientes', { signedInAs: USERS.provider })
    const link = await screen.findByRole('link', { name: 'Cargar factura de C71' })
    expect(link).toHaveAttribute('href', '/proveedores/cargar-factura/71')
    expect(screen.queryByRole('combobox', { name: 'Etapa' })).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Estado' })).toBeInTheDocument()
  })
})

describe("the administrator's bulk approval", () => {
  const rows: Row[] = [
    { idEvento: 91, statusId: 9, estado: 'overdue', idFactura: 501 },
    { idEvento: 92, statusId: 9, estado: 'dueSoon', idFactura: 502 },
    { idEvento: 31, statusId: 3, estado: 'onTime' },
  ]

  it('selects only invoice approvals, names how many and which, and shows what was approved and what was refused', async () => {
    serve(rows)
    api.on('POST /api/queue/approve-invoices', () =>
      ok({ aprobados: [{ idEvento: 91, statusId: 8 }], rechazados: [{ idEvento: 92, motivo: 'No se puede aprobar la factura: faltan documentos del trámite' }] }),
    )
    renderPortal('/administrador/pendientes', { signedInAs: USERS.admin })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Trámites pendientes' })
    expect(screen.getByRole('link', { name: 'Revisar factura de C91' })).toHaveAttribute('href', '/administrador/facturas/descargar-facturas/501/91')
    // Only the invoice approvals have a checkbox; the approval waits for a selection.
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar la factura de C31' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Aprobar seleccionadas' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar la factura de C91' }))
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar la factura de C92' }))
    expect(screen.getByText('2 facturas seleccionadas')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Aprobar seleccionadas' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar 2 facturas?' })
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['C91', 'C92'])
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }))
    const result = await screen.findByText('Aprobadas: C91')
    expect(result.closest('[role=status]')).toHaveTextContent('C92: No se puede aprobar la factura: faltan documentos del trámite')
    expect(api.requests.find((r) => r.path === '/api/queue/approve-invoices')!.body).toEqual({ idEventos: [91, 92] })
    // The refused one stays selected; the list is read again.
    expect(screen.getByText('1 factura seleccionada')).toBeInTheDocument()
    await waitFor(() => expect(queueCalls().length).toBeGreaterThan(1))
  })

  it('a cancelled dialog approves nothing and keeps the selection', async () => {
    serve(rows)
    renderPortal('/administrador/pendientes', { signedInAs: USERS.admin })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar la factura de C92' }))
    await user.click(screen.getByRole('button', { name: 'Aprobar seleccionadas' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar 1 factura?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.requests.some((r) => r.path === '/api/queue/approve-invoices')).toBe(false)
    expect(screen.getByRole('checkbox', { name: 'Seleccionar la factura de C92' })).toBeChecked()
  })
})
