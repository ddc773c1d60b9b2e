/**
 * How the API helper (client.ts) reaches the session. A module of its own so the app can point it at the session
 * actor when it starts (src/lib/session.tsx) without loading the helper itself: ofetch and the call checks download
 * with the first call, not with the sign-in page (issue 24).
 */
import { clearStoredSession, readStoredSession, writeStoredSession } from './storedSession'

export interface ApiSessionHooks {
  getAccessToken: () => string | null
  /** A response carried `x-new-access-token`: store it and set lastUpdate to now. */
  onTokenRotated: (accessToken: string) => void
  /** A reason contained 'Token inválido': forced logout. */
  onTokenInvalid: () => void
}

/** Without an app (scripts, early boot) the helper keeps the session in localStorage itself. */
const storageHooks: ApiSessionHooks = {
  getAccessToken: () => readStoredSession().accessToken,
  onTokenRotated: (accessToken) =>
    writeStoredSession({ ...readStoredSession(), accessToken, lastUpdate: new Date().toISOString() }),
  onTokenInvalid: () => clearStoredSession(),
}

let hooks: ApiSessionHooks = storageHooks

/** The hooks in effect (read on every call). */
export function apiSessionHooks(): ApiSessionHooks {
  return hooks
}

/** Installs the session hooks; returns a function that restores the previous ones. */
export function configureApiSession(next: ApiSessionHooks): () => void {
  const previous = hooks
  hooks = next
  return () => {
    hooks = previous
  }
}
