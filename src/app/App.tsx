/**
 * The app: session, global search text, router and notices. `createPortal` wires them for the browser (main.tsx)
 * and for tests (memory router at any path).
 */
import { RouterProvider, createBrowserRouter, createMemoryRouter } from 'react-router-dom'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { AppToaster, SearchTextProvider } from '../ui'
import { buildRoutes } from './routes'
import { SessionProvider, connectApiToSession, createSessionActor, type SessionActor, type SessionDeps } from './session'

type AppRouter = ReturnType<typeof createBrowserRouter>

export function App({ router, session }: { router: AppRouter; session: SessionActor }) {
  return (
    <SessionProvider actor={session}>
      <SearchTextProvider>
        <RouterProvider router={router} />
        <AppToaster />
      </SearchTextProvider>
    </SessionProvider>
  )
}

export interface PortalOptions {
  /** Memory history starting at these entries (tests); the browser history otherwise. */
  initialEntries?: string[]
  refresh?: SessionDeps['refresh']
}

export function createPortal(options: PortalOptions = {}) {
  const routes = buildRoutes(getRuntimeConfig().partnerPrefix)
  const router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes)
  const session = createSessionActor({
    navigate: (path) => void router.navigate(path, { replace: true }),
    refresh: options.refresh,
  })
  const disconnect = connectApiToSession(session)
  session.start()
  return {
    router,
    session,
    element: <App router={router} session={session} />,
    dispose() {
      disconnect()
      session.stop()
      router.dispose()
    },
  }
}
