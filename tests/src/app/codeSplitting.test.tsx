/**
 * Route-level code splitting (issues 11 and 24): each screen comes from a chunk of its own, loaded when its route is
 * opened, behind a Spanish loading status; a sign-in starts downloading the landing screen before the server
 * answers; once the first screen is drawn, the role's other screens download when the browser is idle.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screensOfRole } from '../../../src/app/signedInRoutes'
import { firstChunks, landingScreenFor } from '../../../src/app/firstChunks'
import { screenAt } from '../../../src/app/signedInRoutes'
import { screenChunks, type ScreenName } from '../../../src/app/screenChunks'
import { homePathForRole } from '../../../src/lib/profile'
import { ROUTE_LOADING_TEXT } from '../../../src/app/RouteLoading'
import { ok } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'
import { fakeApiForEachTest } from '../helpers/fakeApiForEachTest'

const api = fakeApiForEachTest(() => ({ 'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0, Administrativo: 1, Proveedores: 3 }) }))
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/**
 * A spy on every chunk loader, by name: the screens' table and the entry's own loaders (sign-in, shell, landing
 * screens), which the table shares but which the entry calls through its own object.
 */
function spyOnChunks() {
  const names = Object.keys(screenChunks) as ScreenName[]
  const spies = names.map((name) => [name, vi.spyOn(screenChunks, name)] as const)
  const firstNames = Object.keys(firstChunks) as Array<keyof typeof firstChunks>
  const firstSpies = firstNames.map((name) => [name, vi.spyOn(firstChunks, name)] as const)
  const called = () => [...spies, ...firstSpies].filter(([, spy]) => spy.mock.calls.length > 0).map(([name]) => name)
  return { called: () => [...new Set(called())].sort() }
}

/** requestIdleCallback held by the test: `idle()` runs what is waiting, as a browser with nothing else to do. */
function controlledIdle() {
  const waiting: IdleRequestCallback[] = []
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => waiting.push(callback))
  vi.stubGlobal('cancelIdleCallback', () => {})
  return {
    async idleUntilDone() {
      for (let round = 0; round < 100 && waiting.length > 0; round++) {
        waiting.shift()!({ didTimeout: false, timeRemaining: () => 50 })
        // The next screen is asked for once the previous chunk is there.
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
    },
    pending: () => waiting.length,
  }
}

describe('lazy routes', () => {
  it('shows the Spanish loading status until the sign-in chunk is there, then the sign-in', async () => {
    const view = renderPortal('/', { lazyRoutes: true })
    expect(screen.getByRole('status', { name: ROUTE_LOADING_TEXT })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: ROUTE_LOADING_TEXT })).not.toBeInTheDocument()
  })

  it("loads only the shell and the landing screen's chunk, then the role's other screens when the browser is idle", async () => {
    const idle = controlledIdle()
    const chunks = spyOnChunks()
    renderPortal('/proveedores/pendientes', { signedInAs: USERS.provider, lazyRoutes: true })
    await screen.findByRole('navigation', { name: 'Menú Principal' })
    await screen.findByRole('heading', { level: 1, name: 'Pendientes' })
    expect(chunks.called()).toEqual(['queue', 'shell'])
    expect(idle.pending()).toBe(1)

    await idle.idleUntilDone()
    // Every screen the provider's guard lets it open (the profile page is open to every role but the collaborator),
    // and nothing of the other roles' areas.
    expect(chunks.called()).toEqual(['profile', 'providerClaims', 'providerHome', 'providerInvoice', 'queue', 'shell'])
  })

  it('prefetches nothing when the visitor asked to save data', async () => {
    const idle = controlledIdle()
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: { saveData: true, effectiveType: '4g' } }))
    const chunks = spyOnChunks()
    renderPortal('/home-colaborador', { signedInAs: USERS.collaborator, lazyRoutes: true })
    await screen.findByRole('navigation', { name: 'Menú Principal' })
    // The idle moment is still awaited (the notices region mounts then), but no other screen downloads.
    await idle.idleUntilDone()
    expect(chunks.called()).toEqual(['collaboratorHome', 'shell'])
  })
})

describe('the signed-in routes, patched in with the shell', () => {
  it('a navigation started while the shell downloads for another leaves the table whole', async () => {
    controlledIdle()
    const load = firstChunks.shell
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    vi.spyOn(firstChunks, 'shell').mockImplementation(() => gate.then(load))
    const view = renderPortal('/pendientes', { signedInAs: USERS.executive, lazyRoutes: true })
    await waitFor(() => expect(firstChunks.shell).toHaveBeenCalledTimes(1))
    // The first navigation is cancelled while its patch waits for the chunk: that patch must not land half-way.
    void view.portal.router.navigate('/reportes')
    await waitFor(() => expect(firstChunks.shell).toHaveBeenCalledTimes(2))
    open()
    await waitFor(() => expect(view.pathname()).toBe('/reportes'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Reportes' })).toBeInTheDocument()
    await view.portal.router.navigate('/pendientes')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pendientes' })).toBeInTheDocument()
    expect(screen.getAllByRole('navigation', { name: 'Menú Principal' })).toHaveLength(1)
  })
})

describe("a role's screens, in prefetch order", () => {
  it("preloads at sign-in the screen the route table shows at the role's home path", () => {
    for (const rol of ['0', '1', '2', '3', '4']) {
      expect(landingScreenFor(rol), rol).toBe(screenAt(homePathForRole(rol, 'coppel'), 'coppel'))
    }
  })

  it('puts the menu entries first, in menu order, then the rest of what the role may open', () => {
    const executive = screensOfRole('0', 'coppel')
    expect(executive.slice(0, 4)).toEqual(['queue', 'coverageSearch', 'claimList', 'reports'])
    expect([...executive].sort()).toEqual(
      ['assignProvider', 'authorizationLetter', 'claimDocuments', 'claimGeneral', 'claimList', 'coverageSearch', 'documentVerification', 'newClaim', 'profile', 'queue', 'reports'].sort(),
    )
  })

  it("gives the collaborator and the partner only their own screens (the partner has the profile of its account menu)", () => {
    expect(screensOfRole('2', 'coppel')).toEqual(['collaboratorHome', 'collaboratorUpload'])
    expect(screensOfRole('4', 'coppel')).toEqual(['claimList', 'profile', 'partnerHome', 'claimGeneral', 'claimDocuments', 'authorizationLetter', 'documentVerification'])
  })
})

describe('preloading the landing screen', () => {
  it("starts loading the chosen role's landing screen while the form is filled, before the sign-in is sent", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {}
    api.on('POST /api/auth/login', () => new Promise((resolve) => (answer = resolve)))
    controlledIdle()
    const chunks = spyOnChunks()
    const view = renderPortal('/', { lazyRoutes: true })
    const user = userEvent.setup()
    const role = await screen.findByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })
    await waitFor(() => expect(role).toHaveTextContent('Ejecutivo'))
    await user.click(role)
    expect(chunks.called()).toEqual(['signIn'])
    await user.click(await screen.findByRole('option', { name: 'Administrativo' }))
    await user.type(screen.getByLabelText('Correo electrónico'), 'administrador@coppel.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Demo#2026')
    // 'Pendientes' is where the administrator lands (issue 23): its chunk and the shell's travel while the user
    // types, and no other screen's.
    expect(chunks.called()).toEqual(['queue', 'shell', 'signIn'])
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/auth/login')).toBe(true))
    expect(chunks.called()).toEqual(['queue', 'shell', 'signIn'])

    answer(ok({ user: USERS.admin, accessToken: 'token-nuevo' }))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/pendientes'))
  })
})
