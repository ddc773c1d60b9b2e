/**
 * The app: session, global search text, router and notices. `createPortal` wires them for the browser (main.tsx)
 * and for tests (memory router at any path).
 */
import { LocaleProvider } from '@ark-ui/react/locale'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { css } from 'styled-system/css'
import { connectPageAnnouncer, usePageAnnouncement } from '../lib/pageTitle'
import { getRuntimeConfig } from '../lib/runtimeConfig'
// Straight to the module, not the kit's index: the entry chunk must not reach every UI part.
import { SearchTextProvider } from '../ui/Highlight'
import { useFirstScreenIdle } from '../lib/firstScreenIdle'
import { buildRoutes, patchSignedInRoutes, type LoadedModules } from './routes'
import {
  SessionProvider,
  connectApiToSession,
  createSessionActor,
  useSessionUser,
  type SessionActor,
  type SessionDeps,
} from '../lib/session'

/**
 * The notices region (Ark's toaster), a chunk of its own mounted at the first idle moment after a signed-in first
 * screen is drawn, and kept after: only signed-in screens send notices, so the sign-in screens need not download it
 * (zag's toast machine is a tenth of their JavaScript), nor does the first screen wait for it (issue 24). A notice
 * sent before it mounts is in the toaster's store, and shows when it does.
 */
const AppToaster = lazy(() => import('../ui/Toast').then((module) => ({ default: module.AppToaster })))

function Notices() {
  const signedIn = useSessionUser() !== null
  const idle = useFirstScreenIdle()
  const ready = signedIn && idle
  const mounted = useRef(false)
  mounted.current ||= ready
  if (!mounted.current) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  )
}

type AppRouter = ReturnType<typeof createBrowserRouter>

/**
 * Makes the router from the route table: the browser's history by default; tests and the pre-render pass a memory
 * router (src/app/memoryRouter.ts), which the browser's entry then does not carry (issue 24).
 */
export type RouterFactory = (routes: RouteObject[], options: Pick<Parameters<typeof createBrowserRouter>[1] & object, 'patchRoutesOnNavigation'>) => AppRouter

/**
 * The polite live region that names the page after an in-app navigation (src/lib/pageTitle.ts). It lives outside
 * the router so it is in the document before its text changes, which is what makes screen readers read it.
 */
function PageAnnouncer() {
  const message = usePageAnnouncement()
  return (
    // aria-live without role="status": the screens' own loading statuses stay the only `status` elements.
    <p aria-live="polite" aria-atomic="true" data-testid="page-announcer" className={css({ srOnly: true })}>
      {message}
    </p>
  )
}

/** The app's whole tree around a router and a session: the browser's (createPortal) and the build's pre-render. */
export function App({ router, session }: { router: AppRouter; session: SessionActor }) {
  useEffect(() => connectPageAnnouncer(() => router.state.location.pathname), [router])
  return (
    // es-MX for every Ark component (numbers, percentages, text direction) that takes the locale from context.
    <LocaleProvider locale="es-MX">
      <SessionProvider actor={session}>
        <SearchTextProvider>
          <RouterProvider router={router} />
          <Notices />
          <PageAnnouncer />
        </SearchTextProvider>
      </SessionProvider>
    </LocaleProvider>
  )
}

export interface PortalOptions {
  /** The router (a memory router in tests and the pre-render); the browser's history otherwise. */
  createRouter?: RouterFactory
  refresh?: SessionDeps['refresh']
  /**
   * Screen chunks already loaded: their routes render at once instead of loading their chunk. View tests pass every
   * screen; the browser passes the sign-in chunk when it hydrates a pre-rendered sign-in page (src/main.tsx).
   */
  loadedScreens?: LoadedModules
}

export function createPortal(options: PortalOptions = {}) {
  const { partnerPrefix } = getRuntimeConfig()
  const routes = buildRoutes(partnerPrefix, options.loadedScreens)
  // With the shell's module loaded, the signed-in routes are in the table already: nothing to patch in.
  const patchRoutesOnNavigation = options.loadedScreens?.shell ? undefined : patchSignedInRoutes(partnerPrefix)
  const router = (options.createRouter ?? createBrowserRouter)(routes, { patchRoutesOnNavigation })
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
