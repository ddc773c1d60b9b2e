/**
 * Model-based tests of the role login machine. Every transition path is replayed on a real actor whose
 * `loadRoles` and `signIn` wait on deferred promises; each state is checked for what the form shows (message,
 * whether 'Iniciar sesión' is accepted) and what it sends (sign-in payload, the session handed to the portal).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { DEFAULT_ROLE, LOGIN_MESSAGES, loginFailureMessage, loginMachine } from '../../machines/login.machine'
import type { LoginResponse } from '../../domain/contract/auth'
import { ApiError } from '../../domain/contract/envelope'
import { traversalOptions } from '../../tools/machineGraph/traversal'
import { createMachineModel, getTransitionTestPaths, recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, flush, namedPaths, stubs } from './drivers/deferredActors'

const ROLES = { Ejecutivo: 0, Administrativo: 1, Proveedores: 3, Coppel: 4 }
const SESSION: LoginResponse = {
  accessToken: 'jwt-de-prueba',
  user: {
    idUser: 3,
    nombre: 'Ana',
    nombre2: '',
    apePat: 'López',
    apeMAt: '',
    email: 'ana@coppel.com',
    foto: null,
    userType: 'Administrador',
    rol: '1',
    idColaborador: null,
    idEvento: null,
    idProveedor: null,
  },
}
const WRONG = 'Correo, contraseña o rol incorrectos'
const CAPTCHA = 'Score de captcha insuficiente'

const EVENTS = [
  { type: 'xstate.done.actor.loadRoles', output: ROLES },
  { type: 'xstate.error.actor.loadRoles', error: new ApiError('No fue posible conectar con el servidor') },
  { type: 'credentials.change', field: 'email', value: ' ana@coppel.com ' },
  { type: 'credentials.change', field: 'email', value: 'ana@' },
  { type: 'credentials.change', field: 'password', value: 'Secreta1!' },
  { type: 'credentials.change', field: 'password', value: '' },
  { type: 'role.change', role: 'Administrativo' },
  { type: 'xstate.done.actor.signIn', output: SESSION },
  { type: 'xstate.error.actor.signIn', error: new ApiError(WRONG, 401) },
  { type: 'xstate.error.actor.signIn', error: new ApiError(CAPTCHA, 429) },
] as const

// xstate's own done/error events are not part of the machine's event type, hence the cast.
const model = createMachineModel(loginMachine, { events: EVENTS as never })
const coverage = recordCoverage(loginMachine)

/** The test's own oracle for "the form may be sent": an email-looking address and any password. */
const looksSendable = (email: string, password: string) => /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(email.trim()) && password !== ''

describe('login: pure rules', () => {
  it('replaces the captcha reason and keeps any other server reason', () => {
    expect(loginFailureMessage(new ApiError(CAPTCHA, 429))).toBe('Se requiere una validacion adicional')
    expect(loginFailureMessage(new ApiError(WRONG, 401))).toBe(WRONG)
    expect(loginFailureMessage(new ApiError('', 500))).toBe(LOGIN_MESSAGES.unexpected)
    // A technical message is never shown.
    expect(loginFailureMessage(new Error('boom'))).toBe(LOGIN_MESSAGES.unexpected)
    expect(loginFailureMessage(undefined)).toBe(LOGIN_MESSAGES.unexpected)
  })

  it('selects Ejecutivo by default, or the first role when the catalogue lacks it', async () => {
    for (const [catalogue, expected] of [
      [ROLES, 'Ejecutivo'],
      [{ Proveedores: 3, Coppel: 4 }, 'Proveedores'],
    ] as const) {
      const a = stubs('loadRoles', 'signIn')
      const actor = createActor(loginMachine.provide({ actors: { loadRoles: a.loadRoles.logic, signIn: a.signIn.logic } }))
      actor.start()
      a.loadRoles.resolve(catalogue)
      await flush()
      expect(actor.getSnapshot().context.role).toBe(expected)
      actor.stop()
    }
  })
})

describeReachability('login', loginMachine, getShortestPaths(loginMachine as AnyStateMachine, traversalOptions({ events: EVENTS })))

describe('login: every transition on a real actor', () => {
  let actor: Actor<typeof loginMachine> | undefined
  afterEach(() => {
    actor?.stop()
    actor = undefined
  })

  const paths = getTransitionTestPaths(model)
  it('has paths for every transition', () => expect(paths.length).toBeGreaterThan(20))

  for (const [name, path] of namedPaths('login', paths)) {
    it(name, async () => {
      const stub = stubs('loadRoles', 'signIn')
      const entered: Array<{ session: LoginResponse; role: number }> = []
      let lastSignInError: unknown
      actor = createActor(
        loginMachine.provide({
          actors: { loadRoles: stub.loadRoles.logic, signIn: stub.signIn.logic },
          actions: { enterPortal: (_, params) => void entered.push(params) },
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
        expect(real.can({ type: 'login.submit' })).toBe(editable && looksSendable(context.email, context.password))
        expect(stub.loadRoles.calls).toHaveLength(1)

        if (real.matches('loadingRoles')) expect(context.message).toBeNull()
        if (real.matches('rolesFailed')) {
          expect(context.message).toBe('Ocurrio un error inesperado, por favor vuelva a refrescar la página')
          expect(real.can({ type: 'credentials.change', field: 'email', value: 'a@b.co' })).toBe(false)
        }
        if (real.matches('idle')) {
          expect(context.message).toBeNull()
          expect(Object.keys(context.roles)).toEqual(Object.keys(ROLES))
          expect([DEFAULT_ROLE, 'Administrativo']).toContain(context.role)
        }
        if (real.matches('submitting')) {
          expect(stub.signIn.last.input).toEqual({
            email: context.email.trim(),
            password: context.password,
            role: ROLES[context.role as keyof typeof ROLES],
          })
          expect(stub.signIn.last.signal.aborted).toBe(false)
        }
        if (real.matches('failure')) {
          const reason = (lastSignInError as ApiError).reason
          expect(context.message).toBe(reason === CAPTCHA ? 'Se requiere una validacion adicional' : WRONG)
        }
        if (real.matches('success')) {
          expect(entered).toEqual([{ session: SESSION, role: ROLES[context.role as keyof typeof ROLES] }])
          expect(real.status).toBe('done')
        } else {
          expect(entered).toEqual([])
        }
      }

      await drivePath(coverage, path, check, {
        actor: () => running,
        stubs: stub,
        custom: {
          'xstate.error.actor.signIn': (event) => {
            lastSignInError = (event as unknown as { error: unknown }).error
            stub.signIn.reject(lastSignInError)
          },
        },
      })
    })
  }
})
