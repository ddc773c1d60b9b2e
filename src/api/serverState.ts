/**
 * THE one source of truth for server state on the client (issue 21): what the app read from the API, kept in
 * TanStack Query's framework-agnostic `QueryClient` (@tanstack/query-core), with the keys and every invalidation
 * in this file. The machines keep owning each workflow (loading, retry, reload after a save): their injected
 * actors read through `readServerState`, and screens that show server data reload their machine when
 * `watchServerState` says that data changed (src/lib/useServerStateReload.ts). No React hooks of TanStack's.
 *
 * Rules (docs/decisions/client-data-cache.md):
 * - stale-while-revalidate: a read of a key the client holds answers at once with what it holds (no flash of
 *   empty: a screen that mounts shows it) and, unless it was read within FRESH_MS, reads it again in the
 *   background; when the server's answer differs, the watchers of that key are told, and they reload from it;
 * - revalidated on mount (the rule above), on window focus (everything held is invalidated and every watcher
 *   told), after any change the user makes (`changesClaim` invalidates the claim, the lists and the
 *   notifications once the server answered), and when the server says a claim changed (src/api/liveEvents.ts:
 *   the claim, the lists, the notifications);
 * - an invalidated key is never served from memory: the next read waits for the server (the machine's own
 *   reload after a save shows what was saved, not the copy from before);
 * - a failed read is never kept; signing in or out empties everything (src/lib/session.tsx).
 */
import { QueryClient, focusManager, type QueryKey } from '@tanstack/query-core'

/** Reads of the same key within this long share one answer (a claim's header and its tab read the claim together). */
export const FRESH_MS = 1_000

/** The parts of a claim the app reads, each under its own key. */
export type ClaimPart = 'record' | 'statusHistory' | 'fullData' | 'providerOfClaim' | 'documents' | 'dictamination' | 'invoices'

/** Every key of the app's server state. A watcher of a prefix hears of every key under it. */
export const serverKeys = {
  all: [] as const,
  claims: ['claim'] as const,
  claim: (idEvento: number) => ['claim', idEvento] as const,
  claimPart: (idEvento: number, part: ClaimPart) => ['claim', idEvento, part] as const,
  /** Paged lists (claims, invoices, searches): never held, only watched (each visit reads the current page). */
  lists: ['lists'] as const,
  notifications: ['notifications'] as const,
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FRESH_MS,
      // Held while the session lasts; the session's change empties it anyway.
      gcTime: 30 * 60_000,
      // The machines own retrying (their 'Reintentar').
      retry: false,
    },
  },
})

type Watcher = { prefix: QueryKey; onChange: () => void }
const watchers = new Set<Watcher>()

/** Whether one key is a prefix of the other (a change under either concerns both). */
function overlaps(a: QueryKey, b: QueryKey): boolean {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false
  return true
}

function tell(key: QueryKey): void {
  for (const watcher of [...watchers]) if (overlaps(watcher.prefix, key)) watcher.onChange()
}

/**
 * The answer of `load` for `key`: from memory when held and not invalidated (then revalidated in the background
 * if older than FRESH_MS), else from the server (two reads at once share one request). The request is not tied
 * to one caller's AbortSignal: another caller may wait on it, and a caller that goes away ignores the answer
 * (src/lib/requestActor.ts).
 */
function readServerState<T>(key: QueryKey, load: () => Promise<T>): Promise<T> {
  const query = queryClient.getQueryCache().find<T>({ queryKey: key, exact: true })
  const held = query?.state.data
  if (query && held !== undefined && !query.state.isInvalidated && query.state.status === 'success') {
    if (query.isStaleByTime(FRESH_MS)) {
      void queryClient
        .fetchQuery({ queryKey: key, queryFn: load, staleTime: 0 })
        // Structural sharing keeps the held object when the answer is equal: only a real change is told.
        .then(() => query.state.data !== held && tell(key))
        .catch(() => {})
    }
    return Promise.resolve(held)
  }
  return queryClient.fetchQuery({ queryKey: key, queryFn: load, staleTime: FRESH_MS })
}

/** A claim part, read as `readServerState` reads. */
export function readClaimPart<T>(idEvento: number, part: ClaimPart, load: () => Promise<T>): Promise<T> {
  return readServerState(serverKeys.claimPart(idEvento, part), load)
}

/**
 * Marks everything under `prefix` as out of date (the next read goes to the server) and tells its watchers, which
 * reload what they show.
 */
export function invalidateServerState(prefix: QueryKey): void {
  const cache = queryClient.getQueryCache()
  // A read under way began before the change: its answer may predate it, so once it lands it is out of date too.
  for (const query of cache.findAll({ queryKey: prefix, fetchStatus: 'fetching' })) {
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query || query.state.fetchStatus === 'fetching') return
      unsubscribe()
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' })
      tell(query.queryKey)
    })
  }
  void queryClient.invalidateQueries({ queryKey: prefix, refetchType: 'none' })
  tell(prefix)
}

/** A claim changed (here or elsewhere): its parts, the lists that show it and the notifications it may have made. */
export function claimChanged(idEvento: number): void {
  invalidateServerState(serverKeys.claim(idEvento))
  invalidateServerState(serverKeys.lists)
  invalidateServerState(serverKeys.notifications)
}

/**
 * A call that changes the claim: once the server has answered (success or failure: a failed save may still have
 * changed something, and rereading is cheap), the claim counts as changed.
 */
export function changesClaim<T>(idEvento: number, change: Promise<T>): Promise<T> {
  return change.finally(() => claimChanged(idEvento))
}

/** Calls `onChange` whenever something under `prefix` changed or must be read again; returns the stop. */
export function watchServerState(prefix: QueryKey, onChange: () => void): () => void {
  const watcher = { prefix, onChange }
  watchers.add(watcher)
  return () => void watchers.delete(watcher)
}

/** Forgets everything (a session starts or ends). */
export function clearServerState(): void {
  queryClient.cancelQueries().catch(() => {})
  queryClient.clear()
}

/**
 * Window focus: what the screen shows may have changed while the user was elsewhere, so everything is read again.
 * query-core's focusManager listens to `visibilitychange` (and tests can call `focusManager.setFocused`).
 */
let stopFocus: (() => void) | null = null
export function revalidateOnFocus(): () => void {
  stopFocus?.()
  const unsubscribe = focusManager.subscribe((focused) => {
    if (focused) invalidateServerState(serverKeys.all)
  })
  stopFocus = unsubscribe
  return () => {
    unsubscribe()
    if (stopFocus === unsubscribe) stopFocus = null
  }
}
