/**
 * The session as the browser keeps it: localStorage keys user, accessToken and lastUpdate (spec sections 3 and 9).
 * A malformed stored user counts as no session, so a hand-edited or outdated entry can never crash the app.
 */
import { SessionUser } from '../../domain/contract/session'
import { matchesSchema } from '../lib/schemaCheck'

const STORAGE_KEYS = { user: 'user', accessToken: 'accessToken', lastUpdate: 'lastUpdate' } as const

export interface StoredSession {
  user: SessionUser | null
  accessToken: string | null
  /** ISO timestamp of the last token refresh. */
  lastUpdate: string | null
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // storage disabled by the browser
  }
}

function readUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const stored: unknown = JSON.parse(raw)
    return matchesSchema(SessionUser, stored) ? (stored as SessionUser) : null
  } catch {
    return null
  }
}

export function readStoredSession(): StoredSession {
  const store = storage()
  if (!store) return { user: null, accessToken: null, lastUpdate: null }
  const user = readUser(store.getItem(STORAGE_KEYS.user))
  const accessToken = store.getItem(STORAGE_KEYS.accessToken)
  const lastUpdate = store.getItem(STORAGE_KEYS.lastUpdate)
  return { user, accessToken: accessToken || null, lastUpdate: lastUpdate || null }
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage()
  if (!store) return
  const put = (key: string, value: string | null) => (value === null ? store.removeItem(key) : store.setItem(key, value))
  put(STORAGE_KEYS.user, session.user ? JSON.stringify(session.user) : null)
  put(STORAGE_KEYS.accessToken, session.accessToken)
  put(STORAGE_KEYS.lastUpdate, session.lastUpdate)
}

export function clearStoredSession(): void {
  writeStoredSession({ user: null, accessToken: null, lastUpdate: null })
}
