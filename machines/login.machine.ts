/**
 * login: the role sign-in form of spec 2.3 (and 4 "Login", 5 "Login", 8).
 *
 * States: `loadingRoles` → `idle` | `rolesFailed`; `idle` → `submitting` → `success` | `failure`.
 * `failure` shows the server reason under the form ('Score de captcha insuficiente' becomes 'Se requiere una
 * validacion adicional'); editing the email or the password clears it and goes back to `idle`.
 * `login.submit` is only accepted while the email is an email, the password is not empty and a role is chosen:
 * the view disables 'Iniciar sesión' by asking `snapshot.can({ type: 'login.submit' })`.
 *
 * The app provides `loadRoles`, `signIn` (rejects with an ApiError carrying the server reason) and the
 * `enterPortal` action (stores the session and navigates by role).
 */
import { assign, setup } from 'xstate'
import { toBeProvided } from './toBeProvided'
import type { LoginResponse } from '../domain/contract/auth'
import type { RoleCatalog } from '../domain/contract/catalog'
import { failureReason } from '../domain/contract/envelope'
import { email, isBlank } from '../domain/rules/validators'

export const LOGIN_MESSAGES = {
  rolesFailed: 'Ocurrio un error inesperado, por favor vuelva a refrescar la página',
  captchaReason: 'Score de captcha insuficiente',
  captcha: 'Se requiere una validacion adicional',
  unexpected: 'Ocurrió un error inesperado',
} as const

/** The role selected when the form opens (spec 2.3). */
export const DEFAULT_ROLE = 'Ejecutivo'

export interface LoginContext {
  roles: RoleCatalog
  /** Chosen role display name. */
  role: string
  email: string
  password: string
  message: string | null
}

export type LoginEvent =
  | { type: 'credentials.change'; field: 'email' | 'password'; value: string }
  | { type: 'role.change'; role: string }
  | { type: 'login.submit' }

export interface SignInInput {
  email: string
  password: string
  role: number
}

/** What the view shows for a failed sign-in. */
export function loginFailureMessage(error: unknown): string {
  const reason = failureReason(error, LOGIN_MESSAGES.unexpected)
  return reason.includes(LOGIN_MESSAGES.captchaReason) ? LOGIN_MESSAGES.captcha : reason
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    loadRoles: toBeProvided<RoleCatalog, void>('loadRoles'),
    signIn: toBeProvided<LoginResponse, SignInInput>('signIn'),
  },
  guards: {
    canSubmit: ({ context }) =>
      !isBlank(context.email) && email(context.email) === null && context.password.length > 0 && context.roles[context.role] !== undefined,
  },
  actions: {
    storeRoles: assign((_, params: { roles: RoleCatalog }) => {
      const names = Object.keys(params.roles)
      return { roles: params.roles, role: names.includes(DEFAULT_ROLE) ? DEFAULT_ROLE : (names[0] ?? '') }
    }),
    storeCredential: assign(({ context }, params: { field: 'email' | 'password'; value: string }) => ({
      ...context,
      [params.field]: params.value,
    })),
    storeRole: assign((_, params: { role: string }) => ({ role: params.role })),
    clearMessage: assign({ message: null }),
    showRolesFailure: assign({ message: LOGIN_MESSAGES.rolesFailed }),
    showFailure: assign((_, params: { error: unknown }) => ({ message: loginFailureMessage(params.error) })),
    /** Provided by the app: store the session and go to the chosen role's home. */
    enterPortal: (_, _params: { session: LoginResponse; role: number }) => {},
  },
}).createMachine({
  id: 'login',
  context: { roles: {}, role: '', email: '', password: '', message: null },
  initial: 'loadingRoles',
  states: {
    loadingRoles: {
      description: 'Se pide al servidor el catálogo de roles.',
      meta: { view: 'Selector de rol deshabilitado con «Cargando roles…»; botón «Iniciar sesión» deshabilitado' },
      invoke: {
        id: 'loadRoles',
        src: 'loadRoles',
        onDone: { target: 'idle', actions: { type: 'storeRoles', params: ({ event }) => ({ roles: event.output }) } },
        onError: { target: 'rolesFailed', actions: 'showRolesFailure' },
      },
      on: {
        'credentials.change': {
          actions: { type: 'storeCredential', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
    rolesFailed: {
      description: 'El catálogo de roles no se pudo cargar; el formulario queda inutilizable.',
      meta: {
        view: 'Banner rojo «Ocurrio un error inesperado, por favor vuelva a refrescar la página»; formulario deshabilitado',
      },
    },
    idle: {
      meta: {
        view: 'Formulario con rol, correo y contraseña; «Iniciar sesión» habilitado solo con correo válido y contraseña',
      },
      on: {
        'credentials.change': {
          actions: { type: 'storeCredential', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'role.change': { actions: { type: 'storeRole', params: ({ event }) => ({ role: event.role }) } },
        'login.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      description: 'El servidor está comprobando las credenciales.',
      meta: { view: 'Botón «Iniciar sesión» deshabilitado; indicador de carga; campos deshabilitados' },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          email: context.email.trim(),
          password: context.password,
          role: context.roles[context.role] ?? -1,
        }),
        onDone: {
          target: 'success',
          actions: {
            type: 'enterPortal',
            params: ({ context, event }) => ({ session: event.output, role: context.roles[context.role] ?? -1 }),
          },
        },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failure: {
      meta: { view: 'Banner rojo bajo el formulario con el motivo del servidor (o «Se requiere una validacion adicional»)' },
      on: {
        'credentials.change': {
          target: 'idle',
          actions: [
            { type: 'storeCredential', params: ({ event }) => ({ field: event.field, value: event.value }) },
            'clearMessage',
          ],
        },
        'role.change': { actions: { type: 'storeRole', params: ({ event }) => ({ role: event.role }) } },
        'login.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    success: {
      type: 'final',
      description: 'Sesión iniciada; la app navega al inicio del rol elegido.',
      meta: { view: 'Indicador de carga en «Iniciar sesión» mientras se navega al inicio del rol' },
    },
  },
})
