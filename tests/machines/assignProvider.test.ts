/**
 * Model-based tests of provider assignment: every simple path and every transition, on a real actor whose catalogue
 * loads and assignment wait on deferred promises.
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  ASSIGN_PROVIDER_ERROR,
  assignProviderMachine,
  selectCanChooseProvider,
  selectCanConfirm,
  selectIsBusy,
} from '../../machines/assignProvider.machine'
import { ApiError } from '../../domain/contract/envelope'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, replayEachPath, stubs } from './drivers/deferredActors'

const SERVICES = [
  { id: 3, nombre: 'Laboratorio' },
  { id: 5, nombre: 'Rehabilitación' },
]
const PROVIDERS = [{ idProveedor: 41, nombreProveedor: 'Laboratorio Clínico del Centro' }]

const EVENTS = [
  { type: 'xstate.done.actor.loadServices', output: SERVICES },
  { type: 'xstate.done.actor.loadProviders', output: PROVIDERS },
  { type: 'service.select', servicio: 3 },
  { type: 'service.select', servicio: 99 },
  { type: 'provider.select', idProveedor: 41 },
  { type: 'provider.select', idProveedor: 7 },
  { type: 'xstate.error.actor.assignProvider', error: { data: { success: false, reason: 'Proveedor inactivo' } } },
] as const

const INPUT = { idEvento: 77, idEjecutivo: 9 }
const generated = generatePaths(assignProviderMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'simple' })
const coverage = recordCoverage(assignProviderMachine, { input: INPUT })

describeReachability('assignProvider', assignProviderMachine, generated.shortest)

describe('assignProvider: every simple path and every transition on a real actor', () => {
  let actor: Actor<typeof assignProviderMachine>
  it('generates a bounded set of paths', () => expect(generated.paths.length).toBeLessThan(150))

  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('loadServices', 'loadProviders', 'assignProvider')
    actor = createActor(
      assignProviderMachine.provide({
        actors: { loadServices: stub.loadServices.logic, loadProviders: stub.loadProviders.logic, assignProvider: stub.assignProvider.logic },
      }),
      { input: INPUT, inspect: coverage.inspect },
    ).start()
    let expectedAlert: string | null = null

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const { servicio, idProveedor, providers } = real.context
      expect(selectCanConfirm(real)).toBe(real.matches('choosingProvider') && servicio === 3 && idProveedor === 41)
      expect(selectCanChooseProvider(real)).toBe(real.matches('choosingProvider'))
      expect(selectIsBusy(real)).toBe(['loadingServices', 'loadingProviders', 'assigning'].some((s) => real.matches(s as never)))
      if (real.matches('loadingProviders')) {
        expect(stub.loadProviders.last.input).toEqual({ servicio: 3 })
        // The provider list and choice are cleared until the new service's providers arrive.
        expect(providers).toEqual([])
        expect(idProveedor).toBeNull()
      }
      if (real.matches('assigning')) expect(stub.assignProvider.last.input).toEqual({ idEvento: 77, idProveedor: 41, idEjecutivo: 9 })
      if (real.matches('assigned')) {
        expect(real.status).toBe('done')
        expect(real.output).toEqual({ idProveedor: 41, servicio: 3 })
      }
      expect(real.context.alert).toBe(expectedAlert)
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      custom: {
        'xstate.error.actor.loadServices': () => {
          expectedAlert = 'Error'
          stub.loadServices.reject(new ApiError('No fue posible conectar con el servidor'))
        },
        'xstate.error.actor.loadProviders': () => {
          expectedAlert = 'Error'
          stub.loadProviders.reject(new ApiError('No fue posible conectar con el servidor'))
        },
        'xstate.error.actor.assignProvider': (event) => {
          // Whatever the server said, the spec's fixed text.
          expectedAlert = ASSIGN_PROVIDER_ERROR
          stub.assignProvider.reject((event as unknown as { error: unknown }).error)
        },
        'alert.dismiss': () => {
          expectedAlert = null
          actor.send({ type: 'alert.dismiss' })
        },
        'services.reload': () => {
          expectedAlert = null
          actor.send({ type: 'services.reload' })
        },
        'service.select': (event) => {
          if (actor.getSnapshot().can(event as never)) expectedAlert = null
          actor.send(event as never)
        },
        'assignment.confirm': () => {
          expectedAlert = null
          actor.send({ type: 'assignment.confirm' })
        },
      },
    })
  })
})
