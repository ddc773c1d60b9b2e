/**
 * Build-time rendering (issue 24): the two sign-in screens, each role's first screen as it looks while its data
 * arrives, and the frame every other page shows while its code arrives. scripts/prerender.ts loads this module
 * through Vite (the same aliases and components as the app) and writes the markup into the HTML the server sends,
 * so the page is on the screen as soon as the HTML and the style sheet are there; src/main.tsx then hydrates it
 * (on a first screen, the user's own name and photo are added right after: src/lib/hydrating.ts).
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createActor } from 'xstate'
import { sessionMachine } from '../../machines/session.machine'
import type { SessionUser } from '../../domain/contract/auth'
import { ROLE, USER_TYPE_BY_ROLE, type RoleCode } from '../../domain/roles'
import { App, createPortal } from '../app/App'
import { firstChunks, landingScreenFor, type LandingScreen } from '../app/firstChunks'
import { memoryRouterAt } from '../app/memoryRouter'
import { RouteLoading } from '../app/RouteLoading'
import { buildRoutes, type LoadedModules } from '../app/routes'
import { takeRenderedTitle } from '../lib/pageTitle'
import { homePathForRole } from '../lib/profile'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import * as signIn from '../app/areas/signIn'

export interface RenderedPage {
  markup: string
  title: string | null
}

/** The markup of a sign-in path, exactly what the browser's first render of that path produces, and its title. */
export function renderSignInPage(path: string): RenderedPage {
  const portal = createPortal({ createRouter: memoryRouterAt([path]), loadedScreens: { signIn } })
  try {
    const markup = renderToString(<StrictMode>{portal.element}</StrictMode>)
    return { markup, title: takeRenderedTitle() }
  } finally {
    portal.dispose()
  }
}

/**
 * Who the pre-rendered first screen is drawn for: a user of that role with no name yet (the page is the same for
 * every user of the role; the browser hydrates it, then adds the real name). Nothing is read from or sent to the server.
 * A collaborator always has a claim and a provider its company: with none, their screens would say so instead of
 * showing that their data is on its way.
 */
function nobodyOfRole(rol: RoleCode): SessionUser {
  const collaborator = rol === ROLE.collaborator
  return {
    idUser: 0,
    nombre: '',
    nombre2: '',
    apePat: '',
    apeMAt: '',
    email: '',
    foto: null,
    userType: USER_TYPE_BY_ROLE[rol],
    rol: `${rol}`,
    idColaborador: collaborator ? 0 : null,
    idEvento: collaborator ? 0 : null,
    idProveedor: rol === ROLE.provider ? 0 : null,
  }
}

/** A role's first screen drawn for its home path (src/lib/profile.ts), and which screen it is (its chunk). */
export interface RenderedLandingPage extends RenderedPage {
  path: string
  screen: LandingScreen
}

/**
 * A role's first screen at its home path as the browser first draws it once its code is there: the shell with the
 * role's menu, and the screen's heading and loading state (no data yet). The partner's path takes the configuration's
 * default prefix, as the app does outside a browser. The session actor is never started, so nothing is refreshed or
 * fetched.
 */
export async function renderLandingPage(rol: RoleCode): Promise<RenderedLandingPage> {
  const { partnerPrefix } = getRuntimeConfig()
  const path = homePathForRole(rol, partnerPrefix)
  const screen = landingScreenFor(rol)
  const loaded = { shell: await firstChunks.shell(), [screen]: await firstChunks[screen]() } as LoadedModules
  const router = memoryRouterAt([path])(buildRoutes(partnerPrefix, loaded), {})
  const session = createActor(sessionMachine, {
    input: { user: nobodyOfRole(rol), accessToken: 'pre-render', lastUpdate: new Date().toISOString() },
  })
  try {
    const markup = renderToString(
      <StrictMode>
        <App router={router} session={session} />
      </StrictMode>,
    )
    return { markup, title: takeRenderedTitle(), path, screen }
  } finally {
    router.dispose()
  }
}

/** The frame of any other path: what the router shows first while a screen's code downloads. */
export function renderLoadingFrame(): string {
  return renderToString(<RouteLoading />)
}
