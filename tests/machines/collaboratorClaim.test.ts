/**
 * Model-based tests of the collaboratorClaim machine (the collaborator's claim card and 'Tiempo' tab): every state
 * is reached, and every generated path (simple paths plus one per remaining transition) is replayed on a real actor
 * whose loader waits on a deferred promise the path settles. Plus the timeline rule (`timelineOf`).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  collaboratorClaimMachine,
  selectAlert,
  selectClaim,
  selectIsLoading,
  selectTimeline,
  timelineOf,
} from '../../machines/collaboratorClaim.machine'
import { describeReachability, generatePaths, itKeepsPathsFew, logicOf, namedPaths, pathParams, stubs } from './drivers/deferredActors'
import { recordCoverage } from './support/modelTest'
import { CLAIM_500_MOVED as MOVED, CLAIM_500_OVERVIEW as OVERVIEW, collaboratorClaimSamples } from '../../tools/catalog/samples/collaboratorClaim.samples'

const EVENTS = collaboratorClaimSamples.events
const INPUT = collaboratorClaimSamples.input
const coverage = recordCoverage(collaboratorClaimMachine, { input: INPUT })
const generated = generatePaths(collaboratorClaimMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })

describeReachability('collaboratorClaim', collaboratorClaimMachine, generated.shortest)

describe('collaboratorClaim: every path on a real actor', () => {
  let actor: Actor<typeof collaboratorClaimMachine>
  afterEach(() => actor?.stop())

  itKeepsPathsFew(generated.paths, { moreThan: 3, lessThan: 150 })

  for (const [name, path] of namedPaths('collaboratorClaim', generated.paths)) {
    it(name, async () => {
      const stub = stubs('loadOverview')
      actor = createActor(collaboratorClaimMachine.provide({ actors: logicOf(stub) }), { input: INPUT, inspect: coverage.inspect }).start()
      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        expect(selectIsLoading(real)).toBe(real.matches('loading'))
        if (real.matches('loading') || real.matches('refreshing')) expect(stub.loadOverview.last.input).toEqual({ idEvento: 500 })
        if (real.matches('failed')) {
          // The server's reason when it answered, else the spec's 'Error'; retry is offered.
          expect(['No tiene permiso sobre este trámite', 'Error']).toContain(selectAlert(real))
          expect(real.can({ type: 'claim.reload' })).toBe(true)
          expect(selectTimeline(real)).toEqual(real.context.claim ? expect.any(Array) : [])
        } else {
          expect(selectAlert(real)).toBeNull()
        }
        if (real.matches('ready') || real.matches('refreshing')) {
          expect(selectClaim(real)).not.toBeNull()
          const current = selectTimeline(real).filter((step) => step.state === 'current')
          expect(current.map((step) => step.statusId)).toEqual([selectClaim(real)!.statusId])
        }
        expect(['proceso', 'tiempo']).toContain(real.context.tab)
      }
      await path.test(pathParams(path, { actor: () => actor, stubs: { loadOverview: stub.loadOverview, reloadOverview: stub.loadOverview } }, check))
    })
  }
})

describe('timelineOf', () => {
  it('marks the stages before the current one done with their dates, and the rest pending without dates', () => {
    const steps = timelineOf(3, MOVED.history)
    expect(steps.map((s) => [s.statusId, s.state, s.fecha])).toEqual([
      [1, 'done', '2025-11-03T16:20:00.000Z'],
      [2, 'done', '2025-11-04T17:00:00.000Z'],
      [3, 'current', '2025-11-05T09:00:00.000Z'],
      [5, 'pending', null],
      [6, 'pending', null],
      [7, 'pending', null],
      [9, 'pending', null],
      [8, 'pending', null],
    ])
  })

  it('a concluded claim shows every happy-path stage done and the detour it took', () => {
    const history = [1, 2, 3, 4, 3, 5, 6, 7, 9, 8].map((status, day) => ({ status, fecha: `2025-12-${String(day + 1).padStart(2, '0')}T12:00:00.000Z`, value: '', actor: null }))
    const steps = timelineOf(8, history)
    expect(steps.map((s) => s.statusId)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 8])
    expect(steps.every((s) => s.fecha !== null)).toBe(true)
    expect(steps.at(-1)!.state).toBe('current')
    expect(steps.find((s) => s.statusId === 3)!.fecha).toBe('2025-12-05T12:00:00.000Z')
  })

  it('an unknown stage id gives no timeline', () => {
    expect(timelineOf(99, [])).toEqual([])
  })
})
