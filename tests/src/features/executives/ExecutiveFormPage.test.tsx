/**
 * The executive form (spec 2.6, 5 'Executive form', 8) on the whole app with a fake API: every message of spec
 * section 5 on its fields (required, e-mail, company domains from the runtime configuration, phone entries refused,
 * password strength with its missing items, 'Las contraseñas no coinciden', the status select's 'Campo requerido'),
 * the disabled save with its tooltip listing the bad fields, create / edit / view, and the failure alert.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { renderAdmin, TEST_DOMAINS } from './renderAdmin'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'
import { chooseOption } from '../../helpers/arkSelect'

const NEW = '/administrador/ejecutivos/nuevo-ejecutivo'
const RECORD = {
  idUser: 31,
  nombre: 'Laura Méndez',
  nombre2: '',
  apePat: '',
  apeMAt: '',
  email: 'laura@empresa.mx',
  telefono: '5512345678',
  activo: 0,
  ubicacionLaboral: 'Call Center Revolución',
  rol: '0',
  foto: null,
}
const SAVE_ERROR = 'Ocurrió un error al crear el ejecutivo, favor de intentar de nuevo en unos minutos'
const BLOCKERS = 'Existen omisiones o errores en los siguientes campos.'

const api = fakeApiForEachTest(() => ({
  'GET /api/user/31': () => ok([RECORD]),
  'POST /api/auth/signup-executive': () => ok({ idUser: 77 }),
  'PUT /api/user/executive': () => ok({ idUsuario: 31 }),
  'GET /api/user/executives': () => ok({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 10 }),
}))

function open(path = NEW) {
  return renderAdmin(path)
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' })
const combo = (label: string) => screen.getByRole('combobox', { name: label })
const selectRoot = (label: string) => combo(label).closest('[data-part="root"]') as HTMLElement
const saveButton = (name = 'Guardar') => screen.getByRole('button', { name })

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Nombre'), 'Rosa Ibarra')
  await user.type(field('Teléfono'), '5598765432')
  await user.type(field('Correo electrónico'), 'rosa.ibarra@banco-empresa.mx')
  await chooseOption(user, 'Estatus', 'Activo')
  await chooseOption(user, 'Ubicación laboral', 'Call Center Miguel Ocarranza')
  await user.type(field('Contraseña'), 'Segura#2026')
  await user.type(field('Confirmar contraseña'), 'Segura#2026')
  await waitFor(() => expect(saveButton()).toBeEnabled())
}

describe('Executive form: create', () => {
  it('starts with Guardar disabled, its tooltip listing every bad field, and the blank status marked', async () => {
    open()
    await screen.findByRole('heading', { name: 'Nuevo ejecutivo', level: 1 })
    expect(saveButton()).toBeDisabled()
    expect(saveButton()).toHaveAccessibleDescription(
      `${BLOCKERS} Nombre, Teléfono, Correo electrónico, Estatus, Ubicación laboral, Contraseña, Confirmar contraseña`,
    )
    // The status selector shows 'Campo requerido' while blank, before it is touched.
    expect(within(selectRoot('Estatus')).getByLabelText('Campo requerido')).toBeInTheDocument()
    // The work location shows its reason only once it was opened and closed.
    expect(within(selectRoot('Ubicación laboral')).queryByLabelText('Campo requerido')).toBeNull()

    const user = userEvent.setup()
    await user.hover(screen.getByTestId('save-blockers'))
    const tooltip = await screen.findByRole('tooltip')
    expect(tooltip).toHaveTextContent(BLOCKERS)
    expect(within(tooltip).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Nombre',
      'Teléfono',
      'Correo electrónico',
      'Estatus',
      'Ubicación laboral',
      'Contraseña',
      'Confirmar contraseña',
    ])
  })

  it('offers the three work locations and the two statuses', async () => {
    open()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('combobox', { name: 'Ubicación laboral' }))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Coorporativo Reforma',
      'Call Center Miguel Ocarranza',
      'Call Center Revolución',
    ])
    await user.keyboard('{Escape}')
    await user.click(combo('Estatus'))
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Activo', 'Inactivo']))
  })

  it('shows each field message of spec section 5 and narrows the tooltip as fields get fixed', async () => {
    open()
    await screen.findByRole('heading', { name: 'Nuevo ejecutivo', level: 1 })
    const user = userEvent.setup()

    await user.type(field('Nombre'), 'R')
    await user.clear(field('Nombre'))
    expect(field('Nombre')).toHaveAccessibleErrorMessage('Campo requerido')
    await user.type(field('Nombre'), 'Rosa Ibarra')
    expect(field('Nombre')).not.toHaveAttribute('aria-invalid')

    await user.type(field('Correo electrónico'), 'rosa@')
    expect(field('Correo electrónico')).toHaveAccessibleErrorMessage('Correo inválido')
    await user.type(field('Correo electrónico'), 'gmail.com')
    // The domains come from the runtime configuration, not from the code.
    expect(field('Correo electrónico')).toHaveAccessibleErrorMessage(
      `El correo solo puede ser de los dominios ${TEST_DOMAINS.join(', ')}`,
    )
    await user.clear(field('Correo electrónico'))
    await user.type(field('Correo electrónico'), 'rosa@AFORE-empresa.mx')
    expect(field('Correo electrónico')).not.toHaveAttribute('aria-invalid')

    // Phone type: an invalid entry is not accepted.
    await user.type(field('Teléfono'), '55a-12')
    expect(field('Teléfono')).toHaveValue('5512')
    await user.type(field('Teléfono'), '34567890')
    expect(field('Teléfono')).toHaveValue('5512345678')

    await user.type(field('Contraseña'), 'debil')
    expect(field('Contraseña')).toHaveAccessibleErrorMessage(
      'La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial, 8 caracteres',
    )
    const help = field('Contraseña').closest('[data-part="root"]') as HTMLElement
    expect(help).toHaveTextContent('La contraseña debe de tener al menos:')
    for (const item of ['Una letra mayúscula', 'Un número', 'Un símbolo especial', '8 caracteres']) {
      expect(within(help).getByText(item)).toBeInTheDocument()
    }
    expect(within(help).queryByText('Una letra minúscula')).toBeNull()
    await user.clear(field('Contraseña'))
    await user.type(field('Contraseña'), 'SOLOMAYUS')
    expect(field('Contraseña')).toHaveAccessibleErrorMessage(
      'La contraseña debe de tener al menos: Una letra minúscula, Un número, Un símbolo especial',
    )
    await user.clear(field('Contraseña'))
    await user.type(field('Contraseña'), 'Segura#2026')
    expect(field('Contraseña')).not.toHaveAttribute('aria-invalid')

    await user.type(field('Confirmar contraseña'), 'Segura#2025')
    expect(field('Confirmar contraseña')).toHaveAccessibleErrorMessage('Las contraseñas no coinciden')
    expect(saveButton()).toHaveAccessibleDescription(`${BLOCKERS} Estatus, Ubicación laboral, Confirmar contraseña`)
    await user.clear(field('Confirmar contraseña'))
    await user.type(field('Confirmar contraseña'), 'Segura#2026')
    expect(field('Confirmar contraseña')).not.toHaveAttribute('aria-invalid')

    // Opening and leaving the work location blank marks it.
    await user.click(combo('Ubicación laboral'))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(within(selectRoot('Ubicación laboral')).getByLabelText('Campo requerido')).toBeInTheDocument())

    await chooseOption(user, 'Estatus', 'Inactivo')
    expect(within(selectRoot('Estatus')).queryByLabelText('Campo requerido')).toBeNull()
    expect(saveButton()).toHaveAccessibleDescription(`${BLOCKERS} Ubicación laboral`)
    expect(saveButton()).toBeDisabled()
    await chooseOption(user, 'Ubicación laboral', 'Coorporativo Reforma')
    expect(saveButton()).toBeEnabled()
    expect(saveButton()).not.toHaveAccessibleDescription()
    expect(screen.queryByTestId('save-blockers')).toBeNull()
  })

  it('creates the executive and goes back to the list with a notice', async () => {
    const view = open()
    await screen.findByRole('heading', { name: 'Nuevo ejecutivo', level: 1 })
    const user = userEvent.setup()
    await fillValid(user)
    await user.click(saveButton())
    await waitFor(() => expect(view.pathname()).toBe('/administrador/ejecutivos'))
    const created = api.requests.find((r) => r.method === 'POST' && r.path === '/api/auth/signup-executive')
    expect(created?.body).toEqual({
      ubicacion: 'Call Center Miguel Ocarranza',
      phone: '5598765432',
      activo: 0,
      nombre: 'Rosa Ibarra',
      email: 'rosa.ibarra@banco-empresa.mx',
      password: 'Segura#2026',
      confirmPassword: 'Segura#2026',
    })
    expect(await screen.findByText('Ejecutivo creado')).toBeInTheDocument()
  })

  it("shows the spec's failure alert (with the server's reason) and stays on the form", async () => {
    api.on('POST /api/auth/signup-executive', () => fail(409, 'Ya existe un usuario con ese correo'))
    const view = open()
    await screen.findByRole('heading', { name: 'Nuevo ejecutivo', level: 1 })
    const user = userEvent.setup()
    await fillValid(user)
    await user.click(saveButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(SAVE_ERROR)
    expect(alert).toHaveTextContent('Ya existe un usuario con ese correo')
    expect(view.pathname()).toBe(NEW)
    expect(field('Nombre')).toHaveValue('Rosa Ibarra')
    await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(saveButton()).toBeEnabled()
  })
})

describe('Executive form: edit and view', () => {
  it('edit loads the record, does not require the passwords and saves without them', async () => {
    const view = open('/administrador/ejecutivos/editar-ejecutivo/31')
    await screen.findByRole('heading', { name: 'Editar ejecutivo', level: 1 })
    await waitFor(() => expect(field('Nombre')).toHaveValue('Laura Méndez'))
    expect(field('Teléfono')).toHaveValue('5512345678')
    expect(field('Correo electrónico')).toHaveValue('laura@empresa.mx')
    expect(combo('Estatus')).toHaveTextContent('Activo')
    expect(combo('Ubicación laboral')).toHaveTextContent('Call Center Revolución')
    expect(field('Contraseña')).toHaveValue('')
    expect(screen.getByText('Déjela en blanco para conservar la contraseña actual.')).toBeInTheDocument()
    expect(saveButton('Guardar cambios')).toBeEnabled()

    const user = userEvent.setup()
    // A typed password must still be strong and confirmed.
    await user.type(field('Contraseña'), 'Nueva#2026')
    expect(saveButton('Guardar cambios')).toHaveAccessibleDescription(`${BLOCKERS} Confirmar contraseña`)
    await user.clear(field('Contraseña'))
    expect(saveButton('Guardar cambios')).toBeEnabled()

    await chooseOption(user, 'Estatus', 'Inactivo')
    await user.click(saveButton('Guardar cambios'))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/ejecutivos'))
    const put = api.requests.find((r) => r.method === 'PUT' && r.path === '/api/user/executive')
    expect(put?.body).toEqual({
      ubicacion: 'Call Center Revolución',
      phone: '5512345678',
      active: 1,
      idUsuario: 31,
      nombre: 'Laura Méndez',
      email: 'laura@empresa.mx',
    })
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument()
  })

  it('an edit failure shows the same alert', async () => {
    api.on('PUT /api/user/executive', () => fail(500, 'Error del servidor (500)'))
    open('/administrador/ejecutivos/editar-ejecutivo/31')
    await waitFor(() => expect(field('Nombre')).toHaveValue('Laura Méndez'))
    const user = userEvent.setup()
    await user.click(saveButton('Guardar cambios'))
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_ERROR)
  })

  it('view is read-only, has no save and links to the edit page', async () => {
    open('/administrador/ejecutivos/ver-ejecutivo/31')
    await screen.findByRole('heading', { name: 'Datos del ejecutivo', level: 1 })
    await waitFor(() => expect(field('Nombre')).toHaveValue('Laura Méndez'))
    expect(field('Nombre')).toHaveAttribute('readonly')
    expect(field('Correo electrónico')).toHaveAttribute('readonly')
    expect(combo('Estatus')).toBeDisabled()
    expect(combo('Ubicación laboral')).toBeDisabled()
    expect(screen.queryByLabelText('Contraseña', { selector: 'input' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Guardar/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/administrador/ejecutivos/editar-ejecutivo/31')
    expect(screen.getByRole('link', { name: 'Regresar a ejecutivos' })).toHaveAttribute('href', '/administrador/ejecutivos')
  })

  it("a failed load shows 'Error' and retries", async () => {
    let calls = 0
    api.on('GET /api/user/31', () => (++calls === 1 ? fail(404, 'No se encontró el usuario') : ok([RECORD])))
    open('/administrador/ejecutivos/ver-ejecutivo/31')
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(field('Nombre')).toHaveValue('Laura Méndez'))
    expect(calls).toBe(2)
  })
})
