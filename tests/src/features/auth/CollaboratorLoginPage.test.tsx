/** /login-colaborador (spec 2.4, 5, 8): both numbers required and numeric, the failure texts, the redirect. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const api = fakeApiForEachTest()

function open() {
  return renderPortal('/login-colaborador')
}

const buscar = () => screen.getByRole('button', { name: 'Buscar' })
const idInput = () => screen.getByLabelText('Número de colaborador')
const claimInput = () => screen.getByLabelText('Número de trámite')

describe('collaborator login', () => {
  it('enables Buscar only when both numbers hold digits', async () => {
    open()
    const user = userEvent.setup()
    expect(buscar()).toBeDisabled()
    await user.type(idInput(), '90251437')
    expect(buscar()).toBeDisabled()
    await user.click(claimInput())
    await user.tab()
    expect(claimInput()).toHaveAccessibleErrorMessage('Campo requerido')
    await user.type(claimInput(), '5a')
    expect(buscar()).toBeDisabled()
    expect(claimInput()).toHaveAccessibleErrorMessage('El valor ingresado debe de ser un número')
    await user.clear(claimInput())
    await user.type(claimInput(), '500')
    expect(buscar()).toBeEnabled()
    expect(claimInput()).not.toHaveAttribute('aria-invalid')
  })

  it('signs in, stores the collaborator session and goes to /home-colaborador', async () => {
    api.on('POST /api/auth/login-colaborator', () => ok({ user: USERS.collaborator, accessToken: 'jwt-colaborador' }))
    const view = open()
    const user = userEvent.setup()
    await user.type(idInput(), '90251437')
    await user.type(claimInput(), '500')
    await user.click(buscar())
    await waitFor(() => expect(view.pathname()).toBe('/home-colaborador'))
    const request = api.requests.find((r) => r.path === '/api/auth/login-colaborator')
    expect(request?.body).toEqual({ idColaborador: 90251437, numProcedure: 500 })
    expect(localStorage.getItem('accessToken')).toBe('jwt-colaborador')
    const nav = await screen.findByRole('navigation', { name: 'Menú Principal' })
    expect(within(nav).getByRole('link', { name: 'Mis trámites' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument()
  })

  const FAILURES: Array<[number, string, string]> = [
    [401, 'El trámite no pertenece al colaborador', 'Número de trámite y/o colaborador incorrectos'],
    [429, 'Score de captcha insuficiente', 'Se requiere una validacion adicional'],
  ]
  for (const [status, reason, shown] of FAILURES) {
    it(`shows '${shown}' for the server reason '${reason}' and clears it on edit`, async () => {
      api.on('POST /api/auth/login-colaborator', () => fail(status, reason))
      open()
      const user = userEvent.setup()
      await user.type(idInput(), '1')
      await user.type(claimInput(), '2')
      await user.click(buscar())
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown}$`))
      await user.type(claimInput(), '3')
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })
  }
})
