/**
 * src/api/serverState.ts (issue 21): reads shared while fresh, served from memory and revalidated in the background
 * when older (stale-while-revalidate: the watchers hear of a real change only), never served once invalidated (a
 * change of the claim, the event stream, the window's focus), a read under way during a change not trusted, a
 * failure never kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { focusManager } from '@tanstack/query-core'
import {
  FRESH_MS,
  changesClaim,
  claimChanged,
  clearServerState,
  readClaimPart,
  revalidateOnFocus,
  serverKeys,
  watchServerState,
} from '../../../src/api/serverState'

function counter<T>(answers: T[]) {
  let calls = 0
  const load = () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!
    calls += 1
    return Promise.resolve(answer)
  }
  return { load, calls: () => calls }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => clearServerState())
afterEach(() => vi.useRealTimers())

describe('server state', () => {
  it('answers a second read of the same claim and part from the first, also while it is under way', async () => {
    const claim = counter([{ etapa: 'primera' }])
    const [a, b] = await Promise.all([readClaimPart(7, 'record', claim.load), readClaimPart(7, 'record', claim.load)])
    expect(await readClaimPart(7, 'record', claim.load)).toEqual({ etapa: 'primera' })
    expect([a, b]).toEqual([{ etapa: 'primera' }, { etapa: 'primera' }])
    expect(claim.calls()).toBe(1)
  })

  it('keeps parts and claims apart', async () => {
    const load = counter(['x'])
    await readClaimPart(7, 'record', load.load)
    await readClaimPart(7, 'documents', load.load)
    await readClaimPart(8, 'record', load.load)
    expect(load.calls()).toBe(3)
  })

  it('older than FRESH_MS: answers at once with what it holds, rereads behind, and tells the watchers only of a change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const claim = counter([{ etapa: 'Trámite iniciado' }, { etapa: 'Trámite iniciado' }, { etapa: 'Validación de documentos' }])
    const heard = vi.fn()
    const stop = watchServerState(serverKeys.claim(7), heard)
    await readClaimPart(7, 'record', claim.load)
    vi.setSystemTime(Date.now() + FRESH_MS - 1)
    expect(await readClaimPart(7, 'record', claim.load)).toEqual({ etapa: 'Trámite iniciado' })
    expect(claim.calls()).toBe(1)

    vi.setSystemTime(Date.now() + 2)
    // The same answer again: nobody is told.
    expect(await readClaimPart(7, 'record', claim.load)).toEqual({ etapa: 'Trámite iniciado' })
    await tick()
    expect(claim.calls()).toBe(2)
    expect(heard).not.toHaveBeenCalled()

    vi.setSystemTime(Date.now() + FRESH_MS)
    // Still the held copy at once (no flash of empty), then the server's new stage behind it.
    expect(await readClaimPart(7, 'record', claim.load)).toEqual({ etapa: 'Trámite iniciado' })
    await tick()
    expect(heard).toHaveBeenCalledTimes(1)
    expect(await readClaimPart(7, 'record', claim.load)).toEqual({ etapa: 'Validación de documentos' })
    expect(claim.calls()).toBe(3)
    stop()
  })

  it('a change of the claim makes the next read wait for the server, only for that claim, and tells its watchers, the lists and the bell', async () => {
    const seven = counter(['antes', 'después'])
    const eight = counter(['otro'])
    const heard = { seven: vi.fn(), eight: vi.fn(), lists: vi.fn(), bell: vi.fn() }
    watchServerState(serverKeys.claim(7), heard.seven)
    watchServerState(serverKeys.claim(8), heard.eight)
    watchServerState(serverKeys.lists, heard.lists)
    watchServerState(serverKeys.notifications, heard.bell)
    await readClaimPart(7, 'record', seven.load)
    await readClaimPart(8, 'record', eight.load)
    await changesClaim(7, Promise.resolve('guardado'))
    expect(await readClaimPart(7, 'record', seven.load)).toBe('después')
    await readClaimPart(8, 'record', eight.load)
    expect(eight.calls()).toBe(1)
    expect(heard.seven).toHaveBeenCalledTimes(1)
    expect(heard.eight).not.toHaveBeenCalled()
    expect(heard.lists).toHaveBeenCalledTimes(1)
    expect(heard.bell).toHaveBeenCalledTimes(1)
  })

  it('a failed change counts as a change too (it may have changed something)', async () => {
    const claim = counter(['antes', 'después'])
    await readClaimPart(7, 'record', claim.load)
    await expect(changesClaim(7, Promise.reject(new Error('409')))).rejects.toThrow('409')
    expect(await readClaimPart(7, 'record', claim.load)).toBe('después')
  })

  it('a change announced by the server (another user) is read from the server next', async () => {
    const claim = counter(['0 de 3', '3 de 3'])
    await readClaimPart(7, 'documents', claim.load)
    claimChanged(7)
    expect(await readClaimPart(7, 'documents', claim.load)).toBe('3 de 3')
  })

  it('does not trust a read that was under way when the claim changed', async () => {
    let finish: (value: string) => void = () => {}
    const slow = () => new Promise<string>((resolve) => (finish = resolve))
    const pending = readClaimPart(7, 'record', slow)
    const heard = vi.fn()
    watchServerState(serverKeys.claim(7), heard)
    claimChanged(7)
    finish('leída antes del cambio')
    expect(await pending).toBe('leída antes del cambio')
    await tick()
    // Told again once it landed, and the next read goes to the server.
    expect(heard).toHaveBeenCalledTimes(2)
    const fresh = counter(['después del cambio'])
    expect(await readClaimPart(7, 'record', fresh.load)).toBe('después del cambio')
  })

  it('never keeps a failure', async () => {
    let calls = 0
    const flaky = () => (calls++ === 0 ? Promise.reject(new Error('red')) : Promise.resolve('bien'))
    await expect(readClaimPart(7, 'record', flaky)).rejects.toThrow('red')
    expect(await readClaimPart(7, 'record', flaky)).toBe('bien')
  })

  it('the window regaining focus makes everything be read again and tells every watcher', async () => {
    const stop = revalidateOnFocus()
    const claim = counter(['antes', 'después'])
    const heard = vi.fn()
    watchServerState(serverKeys.claim(7), heard)
    await readClaimPart(7, 'record', claim.load)
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    expect(heard).toHaveBeenCalled()
    expect(await readClaimPart(7, 'record', claim.load)).toBe('después')
    focusManager.setFocused(undefined)
    stop()
  })

  it('a new session starts from nothing', async () => {
    const claim = counter(['de otro usuario', 'mío'])
    await readClaimPart(7, 'record', claim.load)
    clearServerState()
    expect(await readClaimPart(7, 'record', claim.load)).toBe('mío')
  })
})
