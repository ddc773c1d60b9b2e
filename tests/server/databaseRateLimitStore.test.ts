/**
 * The shared database rate-limit store reserves slices of the budget (a twentieth, at least 1 hit) instead of writing
 * the row on every request: the budget is never exceeded across instances, a slice costs one round trip, and a new
 * window starts a new count. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { DbHandle } from '../../server/db/client'
import { databaseRateLimitStore, leaseSize } from '../../server/lib/databaseRateLimitStore'
import { openTestDb } from './helpers/testApp'

let handle: DbHandle
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ handle, drop } = await openTestDb())
})
afterAll(async () => drop())

const MINUTE = 60_000

function instance(now?: () => number): FastifyRateLimitStore {
  const Store = databaseRateLimitStore(handle.db, now)
  return new Store({})
}

const hit = (store: FastifyRateLimitStore, key: string, max: number, timeWindow = MINUTE) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, result) => (err ? reject(err) : resolve(result!)), timeWindow, max),
  )

async function sharedHits(key: string): Promise<number> {
  const result = await handle.db.execute(sql`select hits from rate_limits where key = ${key}`)
  return Number((result as unknown as { rows: Array<{ hits: number }> }).rows[0]?.hits ?? 0)
}

describe('slice size', () => {
  it('is a twentieth of the budget, at least one hit', () => {
    expect(leaseSize(1000)).toBe(50)
    expect(leaseSize(60)).toBe(3)
    expect(leaseSize(5)).toBe(1)
    expect(leaseSize(1)).toBe(1)
  })
})

describe('counting across instances', () => {
  it('serves exactly the budget over two instances, then refuses on both', async () => {
    const a = instance()
    const b = instance()
    const currents: number[] = []
    for (let i = 0; i < 30; i++) currents.push((await hit(a, 'u:1', 60)).current)
    for (let i = 0; i < 30; i++) currents.push((await hit(b, 'u:1', 60)).current)
    expect(currents.every((c) => c <= 60)).toBe(true)
    expect(new Set(currents).size).toBe(60)
    expect((await hit(a, 'u:1', 60)).current).toBeGreaterThan(60)
    expect((await hit(b, 'u:1', 60)).current).toBeGreaterThan(60)
  })

  it('with a small budget counts every request in the shared row, as before', async () => {
    const a = instance()
    const b = instance()
    for (const store of [a, b, a, b, a]) expect((await hit(store, 'ip:10.0.0.1', 5)).current).toBeLessThanOrEqual(5)
    expect(await sharedHits('ip:10.0.0.1')).toBe(5)
    expect((await hit(b, 'ip:10.0.0.1', 5)).current).toBe(6)
  })

  it('goes to the database once per slice, also for concurrent calls', async () => {
    const store = instance()
    const execute = vi.spyOn(handle.db, 'execute')
    try {
      const results = await Promise.all(Array.from({ length: 100 }, () => hit(store, 'u:2', 1000)))
      expect(execute).toHaveBeenCalledTimes(2)
      expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    } finally {
      execute.mockRestore()
    }
    expect(await sharedHits('u:2')).toBe(100)
  })

  it('starts a new count when the window has ended', async () => {
    let clock = Date.now()
    const store = instance(() => clock)
    expect((await hit(store, 'u:3', 1000, 1_000)).current).toBe(1)
    expect((await hit(store, 'u:3', 1000, 1_000)).current).toBe(2)
    // The shared row's window is one second long on the database's clock too.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    clock += 1_100
    expect((await hit(store, 'u:3', 1000, 1_000)).current).toBe(1)
  })
})
