/**
 * Mis trámites (spec 2.11, 6, 9) on the whole app with a fake API that pages and searches like the server: the
 * executive's own list vs all claims, cards and their figures, 'Ver trámite' per area, Ark pagination (10 per page),
 * the search with a leading C ignored, the empty state and the load error with retry.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { claimNumberContains, fail, pagedAnswer, type RecordedRequest } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import type { ClaimRecord } from '../../../../domain/contract/claims'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

/** 25 claims, newest first: C125 … C101 (typed by the contract, as the server answers them). */
const CLAIMS: ClaimRecord[] = Array.from({ length: 25 }, (_, i) => {
  const idEvento = 125 - i
  return {
    idEvento,
    idColaborador: 90250000 + idEvento,
    idCobertura: idEvento,
    idEjecutivo: 2,
    idProveedor: null,
    idServicio: null,
    servicio: null,
    nombreProveedor: null,
    nombreEjecutivo: 'Laura Hernández',
    tipo: 'Médico',
    statusId: 1,
    value: 'Trámite iniciado',
    descripcion: i % 2 ? 'Lentes' : 'Gastos médicos',
    monto: 30000,
    montoAutorizado: 1000 + i,
    usedAmount: 12000.5,
    montoUtilizado: 12000.5,
    montoDisponible: 17999.5,
    beneficiary: 'Ana Valenzuela',
    nombreColaborador: 'Ana Valenzuela',
    fechaIngreso: '2026-11-02T10:00:00.000Z',
  }
})

/** Like the server: `q` digits match claim numbers containing them; pages of pageSize. */
const page = (request: RecordedRequest) => pagedAnswer(request, CLAIMS, claimNumberContains)

const api = fakeApiForEachTest(() => ({ 'GET /api/event/executive/2': page, 'GET /api/event/all': page }))

