/** /proveedores/mis-tramites (spec 2.7): the provider's claims, the search by event number, paging and failures. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ProviderClaimsPage } from '../../../../src/features/providerArea/ProviderClaimsPage'
import { claimNumberContains, fail, ok, pagedAnswer, type RecordedRequest } from '../../helpers/fakeApi'
import { USERS, renderScreen } from '../collaborator/renderScreen'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const claim = (idEvento: number, value = 'Facturación') => ({
  idEvento,
  idColaborador: 90251437,
  idCobertura: 1,
  idEjecutivo: 2,
  idProveedor: 1,
  idServicio: 3,
  statusId: 7,
  value,
  descripcion: 'Gastos médicos mayores',
  monto: 150000,
  montoAutorizado: 3200,
  usedAmount: 3200,
  montoUtilizado: 3200,
  montoDisponible: 146800,
  servicio: 'Laboratorio',
  nombreProveedor: 'Hospital San Rafael',
  nombreEjecutivo: 'Laura Hernández',
  nombreColaborador: 'Ana Valenzuela',
  beneficiary: 'Ana Valenzuela',
  tipo: 'Digital',
  fechaIngreso: '2025-11-03T16:20:00.000Z',
})

/** Answers like the server: `q` keeps the claims whose number contains it, 10 a page. */
function serve(all: ReturnType<typeof claim>[]) {
  api.on('GET /api/event/provider/8', (request: RecordedRequest) => pagedAnswer(request, all, claimNumberContains))
}

const api = fakeApiForEachTest()

function open() {
  return renderScreen('/proveedores/mis-tramites', [{ path: '/proveedores/mis-tramites', element: <ProviderClaimsPage /> }], USERS.provider)
}

const providerCalls = () => api.requests.filter((r) => r.path === '/api/event/provider/8')

describe('provider claims', () => {
  it("lists the provider's claims as cards with 'Cargar factura' to the invoice page", async () => {
    serve([claim(701), claim(702, 'Factura en revisión')])
    const view = open()
    const card = await screen.findByRole('article', { name: 'Trámite C701' })
    expect(screen.getByRole('heading', { level: 1, name: 'Mis trámites' })).toBeInTheDocument()
    expect(within(card).getByText('90251437')).toBeInTheDocument()
    expect(within(card).getByText('Gastos médicos mayores')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Trámite C702' })).getByText('Factura en revisión')).toBeInTheDocument()
    expect(providerCalls()[0]!.query.get('page')).toBe('1')
    expect(providerCalls()[0]!.query.get('pageSize')).toBe('10')
    expect(providerCalls()[0]!.query.has('q')).toBe(false)
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Cargar factura' }))
    await waitFor(() => expect(view.pathname()).toBe('/proveedores/cargar-factura/701'))
  })

  it("offers 'Cargar factura' only where the lifecycle takes an invoice; elsewhere it is disabled and says why (issue 21)", async () => {
    const at = (idEvento: number, statusId: number, value: string) => ({ ...claim(idEvento, value), statusId })
    serve([
      at(701, 7, 'Facturación'),
      at(702, 9, 'Factura en revisión'),
      at(703, 6, 'Carta autorización'),
      at(704, 8, 'Trámite concluido'),
      at(705, 10, 'Trámite rechazado'),
    ])
    open()
    await screen.findByRole('article', { name: 'Trámite C705' })
    for (const idEvento of [701, 702]) {
      const card = screen.getByRole('article', { name: `Trámite C${idEvento}` })
      expect(within(card).getByRole('link', { name: 'Cargar factura' })).toHaveAttribute('href', `/proveedores/cargar-factura/${idEvento}`)
      expect(within(card).queryByRole('button', { name: 'Cargar factura' })).toBeNull()
    }
    const refused = [
      [703, 'Disponible cuando el dictamen esté aprobado (etapa Facturación).'],
      [704, 'Trámite concluido: solo lectura'],
      [705, 'Trámite rechazado: solo lectura'],
    ] as const
    for (const [idEvento, reason] of refused) {
      const card = screen.getByRole('article', { name: `Trámite C${idEvento}` })
      expect(within(card).queryByRole('link', { name: 'Cargar factura' })).toBeNull()
      const button = within(card).getByRole('button', { name: 'Cargar factura' })
      expect(button).toBeDisabled()
      // Shown next to it and read with it.
      expect(within(card).getByText(reason)).toBeVisible()
      expect(button).toHaveAccessibleDescription(reason)
    }
  })

  it('searches by event number on the server, ignoring a leading c or C', async () => {
    serve([claim(701), claim(702), claim(815)])
    open()
    await screen.findByRole('article', { name: 'Trámite C815' })
    const user = userEvent.setup()
    const box = screen.getByRole('searchbox', { name: 'Buscar por número de trámite' })
    await user.type(box, 'c70')
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Trámite C815' })).toBeNull())
    expect(providerCalls().at(-1)!.query.get('q')).toBe('70')
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Trámite C701', 'Trámite C702'])

    await user.clear(box)
    await user.type(box, 'C815')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(providerCalls().at(-1)!.query.get('q')).toBe('815')
  })

  it('text that is not an event number finds nothing, without asking the server', async () => {
    serve([claim(701)])
    open()
    await screen.findByRole('article', { name: 'Trámite C701' })
    const before = providerCalls().length
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Buscar por número de trámite' }), 'Ana')
    expect(await screen.findByText('Ningún trámite coincide con «Ana».')).toBeInTheDocument()
    expect(providerCalls()).toHaveLength(before)
  })

  it('pages 10 claims at a time', async () => {
    serve(Array.from({ length: 13 }, (_, i) => claim(900 - i)))
    open()
    await screen.findByRole('article', { name: 'Trámite C900' })
    expect(screen.getAllByRole('article')).toHaveLength(10)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 2' }))
    await screen.findByRole('article', { name: 'Trámite C888' })
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(providerCalls().at(-1)!.query.get('page')).toBe('2')
  })

  it('says so when no claim is assigned, and shows the server reason with Reintentar on failure', async () => {
    let calls = 0
    api.on('GET /api/event/provider/8', () =>
      ++calls === 1 ? fail(403, 'Solo puede consultar sus propios trámites') : ok({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 10 }),
    )
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo puede consultar sus propios trámites')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('No tienes trámites asignados')).toBeInTheDocument()
  })
})
