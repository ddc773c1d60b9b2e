/**
 * THE route table (spec sections 2.3–2.10), as the entry holds it:
 *
 *   /                     role sign-in, or the stored role's home          (public shell)
 *   /login-colaborador    collaborator sign-in                             (public shell)
 *   everything else       the signed-in branch (src/app/signedInRoutes.tsx): RequireSession + AppShell
 *   *                     404 'Page Not Found', back to / after 1 s
 *
 * The signed-in branch comes with the shell's chunk (issue 24: the sign-in page does not download the table of every
 * screen): on the first navigation the public routes do not answer, the router asks `patchSignedInRoutes`, which
 * loads that chunk and patches the branch into the root (React Router's `patchRoutesOnNavigation`). View tests and
 * any caller that passes the shell's module already loaded get the whole table at once.
 */
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom'
import { FlowsShortcut } from '../features/flows/FlowsShortcut'
import { ErrorPage } from './ErrorPage'
import { firstChunks, landingScreenFor, type LoadedFirstChunks } from './firstChunks'
import { screenOf } from './lazyScreen'
import { NotFoundPage } from './NotFoundPage'
import { RootLayout, RouteLoading } from './RouteLoading'
import type { LoadedScreens } from './screenChunks'

/** Chunks already loaded: the entry's (sign-in, shell) and the screens'. Their routes render without waiting. */
export type LoadedModules = Partial<LoadedFirstChunks & LoadedScreens>

/** The root route's id: the signed-in branch is patched in as its child. */
const ROOT_ROUTE_ID = 'root'

export function buildRoutes(partnerPrefix: string, loaded?: LoadedModules): RouteObject[] {
  const screen = screenOf(firstChunks, loaded)
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // Shown while the first screen's chunks load (the router renders nothing of a lazy route before that).
      hydrateFallbackElement: <RouteLoading />,
      children: [
        {
          ...screen('signIn', (m) => <m.PublicLayout />),
          children: [
            { index: true, ...screen('signIn', (m) => <m.RootRoute preloadRoleHome={preloadRoleHome} />) },
            { path: '/login-colaborador', ...screen('signIn', (m) => <m.CollaboratorLoginPage preloadRoleHome={preloadRoleHome} />) },
          ],
        },
        ...(loaded?.shell ? [loaded.shell.signedInBranch(partnerPrefix, loaded)] : []),
        // /flujos only forwards: the guard of /administrador/flujos keeps every other role out.
        { path: '/flujos', element: <FlowsShortcut /> },
        { path: '/flujos/:id', element: <FlowsShortcut /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]
}

/**
 * The router's `patchRoutesOnNavigation`: loads the shell's chunk and patches the signed-in branch into the root.
 * React Router drops a patch once the navigation that asked for it was cancelled (another one started while the
 * chunk downloaded), so the table is whole or untouched; the next navigation asks again, and a branch patched twice
 * is kept once (same route id). A chunk that fails to load is the navigation's error (the root's error page).
 */
export function patchSignedInRoutes(partnerPrefix: string): PatchRoutesOnNavigationFunction {
  return async ({ patch }) => {
    const shell = await firstChunks.shell()
    patch(ROOT_ROUTE_ID, [shell.signedInBranch(partnerPrefix)])
  }
}

/**
 * Starts downloading what the landing screen of a role needs (the shell and that one screen) and resolves when it
 * is there. Called when a sign-in form is first typed in, so the chunks travel while the user types and the server
 * checks the password, and the home screen appears as soon as the session starts. Failures are left to the route's
 * own load, which shows the error.
 */
function preloadRoleHome(rol: string | number): Promise<void> {
  return Promise.all([firstChunks.shell(), firstChunks[landingScreenFor(rol)]()]).then(
    () => undefined,
    () => undefined,
  )
}