function open(path = '/mis-tramites', signedInAs = USERS.executive) {
  return renderPortal(path, { signedInAs })
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'))
const listRequests = () => api.requests.filter((r) => r.path.startsWith('/api/event/'))

describe('Mis trámites', () => {
  it("lists the executive's own claims, 10 per page, with their figures and 'Ver trámite'", async () => {
    open()
    expect(screen.getByRole('heading', { name: 'Mis trámites', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    const [request] = listRequests()
    expect(request!.path).toBe('/api/event/executive/2')
    expect(request!.query.get('page')).toBe('1')
    expect(request!.query.get('pageSize')).toBe('10')
    expect(request!.query.has('q')).toBe(false)
    expect(cardTitles()[0]).toBe('Trámite C125')
    expect(screen.getByText('25 trámites')).toBeInTheDocument()

    const card = within(screen.getByRole('article', { name: 'Trámite C125' }))
    expect(card.getByRole('heading', { name: 'Trámite C125' })).toBeInTheDocument()
    expect(card.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Número de colaborador', '90250125'],
      ['Motivo del trámite', 'Gastos médicos'],
      ['Estatus', 'Trámite iniciado'],
      ['Suma de apoyo autorizada', '$30,000.00'],
      ['Suma de apoyo disponible', '$17,999.50'],
      ['Suma de apoyo utilizada', '$12,000.50'],
    ])
    expect(card.getByRole('link', { name: 'Ver trámite' })).toHaveAttribute('href', '/ejecutivo/mis-tramites/proceso-general-tramites/125')
  })

  it('pages on the server with Ark pagination', async () => {
    open()
    const user = userEvent.setup()
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    const pagination = screen.getByRole('navigation', { name: 'Paginación' })
    expect(within(pagination).getByRole('button', { name: 'Página 3' })).toBeInTheDocument()
    expect(within(pagination).queryByRole('button', { name: 'Página 4' })).toBeNull()
    await user.click(within(pagination).getByRole('button', { name: 'Página 3' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Trámite C105', 'Trámite C104', 'Trámite C103', 'Trámite C102', 'Trámite C101']))
    // A jump is asked for by its number; a step to the page beside by the claim next to it (the server reads it from
    // its index there, docs/decisions/paged-lists.md).
    const paging = () => ['page', 'after', 'before'].map((key) => listRequests().at(-1)!.query.get(key))
    expect(paging()).toEqual(['3', null, null])
    await user.click(within(pagination).getByRole('button', { name: 'Página anterior' }))
    await waitFor(() => expect(cardTitles()[0]).toBe('Trámite C115'))
    expect(paging()).toEqual(['2', null, '105'])
    await user.click(within(pagination).getByRole('button', { name: 'Página siguiente' }))
    await waitFor(() => expect(cardTitles()[0]).toBe('Trámite C105'))
    expect(paging()).toEqual(['3', '106', null])
  })

  it('searches on the server once typing pauses, ignoring a leading C, from page 1', async () => {
    open()
    const user = userEvent.setup()
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    await user.click(within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('button', { name: 'Página 2' }))
    await waitFor(() => expect(cardTitles()[0]).toBe('Trámite C115'))
    const before = listRequests().length

    await user.type(screen.getByLabelText('Escriba el número de trámite que busca'), 'c12')
    await waitFor(() => expect(cardTitles()).toEqual(['Trámite C125', 'Trámite C124', 'Trámite C123', 'Trámite C122', 'Trámite C121', 'Trámite C120', 'Trámite C112']))
    // One request for the whole word, not one per keystroke.
    const searches = listRequests().slice(before)
    expect(searches.map((r) => [r.query.get('q'), r.query.get('page')])).toEqual([['12', '1']])
    expect(screen.getByText('7 trámites')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull()
  })

  it('past the count limit says «Más de 10,000 trámites», pages only that far and says how to reach older claims', async () => {
    // 10,001 claims: one more than the server counts (domain/paging.ts COUNT_LIMIT), so it answers 10,000 and totalCapped.
    const many: ClaimRecord[] = Array.from({ length: 10_001 }, (_, i) => ({ ...CLAIMS[0]!, idEvento: 20_001 - i, idCobertura: 20_001 - i }))
    api.on('GET /api/event/executive/2', (request) => pagedAnswer(request, many, claimNumberContains))
    open()
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    expect(screen.getByText('Más de 10,000 trámites')).toBeInTheDocument()
    expect(screen.getByText('Solo se muestran los primeros 10,000 resultados. Afine la búsqueda para ver resultados más antiguos.')).toBeInTheDocument()
    const pagination = screen.getByRole('navigation', { name: 'Paginación' })
    expect(within(pagination).getByRole('button', { name: 'Página 1000' })).toBeInTheDocument()
    expect(within(pagination).queryByRole('button', { name: 'Página 1001' })).toBeNull()
    const user = userEvent.setup()
    await user.click(within(pagination).getByRole('button', { name: 'Página 1000' }))
    await waitFor(() => expect(cardTitles()[0]).toBe('Trámite C10011'))
    expect(listRequests().at(-1)!.query.get('page')).toBe('1000')

    // A narrower search counts exactly again: the exact total, no notice.
    await user.type(screen.getByLabelText('Escriba el número de trámite que busca'), 'C1999')
    await waitFor(() => expect(screen.getByText('11 trámites')).toBeInTheDocument())
    expect(screen.queryByText(/Afine la búsqueda/)).toBeNull()
  })

  it('says when nothing matches the search', async () => {
    open()
    const user = userEvent.setup()
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    await user.type(screen.getByLabelText('Escriba el número de trámite que busca'), 'C999')
    expect(await screen.findByText('No se encontraron trámites')).toBeInTheDocument()
    expect(screen.getByText('Ningún trámite coincide con «999».')).toBeInTheDocument()
    expect(cardTitles()).toEqual([])
  })

  it('shows the load error with a retry', async () => {
    let calls = 0
    api.on('GET /api/event/executive/2', (request) => (++calls === 1 ? fail(500, 'Error interno del servidor') : page(request)))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows every claim to administrators, opened under /administrador', async () => {
    open('/administrador/mis-tramites', USERS.admin)
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    expect(listRequests()[0]!.path).toBe('/api/event/all')
    expect(within(screen.getByRole('article', { name: 'Trámite C125' })).getByRole('link', { name: 'Ver trámite' })).toHaveAttribute(
      'href',
      '/administrador/mis-tramites/proceso-general-tramites/125',
    )
  })

  it("shows every claim on the partner's dashboard, opened under its prefix", async () => {
    open('/coppel/dashboard', USERS.partner)
    expect(screen.getByRole('heading', { name: 'Trámites', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    expect(listRequests()[0]!.path).toBe('/api/event/all')
    expect(within(screen.getByRole('article', { name: 'Trámite C125' })).getByRole('link', { name: 'Ver trámite' })).toHaveAttribute(
      'href',
      '/coppel/mis-tramites/proceso-general-tramites/125',
    )
  })
})
