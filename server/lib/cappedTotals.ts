/**
 * Lists whose count reached the count limit lately, per database handle and instance: a long list's next pages (and
 * the same list shown again) skip counting 10,001 index entries, about 1.5 ms of PostgreSQL per request on an
 * executive with 200,000 claims.
 *
 * Only "more than the limit" is remembered, never an exact total: claims are never deleted and a claim keeps its
 * executive, so a list that was over the limit stays over it, and a total the user can see change (a new claim in a
 * short list) is always counted. The one exception, a provider's list shrinking below the limit when claims are
 * reassigned, shows «Más de 10,000» for at most CAPPED_TOTAL_TTL_MS more.
 */
const CAPPED_TOTAL_TTL_MS = 30_000
const MAX_ENTRIES = 1_000

export interface CappedTotals {
  /** Whether the list `key` was over `limit` within the last CAPPED_TOTAL_TTL_MS. */
  has: (key: string, limit: number, now?: number) => boolean
  remember: (key: string, limit: number, now?: number) => void
}

function newCappedTotals(): CappedTotals {
  const until = new Map<string, number>()
  const keyOf = (key: string, limit: number) => `${limit} ${key}`
  return {
    has: (key, limit, now = Date.now()) => (until.get(keyOf(key, limit)) ?? 0) > now,
    remember: (key, limit, now = Date.now()) => {
      if (until.size >= MAX_ENTRIES) until.delete(until.keys().next().value!)
      until.delete(keyOf(key, limit))
      until.set(keyOf(key, limit), now + CAPPED_TOTAL_TTL_MS)
    },
  }
}

const byDb = new WeakMap<object, CappedTotals>()

export function cappedTotals(db: object): CappedTotals {
  let found = byDb.get(db)
  if (!found) byDb.set(db, (found = newCappedTotals()))
  return found
}
