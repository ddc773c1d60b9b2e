/**
 * Route-level code splitting (issue 11): the screens come from chunks loaded when their route is opened, behind a
 * Spanish loading status, and a sign-in starts downloading the landing role's chunks before the server answers.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { areaChunks } from '../../../src/app/areaChunks'
import { ROUTE_LOADING_TEXT } from '../../../src/app/RouteLoading'
import { ok } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'
import { fakeApiForEachTest } from '../helpers/fakeApiForEachTest'

const api = fakeApiForEachTest(() => ({ 'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0, Administrativo: 1, Proveedores: 3 }) }))
afterEach(() => {
  vi.restoreAllMocks()
})

describe('lazy routes', () => {
  it('shows the Spanish loading status until the sign-in chunk is there, then the sign-in', async () => {
    const view = renderPortal('/', { lazyRoutes: true })
    expect(screen.getByRole('status', { name: ROUTE_LOADING_TEXT })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: ROUTE_LOADING_TEXT })).not.toBeInTheDocument()
  })

  it("loads only the signed-in role's area for its home", async () => {
    const loads = Object.fromEntries(
      (['signIn', 'shell', 'executive', 'admin', 'provider', 'collaborator', 'partner'] as const).map((name) => [name, vi.spyOn(areaChunks, name)]),
    )
    const view = renderPortal('/proveedores/mis-tramites', { signedInAs: USERS.provider, lazyRoutes: true })
    await screen.findByRole('navigation', { name: 'Menú Principal' })
    expect(loads.shell).toHaveBeenCalled()
    expect(loads.provider).toHaveBeenCalled()
    for (const other of ['signIn', 'executive', 'admin', 'collaborator', 'partner']) expect(loads[other]).not.toHaveBeenCalled()
  })
})

describe('preloading the landing screen', () => {
  it("starts loading the chosen role's area while the form is filled, before the sign-in is sent", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {}
    api.on('POST /api/auth/login', () => new Promise((resolve) => (answer = resolve)))
    const admin = vi.spyOn(areaChunks, 'admin')
    const executive = vi.spyOn(areaChunks, 'executive')
    const view = renderPortal('/', { lazyRoutes: true })
    const user = userEvent.setup()
    const role = await screen.findByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })
    await waitFor(() => expect(role).toHaveTextContent('Ejecutivo'))
    await user.click(role)
    expect(admin).not.toHaveBeenCalled()
    await user.click(await screen.findByRole('option', { name: 'Administrativo' }))
    await user.type(screen.getByLabelText('Correo electrónico'), 'administrador@coppel.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Demo#2026')
    // The chosen role's screens travel while the user types; the default role's were never asked for.
    expect(admin).toHaveBeenCalled()
    expect(executive).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/auth/login')).toBe(true))
    expect(executive).not.toHaveBeenCalled()

    answer(ok({ user: USERS.admin, accessToken: 'token-nuevo' }))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/pendientes'))
  })
})
