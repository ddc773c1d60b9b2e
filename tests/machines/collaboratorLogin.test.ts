/**
 * Model-based tests of the collaborator login (/login-colaborador). Every transition path is replayed on a real
 * actor whose `signIn` waits on a deferred promise; each state is checked for the message it shows, whether
 * 'Buscar' is accepted, the numbers it sends and the session it hands to the portal.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  COLLABORATOR_LOGIN_MESSAGES,
  collaboratorFailureMessage,
  collaboratorLoginMachine,
  isDigits,
} from '../../machines/collaboratorLogin.machine'
import type { LoginResponse } from '../../domain/contract/auth'
import { ApiError } from '../../domain/contract/envelope'
import { traversalOptions } from '../../tools/machineGraph/traversal'
import { createMachineModel, getTransitionTestPaths, recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, namedPaths, stubs } from './drivers/deferredActors'

const SESSION: LoginResponse = {
  accessToken: 'jwt-colaborador',
  user: {
    idUser: 0,
    nombre: 'Luis',
    nombre2: '',
    apePat: 'Ramírez',
    apeMAt: '',
    email: '',
    foto: null,
    userType: 'Colaborador',
    rol: '2',
    idColaborador: 70123,
    idEvento: 55,
    idProveedor: null,
  },
}
const REJECTED = 'El colaborador no corresponde al trámite'
const CAPTCHA = 'Score de captcha insuficiente'
const NETWORK = 'No fue posible conectar con el servidor'

const EVENTS = [
  { type: 'credentials.change', field: 'idColaborador', value: '70123' },
  { type: 'credentials.change', field: 'idColaborador', value: '70a' },
  { type: 'credentials.change', field: 'numProcedure', value: ' 55 ' },
  { type: 'credentials.change', field: 'numProcedure', value: '' },
  { type: 'xstate.done.actor.signIn', output: SESSION },
  { type: 'xstate.error.actor.signIn', error: new ApiError(REJECTED, 401) },
  { type: 'xstate.error.actor.signIn', error: new ApiError(CAPTCHA, 429) },
  { type: 'xstate.error.actor.signIn', error: new ApiError(NETWORK) },
] as const

// xstate's own done/error events are not part of the machine's event type, hence the cast.
const model = createMachineModel(collaboratorLoginMachine, { events: EVENTS as never })
const coverage = recordCoverage(collaboratorLoginMachine)

describe('collaboratorLogin: pure rules', () => {
  it('accepts digits only, both fields required', () => {
    expect(['1', ' 70123 ', '007'].map(isDigits)).toEqual([true, true, true])
    expect(['', ' ', '7.5', '-3', '1e3', 'C55'].map(isDigits)).toEqual([false, false, false, false, false, false])
  })

  it('shows the fixed text for any server rejection, the captcha text, or the connection failure', () => {
    expect(collaboratorFailureMessage(new ApiError(REJECTED, 401))).toBe('Número de trámite y/o colaborador incorrectos')
    expect(collaboratorFailureMessage(new ApiError(CAPTCHA, 429))).toBe('Se requiere una validacion adicional')
    expect(collaboratorFailureMessage(new ApiError(NETWORK))).toBe(NETWORK)
  })
})

describeReachability('collaboratorLogin', collaboratorLoginMachine, getShortestPaths(collaboratorLoginMachine as AnyStateMachine, traversalOptions({ events: EVENTS })))

describe('collaboratorLogin: every transition on a real actor', () => {
  let actor: Actor<typeof collaboratorLoginMachine> | undefined
  afterEach(() => {
    actor?.stop()
    actor = undefined
  })

  const paths = getTransitionTestPaths(model)
  it('has paths for every transition', () => expect(paths.length).toBeGreaterThan(10))

  for (const [name, path] of namedPaths('collaboratorLogin', paths)) {
    it(name, async () => {
      const stub = stubs('signIn')
      const entered: LoginResponse[] = []
      let lastError: unknown
      actor = createActor(
        collaboratorLoginMachine.provide({
          actors: { signIn: stub.signIn.logic },
          actions: { enterPortal: (_, params) => void entered.push(params.session) },
        }),
        { inspect: coverage.inspect },
      )
      const running = actor
      actor.start()

      const check = (modelSnapshot: (typeof path)['state']) => {
        const real = running.getSnapshot()
        const { context } = real
        expect(real.value).toEqual(modelSnapshot.value)
        expect(context).toEqual(modelSnapshot.context)

        const editable = real.matches('idle') || real.matches('failure')
        const numeric = (v: string) => /^\s*\d+\s*$/.test(v)
        expect(real.can({ type: 'login.submit' })).toBe(
          editable && numeric(context.idColaborador) && numeric(context.numProcedure),
        )
        if (real.matches('idle')) expect(context.message).toBeNull()
        if (real.matches('submitting')) {
          expect(stub.signIn.last.input).toEqual({
            idColaborador: Number(context.idColaborador),
            numProcedure: Number(context.numProcedure),
          })
        }
        if (real.matches('failure')) {
          const reason = (lastError as ApiError).reason
          expect(context.message).toBe(
            reason === CAPTCHA
              ? COLLABORATOR_LOGIN_MESSAGES.captcha
              : reason === NETWORK
                ? NETWORK
                : 'Número de trámite y/o colaborador incorrectos',
          )
        }
        expect(entered).toEqual(real.matches('success') ? [SESSION] : [])
      }

      await drivePath(coverage, path, check, {
        actor: () => running,
        stubs: stub,
        custom: {
          'xstate.error.actor.signIn': (event) => {
            lastError = (event as unknown as { error: unknown }).error
            stub.signIn.reject(lastError)
          },
        },
      })
    })
  }
})
