/** src/api/claimCache.ts: shared and fresh reads, dropped by a change of the claim, never storing a failure. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FRESH_MS, cachedClaimRead, changesClaim, clearClaimCache } from '../../../src/api/claimCache'

function counter<T>(answers: T[]) {
  let calls = 0
  const load = () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!
    calls += 1
    return Promise.resolve(answer)
  }
  return { load, calls: () => calls }
}

beforeEach(() => clearClaimCache())
afterEach(() => vi.useRealTimers())

describe('claim cache', () => {
  it('answers a second read of the same claim and call from the first, also while it is under way', async () => {
    const claim = counter(['primera'])
    const [a, b] = await Promise.all([cachedClaimRead(7, 'claim', claim.load), cachedClaimRead(7, 'claim', claim.load)])
    expect(await cachedClaimRead(7, 'claim', claim.load)).toBe('primera')
    expect([a, b]).toEqual(['primera', 'primera'])
    expect(claim.calls()).toBe(1)
  })

  it('keeps calls and claims apart', async () => {
    const load = counter(['x'])
    await cachedClaimRead(7, 'claim', load.load)
    await cachedClaimRead(7, 'documents', load.load)
    await cachedClaimRead(8, 'claim', load.load)
    expect(load.calls()).toBe(3)
  })

  it('reads again once the answer is older than FRESH_MS', async () => {
    vi.useFakeTimers()
    const claim = counter(['vieja', 'nueva'])
    await cachedClaimRead(7, 'claim', claim.load)
    vi.advanceTimersByTime(FRESH_MS - 1)
    expect(await cachedClaimRead(7, 'claim', claim.load)).toBe('vieja')
    vi.advanceTimersByTime(1)
    expect(await cachedClaimRead(7, 'claim', claim.load)).toBe('nueva')
  })

  it('a change of the claim makes the next read go to the server, and only for that claim', async () => {
    const seven = counter(['antes', 'después'])
    const eight = counter(['otro'])
    await cachedClaimRead(7, 'claim', seven.load)
    await cachedClaimRead(8, 'claim', eight.load)
    await changesClaim(7, Promise.resolve('guardado'))
    expect(await cachedClaimRead(7, 'claim', seven.load)).toBe('después')
    await cachedClaimRead(8, 'claim', eight.load)
    expect(eight.calls()).toBe(1)
  })

  it('a failed change drops the cached reads too (it may have changed something)', async () => {
    const claim = counter(['antes', 'después'])
    await cachedClaimRead(7, 'claim', claim.load)
    await expect(changesClaim(7, Promise.reject(new Error('409')))).rejects.toThrow('409')
    expect(await cachedClaimRead(7, 'claim', claim.load)).toBe('después')
  })

  it('does not store a read that was under way when the claim changed', async () => {
    let finish: (value: string) => void = () => {}
    const slow = () => new Promise<string>((resolve) => (finish = resolve))
    const pending = cachedClaimRead(7, 'claim', slow)
    await changesClaim(7, Promise.resolve(true))
    finish('leída antes del cambio')
    expect(await pending).toBe('leída antes del cambio')
    const fresh = counter(['después del cambio'])
    expect(await cachedClaimRead(7, 'claim', fresh.load)).toBe('después del cambio')
  })

  it('never stores a failure', async () => {
    let calls = 0
    const flaky = () => (calls++ === 0 ? Promise.reject(new Error('red')) : Promise.resolve('bien'))
    await expect(cachedClaimRead(7, 'claim', flaky)).rejects.toThrow('red')
    expect(await cachedClaimRead(7, 'claim', flaky)).toBe('bien')
  })

  it('clearClaimCache forgets everything', async () => {
    const claim = counter(['a', 'b'])
    await cachedClaimRead(7, 'claim', claim.load)
    clearClaimCache()
    expect(await cachedClaimRead(7, 'claim', claim.load)).toBe('b')
  })
})
