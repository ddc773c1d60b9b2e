/**
 * The one session actor of the app: created from the stored session, persisted to localStorage by the machine's
 * `persistSession`, and connected to the API helper (bearer token, rotation, forced logout). Screens read it
 * with `useSessionUser()` and sign out with `useSessionActor().send({ type: 'session.logout' })`.
 */
import { useSelector } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import { createActor, type ActorRefFrom } from 'xstate'
import { sessionMachine } from '../../machines/session.machine'
import { refreshToken } from '../api/auth'
import { configureApiSession } from '../api/client'
import type { SessionUser } from '../api/schemas'
import { readStoredSession, writeStoredSession } from '../api/storedSession'
import { inspect } from '../lib/inspect'
import { fromRequest } from '../lib/requestActor'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

export interface SessionDeps {
  /** Where `leaveTo` goes (the router's navigate). */
  navigate: (path: string) => void
  /** Override the refresh call (tests). */
  refresh?: (signal: AbortSignal) => Promise<{ accessToken: string }>
}

async function refreshThroughApi(signal: AbortSignal): Promise<{ accessToken: string }> {
  const result = await refreshToken(signal)
  if (!result.success) throw new Error(result.reason)
  return result.response
}

/** Creates (not starts) the session actor from what localStorage holds. */
export function createSessionActor({ navigate, refresh = refreshThroughApi }: SessionDeps): SessionActor {
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

/** Points the API helper at the session actor; returns the undo. */
export function connectApiToSession(actor: SessionActor): () => void {
  return configureApiSession({
    getAccessToken: () => actor.getSnapshot().context.accessToken,
    onTokenRotated: (accessToken) => actor.send({ type: 'token.rotate', accessToken }),
    onTokenInvalid: () => actor.send({ type: 'token.invalid' }),
  })
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
