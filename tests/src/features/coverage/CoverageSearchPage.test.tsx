/**
 * Inicio de trámite (spec 2.11, 4 'Procedure status', 8) on the whole app with a fake API: the search form and its
 * gating, the collaborator block and coverage cards (es-MX sums, 'Crear nuevo trámite' rule, 'Tramites' list and
 * 'Sin tramites'), navigation for executives and administrators, the 5 s no-results banner and the failure alert.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const person = { nombre: 'Ana', nombre2: 'María', apePat: 'Valenzuela', apeMAt: 'Ruiz' }
const row = (over: Record<string, unknown>) => ({
  idColaborador: 90251437,
  idCobertura: 1,
  descripcion: 'Gastos médicos',
  monto: 30000,
  montoAutorizado: null,
  montoUtilizado: null,
  montoDisponible: null,
  idEvento: null,
  statusId: null,
  value: null,
  showCtaBtn: 1,
  // The signed-in executive's own claims unless a test says otherwise.
  idEjecutivo: USERS.executive.idUser,
  ...person,
  ...over,
})

/**
 * 1 'Gastos médicos': two final claims, money left → may start a claim.
 * 2 'Lentes': one open claim → may not.
 * 3 'Dental': no claims but its flag is off → may not ('Sin tramites').
 * 4 'Maternidad': final claim that used everything → may not.
 */
const ROWS = [
  row({ idCobertura: 1, idEvento: 101, statusId: 8, value: 'Trámite concluido', montoAutorizado: 2000.5 }),
  row({ idCobertura: 1, idEvento: 102, statusId: 10, value: 'Trámite rechazado', montoAutorizado: 1000 }),
  row({ idCobertura: 2, descripcion: 'Lentes', monto: 5000, idEvento: 201, statusId: 3, value: 'Validación de documentos', montoAutorizado: 500 }),
  row({ idCobertura: 3, descripcion: 'Dental', monto: 3000, showCtaBtn: 0 }),
  row({ idCobertura: 4, descripcion: 'Maternidad', monto: 8000, idEvento: 401, statusId: 8, value: 'Trámite concluido', montoAutorizado: 8000 }),
]
const NO_RESULT = [row({ idColaborador: null, idCobertura: null, descripcion: null, monto: null, showCtaBtn: null, nombre: null })]

const api = fakeApiForEachTest(() => ({ 'GET /api/event/get-procedures': () => ok(ROWS) }))
afterEach(() => {
  vi.useRealTimers()
})

function open(path = '/home', signedInAs = USERS.executive) {
  return renderPortal(path, { signedInAs })
}

const searchButton = () => screen.getByRole('button', { name: 'Buscar' })
const valueInput = () => screen.getByLabelText('Dato a buscar')
const card = (name: string) => screen.getByRole('article', { name })

/** Every pathname the router goes to from now on (the claim page itself may redirect a claim the fake API lacks). */
function recordPaths(view: ReturnType<typeof open>): string[] {
  const paths: string[] = []
  view.portal.router.subscribe((state) => paths.push(state.location.pathname))
  return paths
}

async function search(user: ReturnType<typeof userEvent.setup>, value = '90251437') {
  await user.type(valueInput(), value)
  await user.click(searchButton())
}

