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
import { refreshToken } from '../api/auth'
import { clearServerState, revalidateOnFocus } from '../api/serverState'
import { startLiveUpdates } from '../api/liveEvents'
import { configureApiSession } from '../api/client'
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
 * Points the API helper at the session actor; returns the undo. The server state (src/api/serverState.ts) starts
 * empty with the app and is emptied whenever the signed-in user changes (sign-in, sign-out, forced logout), so no
 * answer read for one user is shown to the next. While someone is signed in, the server's event stream
 * (src/api/liveEvents.ts) keeps it current, and a window that regains focus reads again what it shows.
 */
export function connectApiToSession(actor: SessionActor): () => void {
  clearServerState()
  const userKey = () => {
    const snapshot = actor.getSnapshot()
    const user = snapshot.matches('signedIn') ? snapshot.context.user : null
    return user ? `${user.rol}:${user.idUser}:${user.idColaborador ?? ''}:${user.idEvento ?? ''}` : ''
  }
  let stopLive: (() => void) | null = null
  const follow = (user: string) => {
    stopLive?.()
    stopLive = user ? startLiveUpdates() : null
  }
  let lastUser = userKey()
  const stopFocus = revalidateOnFocus()
  const subscription = actor.subscribe(() => {
    const next = userKey()
    if (next !== lastUser) {
      clearServerState()
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
    stopFocus()
    follow('')
    restore()
    clearServerState()
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
