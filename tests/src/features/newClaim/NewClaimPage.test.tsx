/**
 * New claim page (spec 2.5, 2.11 'New claim page', 5, 8) on the whole app with a fake API: parallel loads, prefill,
 * fund summary, the rules of spec section 5 in the warning tooltips, 'Iniciar trámite' gating, state then city, the
 * birth-date picker, creation and the landing on the general-data page, and the failure texts.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'
import { chooseOption } from '../../helpers/arkSelect'

const COLLABORATOR = {
  idColaborador: 90251437,
  nombre: 'Ana',
  nombre2: 'María',
  apePat: 'Valenzuela',
  apeMat: 'Ruiz',
  email: 'ana.valenzuela@correo.mx',
  telefono: '6671234567',
  edad: null,
  genero: null,
  estado: null,
  ciudad: null,
}
const FUND = { idColaborador: 90251437, idCobertura: 1, descripcion: 'Gastos médicos', monto: 30000, montoUtilizado: 3000.5, montoDisponible: 26999.5, showCtaBtn: 1 }
const STATES = [
  { id: 14, nombre: 'Jalisco' },
  { id: 25, nombre: 'Sinaloa' },
]
const CITIES: Record<string, { id: number; nombre: string }[]> = {
  '14': [{ id: 39, nombre: 'Guadalajara' }],
  '25': [
    { id: 6, nombre: 'Culiacán' },
    { id: 12, nombre: 'Mazatlán' },
  ],
}
const CREATE_ERROR = 'Ocurrió un error al crear el trámite, favor de intentar de nuevo en unos minutos.'
const PATH = '/nuevo-tramite/90251437/1'

const api = fakeApiForEachTest(() => ({
  'GET /api/user/collaborator/90251437': () => ok(COLLABORATOR),
  'GET /api/event/90251437/1': () => ok([FUND]),
  'GET /api/catalog/locations/estados': () => ok(STATES),
  'GET /api/catalog/locations/municipio/14': () => ok(CITIES['14']),
  'GET /api/catalog/locations/municipio/25': () => ok(CITIES['25']),
  'POST /api/event': () => ok({ insertId: 301 }),
}))

function open(path = PATH, signedInAs = USERS.executive) {
  const view = renderPortal(path, { signedInAs })
  const visited: string[] = []
  view.portal.router.subscribe((state) => visited.push(state.location.pathname))
  return { ...view, visited }
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' })
const submit = () => screen.getByRole('button', { name: 'Iniciar trámite' })
const loaded = () => screen.findByRole('heading', { name: 'Declaración de trámite' })

/** Fills what the prefill leaves empty, so the form is valid. */
async function completeForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Edad'), '34')
  await chooseOption(user, 'Género', 'Femenino')
  await user.type(field('Costo'), '1500.50')
  await chooseOption(user, 'Estado', 'Sinaloa')
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ciudad' })).toBeEnabled())
  await chooseOption(user, 'Ciudad', 'Culiacán')
}

describe('New claim page: data', () => {
  it('loads the collaborator, the fund summary and the states, and prefills the form', async () => {
    open()
    expect(screen.getByRole('heading', { name: 'Nuevo trámite', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Cargando datos del colaborador…')
    await loaded()
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/user/collaborator/90251437', 'GET /api/event/90251437/1', 'GET /api/catalog/locations/estados']),
    )
    const collaborator = within(screen.getByRole('heading', { name: 'Datos del colaborador' }).closest('section')!)
    expect(collaborator.getByText('90251437')).toBeInTheDocument()
    expect(collaborator.getByText('Ana María Valenzuela Ruiz')).toBeInTheDocument()
    const fund = within(screen.getByRole('heading', { name: 'Resumen de fondos' }).closest('section')!)
    expect(fund.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Cobertura', 'Gastos médicos'],
      ['Suma de apoyo autorizada', '$30,000.00'],
      ['Suma de apoyo utilizada', '$3,000.50'],
      ['Suma de apoyo disponible', '$26,999.50'],
    ])

    expect(field('Nombre')).toHaveValue('Ana María Valenzuela Ruiz')
    expect(field('Correo electrónico')).toHaveValue('ana.valenzuela@correo.mx')
    expect(field('Teléfono')).toHaveValue('6671234567')
    expect(field('Edad')).toHaveValue('')
    expect(field('Tipo de trámite')).toHaveValue('Digital')
    expect(field('Tipo de trámite')).toBeDisabled()
    expect(field('Paquete asignado')).toHaveValue('Com.trámite.coppel')
    expect(field('Paquete asignado')).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Ciudad' })).toBeDisabled()
    // Before a state is chosen the empty list says what comes first, not that nothing exists (issue 21).
    expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveTextContent('Elige primero un estado')
    expect(screen.getByRole('link', { name: 'Regresar a Inicio de trámite' })).toHaveAttribute('href', '/home')
  })

  it('offers Masculino and Femenino only', async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Género' }))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Masculino', 'Femenino'])
  })

  it("shows 'Error' with a retry when a load fails", async () => {
    let fundCalls = 0
    api.on('GET /api/event/90251437/1', () => (++fundCalls === 1 ? fail(404, 'No se encontró la cobertura del colaborador') : ok([FUND])))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    await loaded()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fundCalls).toBe(2)
  })

  it('the administrator variant goes back to /administrador/inicio-de-cobertura', async () => {
    open('/administrador/inicio-de-cobertura/nuevo-tramite/90251437/1', USERS.admin)
    await loaded()
    expect(screen.getByRole('link', { name: 'Regresar a Inicio de trámite' })).toHaveAttribute('href', '/administrador/inicio-de-cobertura')
  })
})

