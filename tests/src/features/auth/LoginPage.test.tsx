/**
 * The role sign-in screen (spec 2.3, 4 "Login", 5, 8) on the whole app: gating of 'Iniciar sesión', the failure
 * message under the form and its clearing, the captcha replacement, the role catalogue failure, and the redirect
 * by the chosen role with the session stored.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const ROLES = { Ejecutivo: 0, Administrativo: 1, Proveedores: 3, Coppel: 4 }

const api = fakeApiForEachTest(() => ({ 'GET /api/catalog/userRoles': () => ok(ROLES) }))

function open(path = '/') {
  return renderPortal(path)
}

const submitButton = () => screen.getByRole('button', { name: 'Iniciar sesión' })
const emailInput = () => screen.getByLabelText('Correo electrónico')
const passwordInput = () => screen.getByLabelText('Contraseña')

async function rolesLoaded() {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })).toHaveTextContent('Ejecutivo'))
}

describe('role login', () => {
  it('loads the role catalogue with the client header and selects Ejecutivo', async () => {
    open()
    // Until the catalogue arrives the select says it is coming (the drawn page before the JavaScript shows the same).
    expect(screen.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })).toHaveTextContent('Cargando roles…')
    await rolesLoaded()
    const request = api.requests.find((r) => r.path === '/api/catalog/userRoles')
    expect(request?.headers.authtoken).toBe('token-de-cliente')
    expect(request?.headers.authorization).toBeUndefined()
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' }))
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Ejecutivo', 'Administrativo', 'Proveedores', 'Coppel'])
  })

  it('keeps Iniciar sesión disabled until the email is an email and the password is not empty', async () => {
    open()
    await rolesLoaded()
    const user = userEvent.setup()
    expect(submitButton()).toBeDisabled()
    await user.type(emailInput(), 'ana@coppel')
    await user.type(passwordInput(), 'x')
    expect(submitButton()).toBeDisabled()
    expect(emailInput()).toHaveAccessibleErrorMessage('Correo inválido')
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true')
    await user.type(emailInput(), '.com')
    expect(emailInput()).not.toHaveAttribute('aria-invalid')
    expect(submitButton()).toBeEnabled()
    await user.clear(passwordInput())
    expect(submitButton()).toBeDisabled()
    expect(passwordInput()).toHaveAccessibleErrorMessage('Campo requerido')
  })

  it('the eye toggle shows and hides the password', async () => {
    open()
    await rolesLoaded()
    const user = userEvent.setup()
    await user.type(passwordInput(), 'Secreta1!')
    expect(passwordInput()).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }))
    expect(passwordInput()).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }))
    expect(passwordInput()).toHaveAttribute('type', 'password')
  })

  it('shows the server reason under the form and clears it when the email or password changes', async () => {
    api.on('POST /api/auth/login', () => fail(401, 'Correo, contraseña o rol incorrectos'))
    open()
    await rolesLoaded()
    const user = userEvent.setup()
    await user.type(emailInput(), 'ejecutivo@coppel.com')
    await user.type(passwordInput(), 'Equivocada1!')
    await user.click(submitButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Correo, contraseña o rol incorrectos')
    // Under the form: after the button.
    expect(submitButton().compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })).toBeInTheDocument()
    await user.type(passwordInput(), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo, contraseña o rol incorrectos')
    await user.type(emailInput(), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("replaces 'Score de captcha insuficiente' with 'Se requiere una validacion adicional'", async () => {
    api.on('POST /api/auth/login', () => fail(429, 'Score de captcha insuficiente'))
    open()
    await rolesLoaded()
    const user = userEvent.setup()
    await user.type(emailInput(), 'ejecutivo@coppel.com')
    await user.type(passwordInput(), 'Equivocada1!')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Se requiere una validacion adicional$/)
  })

  it('alerts when the role catalogue cannot be loaded', async () => {
    api.on('GET /api/catalog/userRoles', () => fail(500, 'Error interno'))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrio un error inesperado, por favor vuelva a refrescar la página')
    expect(submitButton()).toBeDisabled()
  })

  it('a malformed catalogue counts as a failure, not a crash', async () => {
    api.on('GET /api/catalog/userRoles', () => ok(['Ejecutivo']))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrio un error inesperado')
  })

  describe('with the catalogue in the page (/app-config.js)', () => {
    afterEach(() => {
      delete window.__PORTAL_CONFIG__
    })

    it('offers the roles the page carries without asking the API', async () => {
      window.__PORTAL_CONFIG__ = { roleCatalog: { Ejecutivo: 0, Administrativo: 1, Liverpool: 4 } }
      open()
      await rolesLoaded()
      await userEvent.setup().click(screen.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' }))
      const options = await screen.findAllByRole('option')
      expect(options.map((o) => o.textContent)).toEqual(['Ejecutivo', 'Administrativo', 'Liverpool'])
      expect(api.requests.some((r) => r.path === '/api/catalog/userRoles')).toBe(false)
    })

    it('a malformed catalogue in the page is ignored: the API is asked instead', async () => {
      window.__PORTAL_CONFIG__ = { roleCatalog: { Ejecutivo: 'cero' } }
      open()
      await rolesLoaded()
      expect(api.requests.some((r) => r.path === '/api/catalog/userRoles')).toBe(true)
    })
  })

  const ROLE_HOMES: Array<[string, number, keyof typeof USERS, string]> = [
    ['Ejecutivo', 0, 'executive', '/pendientes'],
    ['Administrativo', 1, 'admin', '/administrador/pendientes'],
    ['Proveedores', 3, 'provider', '/proveedores/pendientes'],
    ['Coppel', 4, 'partner', '/coppel/dashboard'],
  ]

  for (const [roleName, code, who, home] of ROLE_HOMES) {
    it(`signs in as ${roleName}, stores the session and goes to ${home}`, async () => {
      api.on('POST /api/auth/login', () => ok({ user: USERS[who], accessToken: `jwt-${code}` }))
      const view = open()
      await rolesLoaded()
      const user = userEvent.setup()
      if (roleName !== 'Ejecutivo') {
        const roleSelect = screen.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })
        await user.click(roleSelect)
        await user.click(await screen.findByRole('option', { name: roleName }))
        // The list closes asynchronously; typing before it does would go to the select's type-ahead.
        // and gives focus back to its trigger afterwards, which would steal the typing below.
        await waitFor(() => expect(roleSelect).toHaveAttribute('aria-expanded', 'false'))
        await waitFor(() => expect(roleSelect).toHaveFocus())
        expect(roleSelect).toHaveTextContent(roleName)
      }
      await user.type(emailInput(), ' persona@coppel.com ')
      await user.type(passwordInput(), 'Secreta1!')
      // an email input drops surrounding blanks itself; the payload check below proves the trim reaches the server
      expect(emailInput()).toHaveValue('persona@coppel.com')
      expect(submitButton()).toBeEnabled()
      await user.click(submitButton())
      await waitFor(() => expect(view.pathname()).toBe(home))

      const login = api.requests.find((r) => r.path === '/api/auth/login')
      expect(login?.body).toEqual({ email: 'persona@coppel.com', password: 'Secreta1!', role: code })
      expect(login?.headers.authtoken).toBe('token-de-cliente')
      expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ rol: String(code), userType: USERS[who].userType })
      expect(localStorage.getItem('accessToken')).toBe(`jwt-${code}`)
      expect(Date.now() - Date.parse(localStorage.getItem('lastUpdate') ?? '')).toBeLessThan(5000)
      const nav = await screen.findByRole('navigation', { name: 'Menú Principal' })
      expect(within(nav).getByRole('link', { current: 'page' })).toBeInTheDocument()
    })
  }
})
