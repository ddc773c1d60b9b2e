/**
 * Routes (spec 2.3, 2.10): the root redirect by stored role, the guards, the 404 that returns to / after 1 s, and
 * the error element heading.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorPage } from '../../../src/app/ErrorPage'
import { signedInRoutes } from '../../../src/app/signedInRoutes'
import { ok } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'
import { fakeApiForEachTest } from '../helpers/fakeApiForEachTest'

const api = fakeApiForEachTest(() => ({ 'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0, Administrativo: 1 }) }))
afterEach(() => {
  vi.useRealTimers()
})

function open(path: string, who?: keyof typeof USERS) {
  return renderPortal(path, { signedInAs: who ? USERS[who] : undefined })
}

describe('root redirect by stored role', () => {
  const HOMES: Array<[keyof typeof USERS, string]> = [
    // Issue 23: the office roles land on 'Pendientes'.
    ['executive', '/pendientes'],
    ['admin', '/administrador/pendientes'],
    ['collaborator', '/home-colaborador'],
    ['provider', '/proveedores/pendientes'],
    ['partner', '/coppel/dashboard'],
  ]
  for (const [who, home] of HOMES) {
    it(`rol ${USERS[who].rol} goes from / to ${home}`, async () => {
      const view = open('/', who)
      await waitFor(() => expect(view.pathname()).toBe(home))
      expect(screen.getByRole('navigation', { name: 'Menú Principal' })).toBeInTheDocument()
    })
  }

  it('without a stored session / shows the role sign-in', async () => {
    const view = open('/')
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
    expect(view.pathname()).toBe('/')
  })

  it('a stored user without a token, or a malformed one, counts as signed out', async () => {
    const cases: Array<Record<string, string>> = [
      { user: JSON.stringify(USERS.executive) },
      { user: '{"nombre": 3}', accessToken: 'x', lastUpdate: new Date().toISOString() },
      { user: 'no es json', accessToken: 'x' },
    ]
    for (const storage of cases) {
      const view = renderPortal('/home', { storage })
      await waitFor(() => expect(view.pathname()).toBe('/'))
      expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
      view.dispose()
    }
  })
})

describe('guards', () => {
  it('a signed-out visitor of a protected route goes to /', async () => {
    const view = open('/administrador/ejecutivos')
    await waitFor(() => expect(view.pathname()).toBe('/'))
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
  })

  it('a signed-out visitor of the collaborator area goes to /login-colaborador', async () => {
    const view = open('/home-colaborador/carga-de-datos/500')
    await waitFor(() => expect(view.pathname()).toBe('/login-colaborador'))
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeInTheDocument()
  })

  const WRONG_AREA: Array<[keyof typeof USERS, string, string]> = [
    ['provider', '/administrador/ejecutivos', '/proveedores/pendientes'],
    ['collaborator', '/mis-tramites', '/home-colaborador'],
    ['executive', '/coppel/dashboard', '/pendientes'],
    ['admin', '/home', '/administrador/pendientes'],
    ['partner', '/home-colaborador', '/coppel/dashboard'],
  ]
  for (const [who, path, home] of WRONG_AREA) {
    it(`${USERS[who].userType} opening ${path} goes to ${home}`, async () => {
      const view = open(path, who)
      await waitFor(() => expect(view.pathname()).toBe(home))
    })
  }

  it('every signed-in route of the table opens for its own role', () => {
    const byArea: Record<string, keyof typeof USERS> = {
      administrador: 'admin',
      proveedores: 'provider',
      'home-colaborador': 'collaborator',
      coppel: 'partner',
    }
    for (const route of signedInRoutes('coppel')) {
      const path = route.path!.replace(/:(\w+)/g, '12')
      const who = byArea[path.split('/')[1]!] ?? 'executive'
      const view = renderPortal(path, { signedInAs: USERS[who] })
      expect(view.pathname(), path).toBe(path)
      expect(screen.getAllByRole('heading', { level: 1 }).length, path).toBeGreaterThan(0)
      view.dispose()
    }
  })
})

describe('unknown paths and render failures', () => {
  // Spec 2.10 and 9: 1 s, written here as the spec gives it (not read from the page), so a drifted delay fails.
  it("shows 'Page Not Found' and returns to / after 1 second", async () => {
    vi.useFakeTimers()
    const view = open('/no-existe/para-nada')
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999)
    })
    expect(view.pathname()).toBe('/no-existe/para-nada')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(view.pathname()).toBe('/')
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument()
  })

  it("a page that fails to render shows 'Unexpected Application Error!'", () => {
    function Broken(): never {
      throw new Error('falla de prueba')
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }])
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })
})
