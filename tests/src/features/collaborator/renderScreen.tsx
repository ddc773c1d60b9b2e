/**
 * Renders one or a few screens on a memory router with the real session actor (from a stored session) and the
 * API helper connected to it — without the rest of the route table, so these view tests do not depend on screens
 * other people are still building. Paths not listed render a stub that names where the app went.
 */
import { render } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router-dom'
import type { SessionUser } from '../../../../domain/contract/auth'
import { writeStoredSession } from '../../../../src/api/storedSession'
import { SessionProvider, connectApiToSession, createSessionActor } from '../../../../src/lib/session'
import { setRuntimeConfigForTests } from '../../../../src/lib/runtimeConfig'
import { AppToaster, SearchTextProvider } from '../../../../src/ui'
import { connectPageAnnouncer } from '../../../../src/lib/pageTitle'
import { PdfOpenerProvider } from '../../../../src/features/documents/pdfOpener'
import { fakePdfEngine } from '../documents/fakePdf'
import { closedAfterTest } from '../../helpers/openViews'
import { TEST_CONFIG, user } from '../../helpers/testSession'

// Blank names and e-mail unless a user sets them.
const base = user({ idUser: 0, nombre: '', apePat: '', apeMAt: '', email: '' })

/** The signed-in users of these tests. */
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
  routes: RouteObject[],
  user: SessionUser,
  config: Partial<typeof TEST_CONFIG> = {},
  pdfEngine = fakePdfEngine(),
) {
  setRuntimeConfigForTests({ ...TEST_CONFIG, ...config })
  localStorage.clear()
  writeStoredSession({ user, accessToken: 'token-guardado', lastUpdate: new Date().toISOString() })
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], { initialEntries: [path] })
  const session = createSessionActor({ navigate: (to) => void router.navigate(to, { replace: true }) })
  const disconnect = connectApiToSession(session)
  // As the app does (src/app/App.tsx): pages that show after a navigation take focus and are announced.
  const disconnectAnnouncer = connectPageAnnouncer(() => router.state.location.pathname)
  session.start()
  const view = render(
    <SessionProvider actor={session}>
      <SearchTextProvider>
        {/* pdf.js cannot draw in jsdom: the viewers get a fake engine. */}
        <PdfOpenerProvider opener={pdfEngine.opener}>
          <RouterProvider router={router} />
        </PdfOpenerProvider>
        <AppToaster />
      </SearchTextProvider>
    </SessionProvider>,
  )
  return {
    ...view,
    router,
    pdfEngine,
    pathname: () => router.state.location.pathname,
    dispose: closedAfterTest(() => {
      view.unmount()
      disconnect()
      disconnectAnnouncer()
      session.stop()
      router.dispose()
    }),
  }
}
