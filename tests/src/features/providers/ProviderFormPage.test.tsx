/**
 * The provider form (spec 2.6, 3 'Provider', 4 'After provider create/edit', 5 'Provider form', 8) on the whole app
 * with a fake API: the medical and non-medical variants, contract year/status only with a contract, the dependent
 * state → municipality → neighbourhood selects fed by the catalogues, every range and required rule with its
 * message, the disabled save's tooltip, create (→ the new provider's page), edit without passwords (→ the list),
 * the read-only view, and 'Error al crear usuario {reason}'.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { renderAdmin } from '../executives/renderAdmin'
import type { CatalogItem, Neighbourhood, Service } from '../../../../domain/contract/catalog'
import type { ProviderWithAccount } from '../../../../domain/contract/users'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'
import { chooseOption } from '../../helpers/arkSelect'

const NEW = '/administrador/proveedores/nuevo-proveedor'
const STATES: CatalogItem[] = [
  { id: 14, nombre: 'Jalisco' },
  { id: 25, nombre: 'Sinaloa' },
]
const MUNICIPALITIES: Record<string, CatalogItem[]> = {
  '14': [{ id: 120, nombre: 'Guadalajara' }],
  '25': [
    { id: 6, nombre: 'Culiacán' },
    { id: 12, nombre: 'Mazatlán' },
  ],
}
const NEIGHBOURHOODS: Record<string, Neighbourhood[]> = {
  '120': [{ id: 5001, nombre: 'Americana', codigoPostal: '44160' }],
  '6': [{ id: 7001, nombre: 'Centro', codigoPostal: '80000' }],
  '12': [],
}
const SERVICES: Service[] = [
  { id: 3, nombre: 'Laboratorio', tipo: 1 },
  { id: 4, nombre: 'Óptica', tipo: 0 },
]
const RECORD: ProviderWithAccount = {
  idProveedor: 8,
  idUsuario: 41,
  tipo: 1,
  nombreProveedor: 'Clínica Del Valle',
  activo: 0,
  nivel: 'Segundo',
  tipoEspecialidad: 'Médica',
  especialidad: 'Cardiología',
  costoNormal: 850,
  estudio: 'Electrocardiograma',
  servicio: 3,
  servicioNombre: 'Laboratorio',
  contrato: null,
  contratoYear: null,
  contratoEstatus: null,
  estado: 14,
  estadoNombre: 'Jalisco',
  municipio: 120,
  municipioNombre: 'Guadalajara',
  colonia: 5001,
  coloniaNombre: 'Americana',
  calle: 'Av. Vallarta',
  numeroExterior: 1500,
  numeroInterior: null,
  codigoPostal: 44160,
  telefono1: '3312345678',
  telefono2: null,
  horarios: 'L-V 9 a 18',
  email: 'contacto@delvalle.mx',
  observaciones: 'Planta baja',
  puntosImportantes: null,
}
const BLOCKERS = 'Existen omisiones o errores en los siguientes campos.'
const OUT_OF_RANGE = 'El valor ingresado es menor al permitido(min)'
const NOT_A_NUMBER = 'El valor ingresado debe de ser un número'

const api = fakeApiForEachTest(() => ({
  'GET /api/catalog/locations/estados': () => ok(STATES),
  'GET /api/catalog/services': () => ok(SERVICES),
  'GET /api/user/provider/8': () => ok([RECORD]),
  'GET /api/user/provider/15': () => ok([{ ...RECORD, idProveedor: 15, idUsuario: 60, nombreProveedor: 'Laboratorio Norte' }]),
  'POST /api/auth/signup-provider': () => ok({ insertId: 15 }),
  'PUT /api/user/provider': () => ok({ idUsuario: 41 }),
  'GET /api/user/providers': () => ok({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 10 }),
}))
beforeEach(() => {
  for (const [id, list] of Object.entries(MUNICIPALITIES)) api.on(`GET /api/catalog/locations/municipio/${id}`, () => ok(list))
  for (const [id, list] of Object.entries(NEIGHBOURHOODS)) api.on(`GET /api/catalog/locations/colonia/${id}`, () => ok(list))
})

function open(path = NEW) {
  return renderAdmin(path)
}

type User = ReturnType<typeof userEvent.setup>
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' })
const queryField = (label: string) => screen.queryByLabelText(label, { selector: 'input' })
const combo = (label: string) => screen.getByRole('combobox', { name: label })
const queryCombo = (label: string) => screen.queryByRole('combobox', { name: label })
const save = (name = 'Guardar') => screen.getByRole('button', { name })
const loaded = () => screen.findByRole('combobox', { name: 'Tipo de proveedor' })

async function fillMedical(user: User) {
  await chooseOption(user, 'Tipo de proveedor', 'Médico')
  await user.type(field('Nombre del proveedor'), 'Laboratorio Norte')
  await chooseOption(user, 'Estatus', 'Activo')
  await user.type(field('Nivel'), 'Segundo')
  await user.type(field('Tipo de especialidad'), 'Médica')
  await user.type(field('Especialidad'), 'Análisis clínicos')
  await user.type(field('Costo'), '450.50')
  await user.type(field('Estudio'), 'Química sanguínea')
  await chooseOption(user, 'Estado', 'Sinaloa')
  await chooseOption(user, 'Municipio', 'Culiacán')
  await chooseOption(user, 'Colonia', 'Centro')
  await user.type(field('Calle'), 'Obregón')
  await user.type(field('Número exterior'), '120')
  await user.type(field('Código postal'), '80000')
  await user.type(field('Teléfono 1'), '6671112233')
  await user.type(field('Horarios'), 'L-S 7 a 15')
  await user.type(field('Correo electrónico'), 'norte@laboratorio.mx')
  await user.type(field('Observaciones'), 'Frente al parque')
  await user.type(field('Contraseña'), 'Clave#2026')
  await user.type(field('Confirmar contraseña'), 'Clave#2026')
}

describe('Provider form: variants and selects', () => {
  it('shows the medical or the non-medical fields for the chosen type, and contract year/status only with a contract', async () => {
    open()
    await loaded()
    expect(screen.getByRole('heading', { name: 'Nuevo proveedor', level: 1 })).toBeInTheDocument()
    expect(queryField('Nivel')).toBeNull()
    expect(queryCombo('Contrato')).toBeNull()
    const user = userEvent.setup()

    await chooseOption(user, 'Tipo de proveedor', 'Médico')
    for (const label of ['Nivel', 'Tipo de especialidad', 'Especialidad', 'Costo', 'Estudio']) expect(field(label)).toBeInTheDocument()
    expect(queryCombo('Contrato')).toBeNull()

    await chooseOption(user, 'Tipo de proveedor', 'No médico')
    expect(queryField('Nivel')).toBeNull()
    expect(queryField('Costo')).toBeNull()
    expect(combo('Contrato')).toBeInTheDocument()
    expect(queryField('Año de contrato')).toBeNull()
    expect(queryCombo('Estatus de contrato')).toBeNull()

    await chooseOption(user, 'Contrato', 'Sí')
    expect(field('Año de contrato')).toBeInTheDocument()
    expect(combo('Estatus de contrato')).toBeInTheDocument()
    expect(save()).toHaveAccessibleDescription(expect.stringContaining('Estatus, Servicio, Año de contrato, Estatus de contrato, Estado'))

    await user.type(field('Año de contrato'), '1899')
    expect(field('Año de contrato')).toHaveAccessibleErrorMessage(OUT_OF_RANGE)
    await user.clear(field('Año de contrato'))
    await user.type(field('Año de contrato'), '2025')
    expect(field('Año de contrato')).not.toHaveAttribute('aria-invalid')

    await chooseOption(user, 'Contrato', 'No')
    expect(queryField('Año de contrato')).toBeNull()
    expect(queryCombo('Estatus de contrato')).toBeNull()
  })

  it('loads municipalities for the chosen state and neighbourhoods for the chosen municipality, resetting what depends on them', async () => {
    open()
    await loaded()
    expect(combo('Municipio')).toBeDisabled()
    // Before what they depend on is chosen, the empty lists say what comes first (issue 21).
    expect(combo('Municipio')).toHaveTextContent('Elija primero un estado')
    expect(combo('Colonia')).toHaveTextContent('Elija primero un municipio')
    const user = userEvent.setup()

    await user.click(combo('Estado'))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Jalisco', 'Sinaloa'])
    await user.click(screen.getByRole('option', { name: 'Sinaloa' }))
    await waitFor(() => expect(combo('Municipio')).toBeEnabled())
    expect(combo('Municipio')).toHaveTextContent('Seleccionar una opción')
    await chooseOption(user, 'Municipio', 'Mazatlán')
    // A municipality without neighbourhoods.
    await waitFor(() => expect(combo('Colonia')).toHaveTextContent('No existen opciones disponibles'))
    await chooseOption(user, 'Municipio', 'Culiacán')
    await chooseOption(user, 'Colonia', 'Centro')
    expect(combo('Colonia')).toHaveTextContent('Centro')

    await chooseOption(user, 'Estado', 'Jalisco')
    await waitFor(() => expect(combo('Municipio')).toBeEnabled())
    expect(combo('Municipio')).toHaveTextContent('Seleccionar una opción')
    expect(combo('Colonia')).toHaveTextContent('Elija primero un municipio')
    expect(api.requests.filter((r) => r.path.startsWith('/api/catalog/locations/')).map((r) => r.path)).toEqual([
      '/api/catalog/locations/estados',
      '/api/catalog/locations/municipio/25',
      '/api/catalog/locations/colonia/12',
      '/api/catalog/locations/colonia/6',
      '/api/catalog/locations/municipio/14',
    ])
  })
})

describe('Provider form: rules', () => {
  it('shows the required, range, number, e-mail, phone and password messages, and lists the bad fields', async () => {
    open()
    await loaded()
    const user = userEvent.setup()
    expect(save()).toBeDisabled()
    expect(save()).toHaveAccessibleDescription(
      `${BLOCKERS} Tipo de proveedor, Nombre del proveedor, Estatus, Estado, Municipio, Colonia, Calle, Número exterior, Código postal, Teléfono 1, Horarios, Correo electrónico, Observaciones, Contraseña, Confirmar contraseña`,
    )

    await chooseOption(user, 'Tipo de proveedor', 'No médico')
    expect(save()).toHaveAccessibleDescription(expect.stringContaining('Estatus, Servicio, Contrato, Estado'))
    await chooseOption(user, 'Tipo de proveedor', 'Médico')
    expect(save()).toHaveAccessibleDescription(expect.stringContaining('Estatus, Nivel, Tipo de especialidad, Especialidad, Costo, Estudio, Estado'))

    await user.type(field('Nombre del proveedor'), 'X')
    await user.clear(field('Nombre del proveedor'))
    expect(field('Nombre del proveedor')).toHaveAccessibleErrorMessage('Campo requerido')

    await user.type(field('Código postal'), '100000')
    expect(field('Código postal')).toHaveAccessibleErrorMessage(OUT_OF_RANGE)
    await user.clear(field('Código postal'))
    await user.type(field('Código postal'), 'cp')
    expect(field('Código postal')).toHaveAccessibleErrorMessage(NOT_A_NUMBER)
    await user.clear(field('Código postal'))
    await user.type(field('Código postal'), '00000')
    expect(field('Código postal')).not.toHaveAttribute('aria-invalid')

    await user.type(field('Número exterior'), '-1')
    expect(field('Número exterior')).toHaveAccessibleErrorMessage(OUT_OF_RANGE)
    await user.clear(field('Número exterior'))
    await user.type(field('Número exterior'), '99999')
    expect(field('Número exterior')).not.toHaveAttribute('aria-invalid')

    await user.type(field('Costo'), '-5')
    expect(field('Costo')).toHaveAccessibleErrorMessage(OUT_OF_RANGE)
    await user.clear(field('Costo'))
    await user.type(field('Costo'), 'caro')
    expect(field('Costo')).toHaveAccessibleErrorMessage(NOT_A_NUMBER)

    await user.type(field('Correo electrónico'), 'contacto@clinica')
    expect(field('Correo electrónico')).toHaveAccessibleErrorMessage('Correo inválido')

    await user.type(field('Teléfono 1'), '33-12x')
    expect(field('Teléfono 1')).toHaveValue('3312')
    await user.type(field('Teléfono 2'), '12345678901')
    expect(field('Teléfono 2')).toHaveValue('1234567890')

    await user.type(field('Contraseña'), 'abcdefgh')
    expect(field('Contraseña')).toHaveAccessibleErrorMessage(
      'La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial',
    )
    await user.clear(field('Contraseña'))
    await user.type(field('Contraseña'), 'Clave#2026')
    await user.type(field('Confirmar contraseña'), 'Clave#2027')
    expect(field('Confirmar contraseña')).toHaveAccessibleErrorMessage('Las contraseñas no coinciden')

    await user.hover(screen.getByTestId('save-blockers'))
    // The focused field's own warning tooltip may be open too.
    const tooltip = await waitFor(() => {
      const found = screen.getAllByRole('tooltip').find((t) => t.textContent?.startsWith(BLOCKERS))
      expect(found).toBeDefined()
      return found!
    })
    // Fixed fields (Código postal, Número exterior, both phones, the password) are no longer listed.
    expect(within(tooltip).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Nombre del proveedor',
      'Estatus',
      'Nivel',
      'Tipo de especialidad',
      'Especialidad',
      'Costo',
      'Estudio',
      'Estado',
      'Municipio',
      'Colonia',
      'Calle',
      'Horarios',
      'Correo electrónico',
      'Observaciones',
      'Confirmar contraseña',
    ])
  })
})

describe('Provider form: saving', () => {
  it('creates a medical provider and opens its page', async () => {
    const view = open()
    await loaded()
    const user = userEvent.setup()
    await fillMedical(user)
    expect(save()).toBeEnabled()
    await user.click(save())
    await waitFor(() => expect(view.pathname()).toBe('/administrador/proveedores/ver-proveedor/15'))
    const body = api.requests.find((r) => r.method === 'POST' && r.path === '/api/auth/signup-provider')?.body
    expect(body).toEqual({
      tipo: 1,
      nombreProveedor: 'Laboratorio Norte',
      activo: 0,
      nivel: 'Segundo',
      tipoEspecialidad: 'Médica',
      especialidad: 'Análisis clínicos',
      costoNormal: 450.5,
      estudio: 'Química sanguínea',
      servicio: null,
      contrato: null,
      contratoYear: null,
      contratoEstatus: null,
      estado: 25,
      municipio: 6,
      colonia: 7001,
      calle: 'Obregón',
      numeroExterior: 120,
      numeroInterior: null,
      codigoPostal: 80000,
      telefono1: '6671112233',
      telefono2: null,
      horarios: 'L-S 7 a 15',
      email: 'norte@laboratorio.mx',
      observaciones: 'Frente al parque',
      puntosImportantes: null,
      password: 'Clave#2026',
      confirmPassword: 'Clave#2026',
    })
    expect(await screen.findByRole('heading', { name: 'Datos del proveedor', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Proveedor creado')).toBeInTheDocument()
    await waitFor(() => expect(field('Nombre del proveedor')).toHaveValue('Laboratorio Norte'))
  })

  it("shows 'Error al crear usuario {reason}' and stays on the form", async () => {
    api.on('POST /api/auth/signup-provider', () => fail(409, 'Ya existe un usuario con ese correo'))
    const view = open()
    await loaded()
    const user = userEvent.setup()
    await fillMedical(user)
    await user.click(save())
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al crear usuario Ya existe un usuario con ese correo')
    expect(view.pathname()).toBe(NEW)
  })

  it('edit loads the record with its places, does not require passwords, saves and goes back to the list', async () => {
    const view = open('/administrador/proveedores/editar-proveedor/8')
    await screen.findByRole('heading', { name: 'Editar proveedor', level: 1 })
    await waitFor(() => expect(field('Nombre del proveedor')).toHaveValue('Clínica Del Valle'))
    expect(combo('Tipo de proveedor')).toHaveTextContent('Médico')
    expect(combo('Estatus')).toHaveTextContent('Activo')
    expect(combo('Servicio')).toHaveTextContent('Laboratorio')
    expect(combo('Estado')).toHaveTextContent('Jalisco')
    expect(combo('Municipio')).toHaveTextContent('Guadalajara')
    expect(combo('Colonia')).toHaveTextContent('Americana')
    expect(field('Costo')).toHaveValue('850')
    expect(field('Contraseña')).toHaveValue('')
    expect(save('Guardar cambios')).toBeEnabled()

    const user = userEvent.setup()
    await user.clear(field('Horarios'))
    await user.type(field('Horarios'), 'L-D 24 horas')
    await chooseOption(user, 'Estatus', 'Inactivo')
    await user.click(save('Guardar cambios'))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/proveedores'))
    const body = api.requests.find((r) => r.method === 'PUT' && r.path === '/api/user/provider')?.body as Record<string, unknown>
    expect(body).toMatchObject({ idUsuario: 41, horarios: 'L-D 24 horas', activo: 1, estado: 14, municipio: 120, colonia: 5001, servicio: 3 })
    expect(body).not.toHaveProperty('password')
  })

  it("view is 'Datos del proveedor', read-only, with a link to edit", async () => {
    open('/administrador/proveedores/ver-proveedor/8')
    await screen.findByRole('heading', { name: 'Datos del proveedor', level: 1 })
    await waitFor(() => expect(field('Nombre del proveedor')).toHaveValue('Clínica Del Valle'))
    expect(field('Nombre del proveedor')).toHaveAttribute('readonly')
    expect(field('Calle')).toHaveAttribute('readonly')
    expect(combo('Estado')).toBeDisabled()
    expect(combo('Colonia')).toHaveTextContent('Americana')
    expect(queryField('Contraseña')).toBeNull()
    expect(screen.queryByRole('button', { name: /Guardar/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/administrador/proveedores/editar-proveedor/8')
  })
})
