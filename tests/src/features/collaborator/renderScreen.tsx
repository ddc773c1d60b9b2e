/**
 * Renders one or a few screens on a memory router with the real session actor (from a stored session) and the
 * API helper connected to it — without the rest of the route table, so these view tests do not depend on screens
 * other people are still building. Paths not listed render a stub that names where the app went.
 */
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom'
import type { SessionUser } from '../../../../src/api/schemas'
import { writeStoredSession } from '../../../../src/api/storedSession'
import { SessionProvider, connectApiToSession, createSessionActor } from '../../../../src/app/session'
import { setRuntimeConfigForTests } from '../../../../src/lib/runtimeConfig'
import { AppToaster, SearchTextProvider } from '../../../../src/ui'

export const TEST_CONFIG = {
  apiBase: 'http://api.test',
  clientToken: 'token-de-cliente',
  partnerPrefix: 'coppel',
  partnerName: 'Coppel',
}

const base: SessionUser = {
  idUser: null,
  nombre: '',
  nombre2: null,
  apePat: null,
  apeMAt: null,
  email: null,
  foto: null,
  userType: 'Ejecutivo',
  rol: '0',
  idColaborador: null,
  idEvento: null,
  idProveedor: null,
}

/** The signed-in users of these tests (same as tests/src/helpers/renderPortal, which loads the whole route table). */
export const USERS = {
  collaborator: { ...base, nombre: 'Ana', apePat: 'Valenzuela', userType: 'Colaborador', rol: '2', idColaborador: 90251437, idEvento: 500 },
  provider: { ...base, idUser: 8, nombre: 'Hospital San Rafael', userType: 'Proveedor', rol: '3', idProveedor: 1 },
  admin: { ...base, idUser: 1, nombre: 'Mariana', apePat: 'López', userType: 'Administrador', rol: '1' },
  partner: { ...base, idUser: 7, nombre: 'Jorge', apePat: 'Salazar', userType: 'Socio', rol: '4' },
} satisfies Record<string, SessionUser>

function Elsewhere() {
  const { pathname } = useLocation()
  return <p data-testid="elsewhere">{pathname}</p>
}

export function renderScreen(
  path: string,
  routes: Array<{ path: string; element: ReactElement }>,
  user: SessionUser,
  config: Partial<typeof TEST_CONFIG> = {},
) {
  setRuntimeConfigForTests({ ...TEST_CONFIG, ...config })
  localStorage.clear()
  writeStoredSession({ user, accessToken: 'token-guardado', lastUpdate: new Date().toISOString() })
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], { initialEntries: [path] })
  const session = createSessionActor({ navigate: (to) => void router.navigate(to, { replace: true }) })
  const disconnect = connectApiToSession(session)
  session.start()
  const view = render(
    <SessionProvider actor={session}>
      <SearchTextProvider>
        <RouterProvider router={router} />
        <AppToaster />
      </SearchTextProvider>
    </SessionProvider>,
  )
  return {
    ...view,
    router,
    pathname: () => router.state.location.pathname,
    dispose() {
      view.unmount()
      disconnect()
      session.stop()
      router.dispose()
    },
  }
}