describe('New claim page: rules', () => {
  it("enables 'Iniciar trámite' only once every field keeps its rule", async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    expect(submit()).toBeDisabled()
    await completeForm(user)
    expect(submit()).toBeEnabled()

    // Phone under 10 characters.
    await user.type(field('Teléfono'), '{Backspace}')
    expect(field('Teléfono')).toHaveValue('667123456')
    expect(submit()).toBeDisabled()
    await user.type(field('Teléfono'), '7')
    expect(submit()).toBeEnabled()

    // Empty name.
    await user.clear(field('Nombre'))
    expect(field('Nombre')).toHaveAccessibleErrorMessage('Campo requerido')
    expect(submit()).toBeDisabled()
    await user.type(field('Nombre'), 'Ana Valenzuela')
    expect(submit()).toBeEnabled()

    // Email.
    await user.clear(field('Correo electrónico'))
    expect(submit()).toBeDisabled()
    await user.type(field('Correo electrónico'), 'ana@correo')
    expect(field('Correo electrónico')).toHaveAccessibleErrorMessage('Correo inválido')
    expect(submit()).toBeDisabled()
    await user.type(field('Correo electrónico'), '.mx')
    expect(field('Correo electrónico')).not.toHaveAttribute('aria-invalid')
    expect(submit()).toBeEnabled()
  })

  it('keeps Costo between 0 and the available amount', async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    await completeForm(user)
    await user.clear(field('Costo'))
    await user.type(field('Costo'), '26999.51')
    expect(field('Costo')).toHaveAccessibleErrorMessage('El valor ingresado es menor al permitido(min)')
    expect(submit()).toBeDisabled()
    await user.clear(field('Costo'))
    await user.type(field('Costo'), '-1')
    expect(field('Costo')).toHaveAccessibleErrorMessage('El valor ingresado es menor al permitido(min)')
    await user.clear(field('Costo'))
    await user.type(field('Costo'), 'mil')
    expect(field('Costo')).toHaveAccessibleErrorMessage('El valor ingresado debe de ser un número')
    expect(submit()).toBeDisabled()
    await user.clear(field('Costo'))
    expect(field('Costo')).toHaveAccessibleErrorMessage('Campo requerido')
    await user.type(field('Costo'), '26999.50')
    expect(field('Costo')).not.toHaveAttribute('aria-invalid')
    expect(submit()).toBeEnabled()
  })

  it('does not accept a phone entry that is not digits or longer than 10', async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    await user.clear(field('Teléfono'))
    await user.type(field('Teléfono'), '66a7-12')
    expect(field('Teléfono')).toHaveValue('66712')
    await user.type(field('Teléfono'), '3456789')
    expect(field('Teléfono')).toHaveValue('6671234567')
  })

  it('loads the cities of the chosen state and resets the city when the state changes', async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    await chooseOption(user, 'Estado', 'Sinaloa')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ciudad' })).toBeEnabled())
    expect(api.requests.some((r) => r.path === '/api/catalog/locations/municipio/25')).toBe(true)
    await user.click(screen.getByRole('combobox', { name: 'Ciudad' }))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Culiacán', 'Mazatlán'])
    await user.click(screen.getByRole('option', { name: 'Mazatlán' }))
    expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveTextContent('Mazatlán')

    await chooseOption(user, 'Estado', 'Jalisco')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ciudad' })).toHaveTextContent('Seleccionar una opción'))
    await user.click(screen.getByRole('combobox', { name: 'Ciudad' }))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Guadalajara'])
  })

  it("fills Edad from the date picked in the es-MX calendar, shown as YYYY-MM-DD, with no future month and 'Cerrar'", async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    const picker = screen.getByRole('textbox', { name: 'Fecha de nacimiento' })
    await user.click(screen.getByRole('button', { name: 'Abrir calendario: Fecha de nacimiento' }))
    // Birth dates open on the years (issue 15), on the decade of 40 years ago rather than this one (issue 21: a 1985
    // birth date was four 'Década anterior' away): that year, then January, then its days.
    const today = new Date()
    const year = today.getFullYear() - 40
    const decade = year - (year % 10)
    expect(await screen.findByRole('button', { name: 'Década siguiente' })).toBeEnabled()
    expect(screen.getByRole('button', { name: /, vista de años$/ })).toHaveTextContent(`${decade}–${decade + 9}`)
    await user.click(within(screen.getByRole('grid')).getByText(String(year)))
    await screen.findByRole('button', { name: 'Año siguiente' })
    await user.click(within(screen.getByRole('grid')).getByText('ene'))
    await screen.findByRole('button', { name: 'Mes siguiente' })
    const grid = screen.getByRole('grid')
    const firstOfMonth = within(grid)
      .getAllByText('1')
      .find((cell) => !cell.hasAttribute('data-outside-range'))!
    await user.click(firstOfMonth)
    await waitFor(() => expect(picker).toHaveValue(`${year}-01-01`))
    expect(field('Edad')).toHaveValue('40')

    await user.click(screen.getByRole('button', { name: 'Abrir calendario: Fecha de nacimiento' }))
    await user.click(await screen.findByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())
  })
  it('keeps an unreadable or future birth date with its reason and does not let the claim start (issue 15)', async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    await completeForm(user)
    await waitFor(() => expect(submit()).toBeEnabled())
    const birth = screen.getByRole('textbox', { name: 'Fecha de nacimiento' })
    await user.type(birth, '1985-06-15{Enter}')
    expect(birth).toHaveValue('1985-06-15')
    expect(submit()).toBeEnabled()
    await user.clear(birth)
    await user.type(birth, '15/13/1985')
    await user.click(field('Costo'))
    expect(birth).toHaveValue('15/13/1985')
    expect(birth).toHaveAccessibleDescription('Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA')
    expect(submit()).toBeDisabled()
    await user.clear(birth)
    await user.type(birth, '2099-01-01{Enter}')
    expect(birth).toHaveAccessibleDescription('La fecha no puede ser posterior a hoy')
    expect(submit()).toBeDisabled()
    await user.clear(birth)
    await user.type(birth, '15/06/1985{Enter}')
    expect(birth).toHaveValue('1985-06-15')
    expect(submit()).toBeEnabled()
  })
})

