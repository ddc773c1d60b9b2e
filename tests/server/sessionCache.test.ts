/**
 * The session cache of the auth plugin (server/auth/sessionCache.ts), on a fake clock: an entry answers until its
 * lifetime is over and not after, `forget` drops it at once and keeps a read that raced the change from being
 * stored, and the size bound drops the least recently used account.
 */
import { describe, expect, it } from 'vitest'
import { SessionCache, type AccountState } from '../../server/auth/sessionCache'

const state = (tokenVersion: number): AccountState => ({ tokenVersion, activo: 0, rol: 0 })

function cacheOnFakeClock(maxEntries = 100) {
  const clock = { now: 1_000 }
  const cache = new SessionCache({ lifetimeMs: 5_000, maxEntries, now: () => clock.now })
  return { cache, clock }
}

describe('SessionCache', () => {
  it('answers an entry until its lifetime is over, then forgets it', () => {
    const { cache, clock } = cacheOnFakeClock()
    cache.remember(7, state(3), cache.currentGeneration())
    expect(cache.get(7)).toEqual(state(3))
    clock.now += 4_999
    expect(cache.get(7)).toEqual(state(3))
    clock.now += 1
    expect(cache.get(7)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('a read does not extend the lifetime: the bound counts from when the database was read', () => {
    const { cache, clock } = cacheOnFakeClock()
    cache.remember(7, state(3), cache.currentGeneration())
    for (let i = 0; i < 4; i++) {
      clock.now += 1_000
      expect(cache.get(7)).toEqual(state(3))
    }
    clock.now += 1_000
    expect(cache.get(7)).toBeUndefined()
  })

  it('forget drops the entry at once, and only that one', () => {
    const { cache } = cacheOnFakeClock()
    cache.remember(7, state(3), cache.currentGeneration())
    cache.remember(8, state(1), cache.currentGeneration())
    cache.forget(7)
    expect(cache.get(7)).toBeUndefined()
    expect(cache.get(8)).toEqual(state(1))
  })

  it('does not store a row read before a change that was forgotten meanwhile', () => {
    const { cache } = cacheOnFakeClock()
    const readAt = cache.currentGeneration()
    // ... the database read of the old row is in flight when another request changes the account and forgets it
    cache.forget(7)
    cache.remember(7, state(3), readAt)
    expect(cache.get(7)).toBeUndefined()
    // a read that starts after the change is stored
    cache.remember(7, state(4), cache.currentGeneration())
    expect(cache.get(7)).toEqual(state(4))
  })

  it('keeps at most maxEntries accounts, dropping the least recently used', () => {
    const { cache } = cacheOnFakeClock(3)
    for (const id of [1, 2, 3]) cache.remember(id, state(id), cache.currentGeneration())
    expect(cache.get(1)).toEqual(state(1)) // 1 is now the most recently used; 2 the least
    cache.remember(4, state(4), cache.currentGeneration())
    expect(cache.size).toBe(3)
    expect(cache.get(2)).toBeUndefined()
    expect([1, 3, 4].map((id) => cache.get(id))).toEqual([state(1), state(3), state(4)])
    for (let id = 10; id < 100; id++) cache.remember(id, state(id), cache.currentGeneration())
    expect(cache.size).toBe(3)
  })

  it('remembering an account again replaces its entry and restarts its lifetime', () => {
    const { cache, clock } = cacheOnFakeClock()
    cache.remember(7, state(3), cache.currentGeneration())
    clock.now += 4_000
    cache.remember(7, state(4), cache.currentGeneration())
    clock.now += 4_000
    expect(cache.get(7)).toEqual(state(4))
    expect(cache.size).toBe(1)
  })
})
