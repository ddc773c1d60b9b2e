/**
 * Model-based tests of the session machine. The clock is vitest's fake clock, frozen at T0 while the model is
 * generated, so the "older than 8 minutes" guard sees the same time the real actor sees at the start of each path.
 * The stored session of the input is 9 minutes old (stale); every refresh or rotation makes it fresh.
 * Every transition path is replayed on a real actor whose `refreshToken` waits on a deferred promise, with the
 * 60 s check on fake timers; each state is checked for what it stores and where it navigates.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import { getShortestPaths, getStateNodes } from 'xstate/graph'
import {
  LOGOUT_PATHS,
  SESSION_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_AGE_MS,
  sessionMachine,
  type SessionContext,
  type SessionInput,
} from '../../machines/session.machine'
import { ApiError } from '../../domain/contract/envelope'
import { traversalOptions } from '../../tools/machineGraph/traversal'
import { createMachineModel, getTransitionTestPaths, recordCoverage } from './support/modelTest'
import { flush, namedPaths, pathParams, stubs, unreachedStates } from './drivers/deferredActors'
import { collaboratorUser as collaborator, executiveUser as executive } from '../../tools/catalog/samples/common'

const T0 = new Date('2026-03-02T15:00:00.000Z')
const STALE = new Date(T0.getTime() - 9 * 60_000).toISOString()

const INPUT: SessionInput = { user: executive, accessToken: 'token-guardado', lastUpdate: STALE }

const EVENTS = [
  { type: 'session.start', user: collaborator, accessToken: 'token-colaborador' },
  { type: 'token.rotate', accessToken: 'token-rotado' },
  { type: 'photo.update', foto: '/api/file/profile/7.png' },
  { type: 'xstate.done.actor.refreshToken', output: { accessToken: 'token-renovado' } },
  { type: 'xstate.error.actor.refreshToken', error: new ApiError('Token inválido: la sesión ya no es válida', 401) },
] as const

// The guard reads Date.now(): generate the model on the frozen clock.
vi.useFakeTimers({ now: T0 })
// xstate's own done/error events are not part of the machine's event type, hence the cast.
const model = createMachineModel(sessionMachine, { events: EVENTS as never, input: INPUT })
const transitionPaths = getTransitionTestPaths(model)
const shortestPaths = getShortestPaths(sessionMachine as AnyStateMachine, traversalOptions({ events: EVENTS, input: INPUT }))
vi.useRealTimers()

const coverage = recordCoverage(sessionMachine, { input: INPUT })

function harness(input: SessionInput) {
  const stub = stubs('refreshToken')
  const stored: SessionContext[] = []
  const navigations: string[] = []
  const actor = createActor(
    sessionMachine.provide({
      actors: { refreshToken: stub.refreshToken.logic },
      actions: {
        persistSession: ({ context }) => {
          stored.push({ ...context })
        },
        leaveTo: (_, params) => {
          navigations.push(params.path)
        },
      },
    }),
    { input, inspect: coverage.inspect },
  )
  return { actor, stub, stored, navigations }
}

describe('session: reachability', () => {
  it('reaches every state by a shortest path from a stored stale session', () => {
    // checking is transient (left at once by `always`): no path ends there, the walk passes through it.
    const transient = ['session.signedIn.checking']
    expect(unreachedStates(sessionMachine, shortestPaths).filter((id) => !transient.includes(id))).toEqual([])
  })

  it('stays signed out when the stored session lacks the user or the token', () => {
    for (const input of [{ user: null, accessToken: 'huérfano', lastUpdate: STALE }, { user: executive, accessToken: null }]) {
      const { actor, stub } = harness(input)
      actor.start()
      expect(actor.getSnapshot().value).toBe('signedOut')
      expect(stub.refreshToken.calls).toHaveLength(0)
      actor.stop()
    }
  })
})

describe('session: every transition on a real actor', () => {
  let current: ReturnType<typeof harness> | undefined
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
  })
  afterEach(() => {
    current?.actor.stop()
    current = undefined
    vi.useRealTimers()
  })

  it('has paths for every transition', () => expect(transitionPaths.length).toBeGreaterThan(10))

  for (const [name, path] of namedPaths('session', transitionPaths)) {
    it(name, async () => {
      const h = harness(INPUT)
      current = h
      let refreshCalls = 0
      let previous: (typeof path)['state'] | undefined
      let lastEventType = 'xstate.init'

      const check = (modelSnapshot: (typeof path)['state']) => {
        const real = h.actor.getSnapshot()
        expect(real.value).toEqual(modelSnapshot.value)
        expect(real.context.user).toEqual(modelSnapshot.context.user)
        expect(real.context.accessToken).toBe(modelSnapshot.context.accessToken)
        // Timestamps differ (the real clock moved 60 s per check); whether it is the stored stale one must not.
        expect(real.context.lastUpdate === STALE).toBe(modelSnapshot.context.lastUpdate === STALE)

        const persisted = h.stored.at(-1)
        if (persisted) {
          expect(persisted.user).toEqual(real.context.user)
          expect(persisted.accessToken).toBe(real.context.accessToken)
          expect(persisted.lastUpdate).toBe(real.context.lastUpdate)
        }
        if (real.context.lastUpdate && real.context.lastUpdate !== STALE) {
          const age = Date.now() - Date.parse(real.context.lastUpdate)
          expect(age).toBeGreaterThanOrEqual(0)
          expect(age).toBeLessThanOrEqual(TOKEN_REFRESH_AGE_MS)
        }

        if (real.matches({ signedIn: 'refreshing' })) {
          refreshCalls += previous?.matches({ signedIn: 'refreshing' }) ? 0 : 1
          expect(h.stub.refreshToken.calls).toHaveLength(refreshCalls)
          expect(h.stub.refreshToken.last.signal.aborted).toBe(false)
        } else {
          expect(h.stub.refreshToken.calls).toHaveLength(refreshCalls)
        }

        const leftNow = real.matches('signedOut') && previous?.matches('signedIn')
        if (leftNow) {
          const wasCollaborator = previous?.context.user?.userType === 'Colaborador'
          const expected =
            lastEventType === 'session.logout' && wasCollaborator ? LOGOUT_PATHS.collaborator : LOGOUT_PATHS.default
          expect(h.navigations.at(-1)).toBe(expected)
          expect(persisted).toEqual({ user: null, accessToken: null, lastUpdate: null })
          // Leaving cancels a refresh still in flight.
          if (previous?.matches({ signedIn: 'refreshing' }) && lastEventType !== 'xstate.error.actor.refreshToken') {
            expect(h.stub.refreshToken.last.signal.aborted).toBe(true)
          }
        }
        expect(h.navigations).toHaveLength(countLeaves(path, modelSnapshot))
        previous = modelSnapshot
      }

      const params = pathParams(path, { actor: () => h.actor, stubs: h.stub, delays: { checkInterval: SESSION_CHECK_INTERVAL_MS } }, check)
      // Remember which event led to each state (the check needs it for the logout destination).
      const events = params.events as Record<string, (step: { event: { type: string } }) => Promise<void>>
      for (const [type, exec] of Object.entries(events)) {
        events[type] = async (step) => {
          lastEventType = type
          await exec(step)
        }
      }
      h.actor.start()
      await coverage.testPath(path, params)
    })
  }

  it('walked through every state, transient ones included', () => {
    const all = getStateNodes(sessionMachine.root).map((node) => node.id)
    expect(coverage.visited().states).toEqual(expect.arrayContaining(all))
  })
})

/** How many times the path left the signed-in state up to the given step (each leave navigates once). */
function countLeaves(path: (typeof transitionPaths)[number], upTo: (typeof path)['state']): number {
  let count = 0
  let before: (typeof path)['state'] | undefined
  for (const step of path.steps) {
    if (step.state.matches('signedOut') && before?.matches('signedIn')) count++
    if (step.state === upTo) return count
    before = step.state
  }
  return count
}