describe('New claim page: creation', () => {
  it('creates the claim with the form payload and opens its general-data page', async () => {
    const view = open()
    await loaded()
    const user = userEvent.setup()
    await completeForm(user)
    await user.click(submit())
    await waitFor(() => expect(view.visited).toContain('/ejecutivo/mis-tramites/proceso-general-tramites/301'))
    const request = api.requests.find((r) => r.method === 'POST' && r.path === '/api/event')!
    expect(request.body).toEqual({
      idColaborador: 90251437,
      idEjecutivo: USERS.executive.idUser,
      idCobertura: 1,
      beneficiary: 'Ana María Valenzuela Ruiz',
      email: 'ana.valenzuela@correo.mx',
      phone: '6671234567',
      age: 34,
      gender: 2,
      state: 25,
      city: 6,
      montoAutorizado: 1500.5,
    })
  })

  it('sends the administrator to the administrador general-data page', async () => {
    const view = open('/administrador/inicio-de-cobertura/nuevo-tramite/90251437/1', USERS.admin)
    await loaded()
    const user = userEvent.setup()
    await completeForm(user)
    await user.click(submit())
    await waitFor(() => expect(view.visited).toContain('/administrador/mis-tramites/proceso-general-tramites/301'))
    expect(api.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ idEjecutivo: USERS.admin.idUser })
  })

  it('shows the spec alert when the creation fails, and keeps the form', async () => {
    api.on('POST /api/event', () => fail(409, 'La cobertura ya tiene un trámite abierto'))
    const view = open()
    await loaded()
    const user = userEvent.setup()
    await completeForm(user)
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(CREATE_ERROR)
    expect(view.pathname()).toBe(PATH)
    expect(field('Costo')).toHaveValue('1500.50')
    expect(submit()).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
