/**
 * A small in-process cache of the account facts that decide whether a user's token is still good (token version,
 * activo, rol), so the auth check does not cost a database round trip on every request (issue 12).
 *
 * Staleness bound: the instance that makes a password change, a deactivation or a role change through the API
 * forgets the user's entry at once (`forget`), so there the old token is refused on the very next request, and
 * `forget` also tells every other instance (`onForget`: the auth plugin publishes it on the bus, server/bus/bus.ts,
 * PostgreSQL LISTEN/NOTIFY), which forget the entry as the notification arrives (`forgetLocally`), within
 * milliseconds (issue 25: within 1 s). An entry still lives at most `lifetimeMs` (5 s in the app): that bounds a
 * change made directly in the database, or one whose notification was lost while the listening connection was
 * down (after a reconnection the plugin empties the whole cache, `clear`). A token minted from a stale entry
 * (rotation) carries the old token version, so it stops working as soon as the entry goes.
 *
 * Only hits are kept: an unknown user is looked up every time (such tokens are forged or belong to no account).
 * Bounded: at most `maxEntries` users; reading an entry moves it to the back of the Map's insertion order, and
 * the entry at the front (least recently used) goes when the cache is full.
 */

export interface AccountState {
  tokenVersion: number
  activo: number
  rol: number
}

interface Entry {
  state: AccountState
  expiresAt: number
}

export interface SessionCacheOptions {
  lifetimeMs: number
  maxEntries: number
  /** Milliseconds on a monotonic clock; tests pass a fake one. */
  now?: () => number
  /** Told of every `forget` (not of `forgetLocally`): the auth plugin tells the other instances. */
  onForget?: (idUser: number) => void
}

export const SESSION_CACHE_LIFETIME_MS = 5_000
export const SESSION_CACHE_MAX_ENTRIES = 10_000

export class SessionCache {
  private readonly entries = new Map<number, Entry>()
  private readonly now: () => number
  /**
   * Counts every `forget`. A reader notes it before its database read and passes it to `remember`; if a change was
   * forgotten in between, the row the reader holds may predate the change, so it is not stored.
   */
  private generation = 0

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? (() => performance.now())
  }

  get size(): number {
    return this.entries.size
  }

  /** The generation to pass to `remember` after reading the account. */
  currentGeneration(): number {
    return this.generation
  }

  get(idUser: number): AccountState | undefined {
    const entry = this.entries.get(idUser)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(idUser)
      return undefined
    }
    // Most recently used goes last, so the oldest-used is the first one the size bound drops.
    this.entries.delete(idUser)
    this.entries.set(idUser, entry)
    return entry.state
  }

  remember(idUser: number, state: AccountState, readAtGeneration: number): void {
    if (readAtGeneration !== this.generation) return
    this.entries.delete(idUser)
    this.entries.set(idUser, { state, expiresAt: this.now() + this.options.lifetimeMs })
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as number
      this.entries.delete(oldest)
    }
  }

  /** Called by whoever changes a user's token version, activo or rol on this instance, after the change commits. */
  forget(idUser: number): void {
    this.forgetLocally(idUser)
    this.options.onForget?.(idUser)
  }

  /** Forgets the user here only: another instance made the change (and told everyone). */
  forgetLocally(idUser: number): void {
    this.generation++
    this.entries.delete(idUser)
  }

  /** Forgets everyone: changes may have been missed (the bus reconnected). */
  clear(): void {
    this.generation++
    this.entries.clear()
  }
}