describe('Inicio de trámite: search form', () => {
  it('shows the fixed search mode and package, and enables Buscar only with a typed value', async () => {
    open()
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { name: 'Inicio de trámite', level: 1 })).toBeInTheDocument()
    const mode = screen.getByRole('combobox', { name: 'Buscar por' })
    expect(mode).toHaveTextContent('Número de colaborador')
    expect(mode).toBeDisabled()
    const pkg = screen.getByLabelText('Paquete asignado (No puede editarse)')
    expect(pkg).toHaveValue('Com.trámite.coppel')
    expect(pkg).toBeDisabled()

    expect(searchButton()).toBeDisabled()
    await user.type(valueInput(), '   ')
    expect(searchButton()).toBeDisabled()
    await user.type(valueInput(), '9')
    expect(searchButton()).toBeEnabled()
    await user.clear(valueInput())
    expect(searchButton()).toBeDisabled()
    expect(api.requests.some((r) => r.path === '/api/event/get-procedures')).toBe(false)
  })

  it('searches by collaborator number and shows the collaborator block and one card per coverage', async () => {
    open()
    const user = userEvent.setup()
    await search(user, ' 90251437 ')
    expect(await screen.findByRole('heading', { name: 'Numero de colaborador' })).toBeInTheDocument()
    const request = api.requests.find((r) => r.path === '/api/event/get-procedures')!
    expect(request.query.get('idColaborador')).toBe('90251437')
    expect(request.headers.authorization).toBe('Bearer token-guardado')

    expect(screen.getByText('90251437')).toBeInTheDocument()
    const general = screen.getByRole('heading', { name: 'Datos generales' }).parentElement!
    expect(within(general).getByRole('term')).toHaveTextContent('Nombre')
    expect(within(general).getByRole('definition')).toHaveTextContent('Ana María Valenzuela Ruiz')
    expect(screen.getByRole('heading', { name: 'Coberturas disponibles' })).toBeInTheDocument()
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Gastos médicos',
      'Lentes',
      'Dental',
      'Maternidad',
    ])

    const medical = within(card('Gastos médicos'))
    const pairs = (scope: ReturnType<typeof within>) =>
      scope.getAllByRole('term').map((term: HTMLElement) => [term.textContent, term.nextElementSibling?.textContent])
    expect(pairs(medical)).toEqual([
      ['Cobertura', 'Gastos médicos'],
      ['Suma de apoyo autorizada', '$30,000.00'],
      ['Suma de apoyo disponible', '$27,999.50'],
      ['Suma de apoyo utilizada', '$2,000.50'],
      ['Tipo de trámite', 'Digital'],
    ])
  })

  it("enables 'Crear nuevo trámite' only with money left, the flag on and every claim final", async () => {
    open()
    const user = userEvent.setup()
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })
    const createIn = (name: string) => within(card(name)).getByRole('button', { name: 'Crear nuevo trámite' })
    expect(createIn('Gastos médicos')).toBeEnabled()
    expect(createIn('Lentes')).toBeDisabled()
    expect(createIn('Dental')).toBeDisabled()
    expect(createIn('Maternidad')).toBeDisabled()
    expect(within(card('Maternidad')).getByText('$0.00')).toBeInTheDocument()
  })

  it("says why 'Crear nuevo trámite' is disabled, next to it and as its description (issue 21)", async () => {
    open()
    const user = userEvent.setup()
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })
    const reasons = {
      Lentes: 'Ya hay un trámite abierto en esta cobertura (C201); podrás crear otro cuando concluya o se rechace.',
      Dental: 'Esta cobertura no admite trámites nuevos.',
      Maternidad: 'Esta cobertura no tiene suma de apoyo disponible.',
    }
    for (const [name, reason] of Object.entries(reasons)) {
      const button = within(card(name)).getByRole('button', { name: 'Crear nuevo trámite' })
      expect(button).toBeDisabled()
      expect(within(card(name)).getByText(reason)).toBeVisible()
      expect(button).toHaveAccessibleDescription(reason)
    }
    const enabled = within(card('Gastos médicos')).getByRole('button', { name: 'Crear nuevo trámite' })
    expect(enabled).not.toHaveAttribute('aria-describedby')
  })

  it("lists the procedures under a collapsible 'Tramites', and 'Sin tramites' (disabled) when there are none", async () => {
    const view = open()
    const user = userEvent.setup()
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })
    const dental = within(card('Dental'))
    expect(dental.getByRole('button', { name: 'Sin tramites' })).toBeDisabled()
    expect(dental.queryByRole('button', { name: /^Tramites/ })).toBeNull()

    const medical = within(card('Gastos médicos'))
    const list = medical.getByRole('button', { name: /^Tramites/ })
    expect(list).toHaveAttribute('aria-expanded', 'false')
    await user.click(list)
    expect(list).toHaveAttribute('aria-expanded', 'true')
    const first = medical.getByRole('button', { name: 'Tramite C101' })
    expect(medical.getByRole('button', { name: 'Tramite C102' })).toBeInTheDocument()
    const item = within(first.closest('li')!)
    expect(item.getByText('Estatus del trámite: Trámite concluido')).not.toBeVisible()
    await user.click(first)
    expect(item.getByText('Titular:')).toBeVisible()
    expect(item.getByText('Ana María Valenzuela Ruiz')).toBeVisible()
    expect(item.getByText('Estatus del trámite: Trámite concluido')).toBeVisible()
    const visited = recordPaths(view)
    await user.click(item.getByRole('button', { name: 'Abrir el trámite' }))
    expect(visited[0]).toBe('/ejecutivo/mis-tramites/proceso-general-tramites/101')
  })

  it("offers 'Abrir el trámite' only on the executive's own claims; another executive's says why", async () => {
    api.on('GET /api/event/get-procedures', () =>
      ok([ROWS[0], { ...ROWS[1], idEjecutivo: USERS.executive.idUser + 100 }, ...ROWS.slice(2)]),
    )
    open()
    const user = userEvent.setup()
    await search(user)
    const medical = within(await screen.findByRole('article', { name: 'Gastos médicos' }))
    await user.click(medical.getByRole('button', { name: /^Tramites/ }))
    await user.click(medical.getByRole('button', { name: 'Tramite C102' }))
    const other = within(medical.getByRole('button', { name: 'Tramite C102' }).closest('li')!)
    expect(other.queryByRole('button', { name: 'Abrir el trámite' })).toBeNull()
    expect(other.getByText('Trámite de otro ejecutivo: solo quien lo creó puede abrirlo.')).toBeVisible()
    await user.click(medical.getByRole('button', { name: 'Tramite C101' }))
    expect(within(medical.getByRole('button', { name: 'Tramite C101' }).closest('li')!).getByRole('button', { name: 'Abrir el trámite' })).toBeVisible()
  })

  it('sends the executive to the new claim page with the coverage as navigation state', async () => {
    const view = open()
    const user = userEvent.setup()
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })
    await user.click(within(card('Gastos médicos')).getByRole('button', { name: 'Crear nuevo trámite' }))
    expect(view.pathname()).toBe('/nuevo-tramite/90251437/1')
    const state = view.portal.router.state.location.state as { coverage: { idCobertura: number; descripcion: string; availableAmount: number } }
    expect(state.coverage).toMatchObject({ idCobertura: 1, descripcion: 'Gastos médicos', availableAmount: 27999.5 })
  })

  it('uses the administrator routes under /administrador', async () => {
    const view = open('/administrador/inicio-de-cobertura', USERS.admin)
    const user = userEvent.setup()
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })
    const lenses = within(card('Lentes'))
    await user.click(lenses.getByRole('button', { name: /^Tramites/ }))
    await user.click(lenses.getByRole('button', { name: 'Tramite C201' }))
    const visited = recordPaths(view)
    await user.click(lenses.getByRole('button', { name: 'Abrir el trámite' }))
    expect(visited[0]).toBe('/administrador/mis-tramites/proceso-general-tramites/201')

    await act(async () => {
      view.portal.router.navigate('/administrador/inicio-de-cobertura')
    })
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })
    await user.click(within(card('Gastos médicos')).getByRole('button', { name: 'Crear nuevo trámite' }))
    expect(view.pathname()).toBe('/administrador/inicio-de-cobertura/nuevo-tramite/90251437/1')
  })
})

