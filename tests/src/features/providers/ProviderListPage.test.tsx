/**
 * Proveedores (spec 2.6, 4 'Executive and provider activo', 5 'Provider search') on the whole app with a fake API
 * that pages and searches like the server: 'Proveedores registrados' with name and status labels (activo 1
 * 'Inactivo', anything else 'Activo'), the case-sensitive search and the empty search restoring the list,
 * pagination, the add / see-more / edit links, and the load failure.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, ok, type RecordedRequest } from '../../helpers/fakeApi'
import { renderAdmin } from '../executives/renderAdmin'
import type { ProviderListItem } from '../../../../domain/contract/users'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const NAMES = [
  'Clínica Del Valle',
  'Farmacia Central',
  'Hospital San Rafael',
  'Laboratorio Norte',
  'Óptica Visión',
  'Ambulancias Rápidas',
  'Centro de Rehabilitación Sur',
  'Consultorio Dental Sonrisa',
  'Imagenología del Pacífico',
  'Funerales La Paz',
  'Ortopedia Integral',
  'clínica menor',
]
const ROWS = NAMES.map((nombreProveedor, i): ProviderListItem => ({
  idProveedor: i + 1,
  idUsuario: i + 50,
  nombreProveedor,
  // 2 is no status the app knows: shown as 'Activo' like anything but 1.
  activo: i === 1 ? 1 : i === 2 ? 2 : 0,
  tipo: i % 2,
  email: `p${i}@proveedor.mx`,
}))

/** Like the server: name containing q, case-sensitive, 10 a page, by name. */
function listAnswer(request: RecordedRequest) {
  const q = request.query.get('q') ?? ''
  const page = Number(request.query.get('page') ?? 1)
  const matching = ROWS.filter((r) => r.nombreProveedor.includes(q)).sort((a, b) => a.nombreProveedor.localeCompare(b.nombreProveedor))
  return ok({ items: matching.slice((page - 1) * 10, page * 10), total: matching.length, totalCapped: false, page, pageSize: 10 })
}

const api = fakeApiForEachTest(() => ({ 'GET /api/user/providers': listAnswer }))

function open() {
  return renderAdmin('/administrador/proveedores')
}

const providerTable = () => screen.getByRole('table', { name: 'Proveedores registrados' })
const bodyRows = () => within(providerTable()).getAllByRole('row').slice(1) as HTMLTableRowElement[]
const rowOf = (name: string) => bodyRows().find((row) => row.cells[0]!.textContent === name)!
const requests = () => api.requests.filter((r) => r.path === '/api/user/providers')

describe('Providers list', () => {
  it("shows 'Proveedores registrados' with name and status, 10 a page, and the add link", async () => {
    open()
    expect(await screen.findByRole('table', { name: 'Proveedores registrados' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Proveedores registrados', level: 2 })).toBeInTheDocument()
    expect(within(providerTable()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nombre del proveedor',
      'Estatus del proveedor',
      'Acciones',
    ])
    expect(bodyRows()).toHaveLength(10)
    expect(screen.getByText('12 proveedores')).toBeInTheDocument()
    expect(rowOf('Farmacia Central').cells[1]).toHaveTextContent('Inactivo')
    // activo 2 is not 1: 'Activo'.
    expect(rowOf('Hospital San Rafael').cells[1]).toHaveTextContent('Activo')
    expect(rowOf('Clínica Del Valle').cells[1]).toHaveTextContent('Activo')
    expect(screen.getByRole('link', { name: 'Agregar proveedor' })).toHaveAttribute('href', '/administrador/proveedores/nuevo-proveedor')
  })

  it('links each row to its see-more and edit pages', async () => {
    open()
    await screen.findByRole('table')
    const row = rowOf('Laboratorio Norte')
    expect(within(row).getByRole('link', { name: 'Ver más' })).toHaveAttribute('href', '/administrador/proveedores/ver-proveedor/4')
    expect(within(row).getByRole('link', { name: 'Editar proveedor' })).toHaveAttribute('href', '/administrador/proveedores/editar-proveedor/4')
  })

  it('pages on the server', async () => {
    open()
    await screen.findByRole('table')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 2' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(2))
    expect(requests().at(-1)!.query.get('page')).toBe('2')
  })

  it('searches the name case-sensitively, and an empty search restores the list', async () => {
    open()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const search = screen.getByLabelText('Buscar por nombre del proveedor')
    await user.click(search)
    await user.paste('Clínica')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]!.cells[0]).toHaveTextContent('Clínica Del Valle')
    expect(requests().at(-1)!.query.get('q')).toBe('Clínica')

    await user.clear(search)
    await user.paste('clínica')
    await waitFor(() => expect(requests().at(-1)!.query.get('q')).toBe('clínica'))
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]!.cells[0]).toHaveTextContent('clínica menor')

    await user.clear(search)
    await user.paste('CLÍNICA')
    expect(await screen.findByText('Ningún proveedor coincide con «CLÍNICA».')).toBeInTheDocument()
    expect(screen.getByText('No se encontraron proveedores')).toBeInTheDocument()

    await user.clear(search)
    await waitFor(() => expect(bodyRows()).toHaveLength(10))
    expect(requests().at(-1)!.query.has('q')).toBe(false)
  })

  it('shows the failure with a retry', async () => {
    let calls = 0
    api.on('GET /api/user/providers', (request) => (++calls === 1 ? fail(500, 'Error del servidor (500)') : listAnswer(request)))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Error del servidor (500)')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('table', { name: 'Proveedores registrados' })).toBeInTheDocument()
  })
})
