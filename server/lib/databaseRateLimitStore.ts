/**
 * The rate-limit store on the shared PostgreSQL database (`rate_limits`), used by several instances without Redis.
 *
 * Why leases: writing the shared row on every request costs a round trip, and all of one user's concurrent requests
 * update the same row, so they queue on its lock (the load benchmark's one-claim figure was bound by it). Instead an
 * instance reserves a slice of the window's budget at once (a lease of `leaseSize(max)` hits, added to the row in one
 * atomic upsert) and counts the requests inside it in memory; it goes back to the database only when the slice is
 * used up or the window ended.
 *
 * What it costs: the budget is never exceeded across instances (every hit served was reserved in the shared row),
 * but a slice reserved by an instance that then stops receiving the user's calls is lost for that window, so a user
 * spread over N instances may be refused up to (N − 1) × slice hits early: 5 % of the budget per other instance.
 * With a small budget (sign-in limits, tests) the slice is 1 hit and every request is exact, as before.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1]

/** A twentieth of the budget, at least 1 hit. */
export const leaseSize = (max: number): number => Math.max(1, Math.floor(max / 20))

/** A slice of a window's budget this instance reserved: hits (start, start + size] of the shared count. */
interface Lease {
  start: number
  size: number
  used: number
  /** Milliseconds since the epoch, on this instance's clock, when the shared window ends. */
  endsAt: number
}

export function databaseRateLimitStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  // Shared by the global store and its per-route children: the full key already names the route.
  const leases = new Map<string, Lease>()
  // One reservation at a time per key: calls arriving meanwhile wait for it instead of reserving slices of their own.
  const pending = new Map<string, Promise<void>>()

  async function reserve(fullKey: string, size: number, timeWindow: number): Promise<void> {
    const window = sql`(${timeWindow} * interval '1 millisecond')`
    const result = await db.execute(
      sql`insert into ${rateLimits} as r (key, hits, reset_at) values (${fullKey}, ${size}, now() + ${window})
          on conflict (key) do update set
            hits = case when r.reset_at <= now() then ${size} else r.hits + ${size} end,
            reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
          returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
    )
    const row = (result as unknown as { rows: Array<{ hits: number; ttl: number }> }).rows[0]!
    leases.set(fullKey, { start: Number(row.hits) - size, size, used: 0, endsAt: now() + Number(row.ttl) })
  }

  /** Counts one hit in a live lease with room; false when a new slice is needed. */
  function takeFromLease(fullKey: string, callback: IncrCallback): boolean {
    const lease = leases.get(fullKey)
    const at = now()
    if (!lease || lease.endsAt <= at || lease.used >= lease.size) return false
    lease.used += 1
    callback(null, { current: lease.start + lease.used, ttl: lease.endsAt - at })
    return true
  }

  async function incr(fullKey: string, callback: IncrCallback, timeWindow: number, max: number): Promise<void> {
    for (;;) {
      if (takeFromLease(fullKey, callback)) return
      const inFlight = pending.get(fullKey)
      if (inFlight) {
        await inFlight
        continue
      }
      const reservation = reserve(fullKey, leaseSize(max), timeWindow).finally(() => pending.delete(fullKey))
      pending.set(fullKey, reservation)
      await reservation
    }
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      const fullKey = (this.prefix + key).slice(0, 400)
      // Most hits fall in a live lease: counted here, without the promise and microtask turn of the async path.
      if (takeFromLease(fullKey, callback)) return
      incr(fullKey, callback, timeWindow, max).catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))))
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      return new DatabaseStore({}, `${this.prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`)
    }
  }
  return DatabaseStore
}