describe('Inicio de trámite: notices', () => {
  it("shows the red 'No se encontraron resultados' banner for 5 seconds and clears the results", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    open()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await search(user)
    await screen.findByRole('heading', { name: 'Coberturas disponibles' })

    api.on('GET /api/event/get-procedures', () => ok(NO_RESULT))
    await user.click(searchButton())
    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent('No se encontraron resultados')
    expect(screen.queryByRole('heading', { name: 'Coberturas disponibles' })).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_900)
    })
    expect(screen.getByRole('alert')).toHaveTextContent('No se encontraron resultados')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(screen.queryByText('No se encontraron resultados')).toBeNull()
    expect(searchButton()).toBeEnabled()
  })

  it("treats an empty answer as no results", async () => {
    api.on('GET /api/event/get-procedures', () => ok([]))
    open()
    const user = userEvent.setup()
    await search(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encontraron resultados')
  })

  it('shows the server reason of a failed search, which can be dismissed', async () => {
    api.on('GET /api/event/get-procedures', () => fail(400, 'Número de colaborador: El valor ingresado debe de ser un número'))
    open()
    const user = userEvent.setup()
    await search(user, '12a')
    expect(await screen.findByRole('alert')).toHaveTextContent('Número de colaborador: El valor ingresado debe de ser un número')
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
