/**
 * Model-based tests of the claim header machine (machines/claimRecord.machine.ts): every state
 * reachable, and every generated path driven on a real actor whose load waits on a deferred promise.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { claimRecordMachine } from '../../machines/claimRecord.machine'
import { generatePaths, namedPaths, pathParams, PromiseStub, unreachedStates } from './drivers/deferredActors'
import { claimRecord } from '../src/features/claimProcess/fixtures'
import { recordCoverage } from './support/modelTest'
import { ApiError } from '../../domain/contract/envelope'

const coverage = recordCoverage(claimRecordMachine, { input: { idEvento: 238 } })

const CLAIM = claimRecord()
const MOVED = claimRecord({ statusId: 5, value: 'Asignación de proveedor' })
const MISSING = new ApiError('No se encontró el trámite', 404)
const FORBIDDEN = new ApiError('No tiene acceso a este trámite', 403)
const SERVER_DOWN = new ApiError('', 503)

const EVENTS = [
  { type: 'xstate.done.actor.loadClaim', output: CLAIM },
  { type: 'xstate.error.actor.loadClaim', error: MISSING },
  { type: 'xstate.error.actor.loadClaim', error: FORBIDDEN },
  { type: 'xstate.error.actor.loadClaim', error: SERVER_DOWN },
  { type: 'claim.reload' },
  { type: 'xstate.done.actor.reloadClaim', output: MOVED },
  { type: 'xstate.error.actor.reloadClaim', error: MISSING },
  { type: 'xstate.error.actor.reloadClaim', error: FORBIDDEN },
] as const

const generated = generatePaths(claimRecordMachine as AnyStateMachine, { events: EVENTS, input: { idEvento: 238 }, kind: 'simple' })

describe('claimRecord: reachability', () => {
  it('reaches every state', () => {
    expect(unreachedStates(claimRecordMachine, generated.shortest)).toEqual([])
  })
})

describe('claimRecord: every path on a real actor', () => {
  let actor: Actor<typeof claimRecordMachine> | undefined
  afterEach(() => actor?.stop())

  for (const [name, path] of namedPaths('claimRecord', generated.paths)) {
    it(name, async () => {
      const load = new PromiseStub<{ idEvento: number }, unknown>()
      const leave = vi.fn()
      actor = createActor(
        claimRecordMachine.provide({ actors: { loadClaim: load.logic as never }, actions: { leaveForList: leave } }),
        { input: { idEvento: 238 }, inspect: coverage.inspect },
      ).start()
      const check = (model: AnyMachineSnapshot) => {
        const real = actor!.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        // The list is left exactly when the claim turned out missing.
        expect(leave).toHaveBeenCalledTimes(real.matches('notFound') ? 1 : 0)
        if (real.matches('loading') || real.matches('refreshing')) expect(load.last.input).toEqual({ idEvento: 238 })
        // A failure without a reason says the spec's 'Error' and can be retried; a refusal keeps the server's reason
        // and offers no retry (the machine is done).
        if (real.matches('failed')) expect(real.context.alert).toBe('Error')
        if (real.matches('forbidden')) {
          expect(real.context.alert).toBe(FORBIDDEN.reason)
          expect(real.status).toBe('done')
        }
        if (real.matches('refreshing') || real.matches('ready')) expect(real.context.claim).not.toBeNull()
      }
      await path.test(pathParams(path, { actor: () => actor!, stubs: { loadClaim: load, reloadClaim: load } }, check))
    })
  }
})
