/**
 * The client's data cache for what the app reads about ONE claim (the record, its stage history, its documents,
 * the letter data, the dictamen). Issue 11: switching tabs on a claim read the same claim 2–3 times, because each
 * tab is a route whose machines load what they show.
 *
 * Why a small keyed cache here and not a library: the machines own every workflow (loading, retry, reload after a
 * save) and take their API calls as injected actors; a cache under those calls keeps that shape, and TanStack
 * Query is not a dependency (its hooks would move the loading states out of the machines). See
 * docs/decisions/client-data-cache.md.
 *
 * Rules:
 * - a read of the same claim and the same call within FRESH_MS answers from the cache; two reads at once share one
 *   request (a tab and its header ask together);
 * - every change to a claim (`changesClaim`) drops that claim's entries when the server has answered, so the next
 *   read — the machine's reload after a save — goes to the server; a read that was under way during the change is
 *   not stored;
 * - a failed read is never stored; signing in or out empties the cache (src/lib/session.tsx), so one user never
 *   sees another's answers;
 * - FRESH_MS bounds how late a change made by someone else (an administrator, the provider) can show: a visit to
 *   a claim rarely lasts longer, and leaving and coming back after it reads again.
 */

export const FRESH_MS = 2 * 60_000

interface Entry {
  promise: Promise<unknown>
  /** When the answer arrived (Infinity while under way: never stale before it settles). */
  settledAt: number
}

const entries = new Map<string, Entry>()
/** Bumped by every change of a claim: a read started before it must not store its (older) answer. */
const generations = new Map<number, number>()

const keyOf = (idEvento: number, call: string) => `${idEvento}:${call}`

/** Monotonic clock (tests move it with fake timers through Date.now). */
const now = () => Date.now()

/**
 * The answer of `load` for this claim and call, from the cache when fresh. The request is not tied to one caller's
 * AbortSignal (another caller may be waiting on it); a caller that stops simply ignores the answer, as
 * src/lib/requestActor.ts does.
 */
export function cachedClaimRead<T>(idEvento: number, call: string, load: () => Promise<T>): Promise<T> {
  const key = keyOf(idEvento, call)
  const found = entries.get(key)
  if (found && now() - found.settledAt < FRESH_MS) return found.promise as Promise<T>
  const generation = generations.get(idEvento) ?? 0
  const entry: Entry = { promise: Promise.resolve(), settledAt: Infinity }
  entry.promise = load().then(
    (answer) => {
      if (entries.get(key) === entry && (generations.get(idEvento) ?? 0) === generation) entry.settledAt = now()
      else if (entries.get(key) === entry) entries.delete(key)
      return answer
    },
    (error: unknown) => {
      if (entries.get(key) === entry) entries.delete(key)
      throw error
    },
  )
  entries.set(key, entry)
  return entry.promise as Promise<T>
}

/** Drops every cached read of the claim (and keeps a read under way from storing its answer). */
function invalidateClaim(idEvento: number): void {
  generations.set(idEvento, (generations.get(idEvento) ?? 0) + 1)
  const prefix = `${idEvento}:`
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key)
}

/**
 * A call that changes the claim: once the server has answered (success or failure: a failed save may still have
 * changed something, and rereading is cheap), the claim's cached reads are dropped.
 */
export function changesClaim<T>(idEvento: number, change: Promise<T>): Promise<T> {
  return change.finally(() => invalidateClaim(idEvento))
}

/** Forgets everything (a session starts or ends). */
export function clearClaimCache(): void {
  entries.clear()
  generations.clear()
}