describe('session: timing on the fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
  })
  afterEach(() => vi.useRealTimers())

  it('checks every 60 s and refreshes at the first check after lastUpdate is 8 minutes old', async () => {
    const h = harness({ user: executive, accessToken: 'fresco', lastUpdate: T0.toISOString() })
    h.actor.start()
    expect(h.actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true)
    // 8 checks (1…8 minutes): the token is at most exactly 8 minutes old, not older.
    await vi.advanceTimersByTimeAsync(8 * SESSION_CHECK_INTERVAL_MS)
    expect(h.stub.refreshToken.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(h.stub.refreshToken.calls).toHaveLength(1)
    expect(h.actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true)

    h.stub.refreshToken.resolve({ accessToken: 'nuevo' })
    await flush()
    expect(h.actor.getSnapshot().context.accessToken).toBe('nuevo')
    expect(h.actor.getSnapshot().context.lastUpdate).toBe(new Date().toISOString())
    expect(h.stored.at(-1)?.accessToken).toBe('nuevo')
    // The next refresh waits another 8 minutes.
    await vi.advanceTimersByTimeAsync(8 * SESSION_CHECK_INTERVAL_MS)
    expect(h.stub.refreshToken.calls).toHaveLength(1)
    h.actor.stop()
  })

  it('a rotated token postpones the refresh', async () => {
    const h = harness({ user: executive, accessToken: 'fresco', lastUpdate: T0.toISOString() })
    h.actor.start()
    await vi.advanceTimersByTimeAsync(5 * SESSION_CHECK_INTERVAL_MS)
    h.actor.send({ type: 'token.rotate', accessToken: 'rotado' })
    await vi.advanceTimersByTimeAsync(5 * SESSION_CHECK_INTERVAL_MS)
    expect(h.stub.refreshToken.calls).toHaveLength(0)
    expect(h.stored.at(-1)).toMatchObject({ accessToken: 'rotado', lastUpdate: new Date(T0.getTime() + 5 * 60_000).toISOString() })
    h.actor.stop()
  })

  it('ignores token events while signed out', () => {
    const h = harness({})
    h.actor.start()
    h.actor.send({ type: 'token.invalid' })
    h.actor.send({ type: 'token.rotate', accessToken: 'x' })
    expect(h.actor.getSnapshot().value).toBe('signedOut')
    expect(h.actor.getSnapshot().context.accessToken).toBeNull()
    expect(h.navigations).toEqual([])
    h.actor.stop()
  })
})
