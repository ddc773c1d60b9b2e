/**
 * The one session actor of the app: created from the stored session, persisted to localStorage by the machine's
 * `persistSession`, and connected to the API helper (bearer token, rotation, forced logout). Screens read it
 * with `useSessionUser()` and sign out with `useSessionActor().send({ type: 'session.logout' })`.
 */
import { useSelector } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import { createActor, type ActorRefFrom } from 'xstate'
import { sessionMachine } from '../../machines/session.machine'
import type { SessionUser } from '../../domain/contract/auth'
import { configureApiSession } from '../api/sessionHooks'
import { readStoredSession, writeStoredSession } from '../api/storedSession'
import { inspect } from './inspect'
import { fromRequest } from './requestActor'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

export interface SessionDeps {
  /** Where `leaveTo` goes (the router's navigate). */
  navigate: (path: string) => void
  /** Override the refresh call (tests). */
  refresh?: (signal: AbortSignal) => Promise<{ accessToken: string }>
}

/**
 * POST /api/auth/refresh-token, with the API helper downloaded on the first refresh: the sign-in page, which has no
 * token to refresh, does not load ofetch and the call checks (issue 24).
 */
const refreshToken: NonNullable<SessionDeps['refresh']> = (signal) => import('../api/auth').then((auth) => auth.refreshToken(signal))

/** Creates (not starts) the session actor from what localStorage holds. */
export function createSessionActor({ navigate, refresh = refreshToken }: SessionDeps): SessionActor {
  const stored = readStoredSession()
  return createActor(
    sessionMachine.provide({
      actors: { refreshToken: fromRequest(({ signal }) => refresh(signal)) },
      actions: {
        persistSession: ({ context }) => writeStoredSession(context),
        leaveTo: (_, params) => navigate(params.path),
      },
    }),
    { input: stored, inspect },
  )
}

/**
 * The server state (TanStack's query core) and its event stream, loaded when someone is signed in: the sign-in
 * screens read no server state, and the query core alone was 7.5 KiB gzip of their JavaScript (issue 24). The
 * screens that read server state import it themselves; this only holds the module once a user is there.
 */
type ServerStateModules = [typeof import('../api/serverState'), typeof import('../api/liveEvents')]
const loadServerState = (): Promise<ServerStateModules> => Promise.all([import('../api/serverState'), import('../api/liveEvents')])

/**
 * Points the API helper at the session actor; returns the undo. The server state (src/api/serverState.ts) starts
 * empty with the app and is emptied whenever the signed-in user changes (sign-in, sign-out, forced logout), so no
 * answer read for one user is shown to the next. While someone is signed in, the server's event stream
 * (src/api/liveEvents.ts) keeps it current, and a window that regains focus reads again what it shows.
 *
 * Until a user is signed in the server state is not loaded: nothing was read, so there is nothing to empty (the sign-in
 * page stays without it). Once it is asked for, each step runs when the modules are there, in order.
 */
export function connectApiToSession(actor: SessionActor): () => void {
  let modules: ServerStateModules | null = null
  let loading: Promise<unknown> | null = null
  let disconnected = false
  const withServerState = (step: (loaded: ServerStateModules) => void) => {
    if (modules) return step(modules)
    loading = (loading ?? Promise.resolve()).then(async () => {
      modules ??= await loadServerState()
      step(modules)
    })
  }
  // Emptied only if it may hold something: loaded, or on its way for the user who was signed in.
  const clear = () => {
    if (modules || loading) withServerState(([serverState]) => serverState.clearServerState())
  }

  const userKey = () => {
    const snapshot = actor.getSnapshot()
    const user = snapshot.matches('signedIn') ? snapshot.context.user : null
    return user ? `${user.rol}:${user.idUser}:${user.idColaborador ?? ''}:${user.idEvento ?? ''}` : ''
  }
  let stopLive: (() => void) | null = null
  let stopFocus: (() => void) | null = null
  const follow = (user: string) => {
    stopLive?.()
    stopLive = null
    if (!user) return
    withServerState(([serverState, liveEvents]) => {
      if (disconnected || userKey() !== user) return
      stopFocus ??= serverState.revalidateOnFocus()
      stopLive = liveEvents.startLiveUpdates()
    })
  }

  let lastUser = userKey()
  const subscription = actor.subscribe(() => {
    const next = userKey()
    if (next !== lastUser) {
      clear()
      follow(next)
    }
    lastUser = next
  })
  const restore = configureApiSession({
    getAccessToken: () => actor.getSnapshot().context.accessToken,
    onTokenRotated: (accessToken) => actor.send({ type: 'token.rotate', accessToken }),
    onTokenInvalid: () => actor.send({ type: 'token.invalid' }),
  })
  follow(lastUser)
  return () => {
    subscription.unsubscribe()
    follow('')
    stopFocus?.()
    restore()
    clear()
    disconnected = true
  }
}

const SessionContext = createContext<SessionActor | null>(null)

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSessionActor needs a <SessionProvider>')
  return actor
}

/** The signed-in user, or null. */
export function useSessionUser(): SessionUser | null {
  return useSelector(useSessionActor(), (snapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : null))
}
