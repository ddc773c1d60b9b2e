/**
 * src/lib/inspect.ts: no inspector unless VITE_INSPECT is '1'; with it, the Stately browser inspector is created once
 * it loads, and the events of actors that started before that reach it in order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'

const stately = vi.hoisted(() => ({ received: [] as Array<{ type: string }>, created: 0 }))
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: () => {
    stately.created += 1
    return { inspect: { next: (event: { type: string }) => stately.received.push(event) } }
  },
}))

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
  stately.received.length = 0
  stately.created = 0
})

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: {} } })

describe('inspect', () => {
  it('is undefined without VITE_INSPECT=1, and no inspector is created', async () => {
    const { inspect } = await import('../../../../src/lib/inspect')
    expect(inspect).toBeUndefined()
    await new Promise((r) => setTimeout(r, 0))
    expect(stately.created).toBe(0)
  })

  it('with VITE_INSPECT=1 forwards every actor event, including those sent before the inspector loaded', async () => {
    vi.stubEnv('VITE_INSPECT', '1')
    const { inspect } = await import('../../../../src/lib/inspect')
    expect(inspect).toBeTypeOf('function')
    const actor = createActor(toggle, { inspect }).start()
    actor.send({ type: 'flip' })
    await vi.waitFor(() => expect(stately.created).toBe(1))
    const types = stately.received.map((e) => e.type)
    expect(types[0]).toBe('@xstate.actor')
    expect(types).toContain('@xstate.event')
    const lastSnapshot = stately.received.filter((e) => e.type === '@xstate.snapshot').at(-1) as unknown as { snapshot: { value: string } }
    expect(lastSnapshot.snapshot.value).toBe('on')
    const before = stately.received.length
    actor.send({ type: 'flip' })
    expect(stately.received.length).toBeGreaterThan(before)
    actor.stop()
  })
})
