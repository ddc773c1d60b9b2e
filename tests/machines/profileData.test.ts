/**
 * Model-based tests of the 'Datos de perfil' machine (machines/profileData.machine.ts): every state
 * reachable, and every generated path driven on a real actor whose load waits on a deferred promise.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import type { ProfileRecord } from '../../machines/profileData.machine'
import { ApiError } from '../../domain/contract/envelope'
import {
  profileDataMachine,
  selectAlert,
  selectIsLoading,
  selectRecord,
} from '../../machines/profileData.machine'
import { generatePaths, namedPaths, pathParams, PromiseStub, unreachedStates } from './drivers/deferredActors'
import { recordCoverage } from './support/modelTest'

const RECORD: ProfileRecord = {
  idUser: 2,
  nombre: 'Laura',
  nombre2: '',
  apePat: 'Hernández',
  apeMAt: 'Félix',
  email: 'ejecutivo@coppel.com',
  telefono: '5512345678',
  activo: 0,
  ubicacionLaboral: 'Coorporativo Reforma',
}
const REFUSED = new ApiError('Solo puede consultar sus propios datos', 403)

const EVENTS = [
  { type: 'xstate.done.actor.loadProfile', output: RECORD },
  { type: 'xstate.error.actor.loadProfile', error: REFUSED },
  { type: 'xstate.error.actor.loadProfile', error: new ApiError('', 502) },
  { type: 'profile.reload' },
] as const

const INPUT = { idUser: 2 }
const coverage = recordCoverage(profileDataMachine, { input: INPUT })
const generated = generatePaths(profileDataMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'simple' })

describe('profileData: reachability', () => {
  it('reaches every state', () => {
    expect(unreachedStates(profileDataMachine, generated.shortest)).toEqual([])
  })
})

describe('profileData: every path on a real actor', () => {
  let actor: Actor<typeof profileDataMachine> | undefined
  afterEach(() => actor?.stop())

  it('has paths through a failure and a retry', () => {
    expect(generated.paths.map((p) => p.steps.map((s) => s.event.type).join(' ')).some((s) => s.includes('profile.reload'))).toBe(true)
  })

  for (const [name, path] of namedPaths('profileData', generated.paths)) {
    it(name, async () => {
      const load = new PromiseStub<{ idUser: number }, ProfileRecord>()
      actor = createActor(profileDataMachine.provide({ actors: { loadProfile: load.logic } }), { input: INPUT, inspect: coverage.inspect }).start()
      const check = (model: AnyMachineSnapshot) => {
        const real = actor!.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        expect(selectIsLoading(real)).toBe(real.matches('loading'))
        if (real.matches('loading')) expect(load.last.input).toEqual({ idUser: 2 })
        if (real.matches('ready')) expect(selectRecord(real)).toEqual(RECORD)
        // The server's reason when it gave one, else the spec's 'Error'; only while failed.
        if (real.matches('failed')) expect([REFUSED.reason, 'Error']).toContain(selectAlert(real))
        else expect(selectAlert(real)).toBeNull()
      }
      await path.test(pathParams(path, { actor: () => actor!, stubs: { loadProfile: load } }, check))
    })
  }
})
