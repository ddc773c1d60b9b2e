/**
 * collaboratorLogin: sign-in with collaborator number and claim number at /login-colaborador (spec 2.4, 5, 8).
 *
 * States: `idle` → `submitting` → `success` | `failure`. Both fields are numeric and required: `login.submit`
 * ('Buscar') is only accepted when both hold digits. A rejected sign-in shows 'Número de trámite y/o colaborador
 * incorrectos' ('Se requiere una validacion adicional' for the captcha reason; a connection failure keeps its own
 * text so nobody is told their numbers are wrong when the server was not reached). Editing clears the message.
 *
 * The app provides `signIn` (rejects with an ApiError carrying the server reason) and `enterPortal`.
 */
import { assign, setup } from 'xstate'
import { toBeProvided } from './toBeProvided'
import type { LoginResponse } from '../domain/contract/auth'
import { failureReason } from '../domain/contract/envelope'

export const COLLABORATOR_LOGIN_MESSAGES = {
  rejected: 'Número de trámite y/o colaborador incorrectos',
  captchaReason: 'Score de captcha insuficiente',
  captcha: 'Se requiere una validacion adicional',
  networkReason: 'No fue posible conectar con el servidor',
} as const

/** Both sign-in numbers are whole numbers written with digits only. */
export const isDigits = (value: string): boolean => /^\d+$/.test(value.trim())

export type CollaboratorField = 'idColaborador' | 'numProcedure'

export interface CollaboratorLoginContext {
  idColaborador: string
  numProcedure: string
  message: string | null
}

export type CollaboratorLoginEvent =
  | { type: 'credentials.change'; field: CollaboratorField; value: string }
  | { type: 'login.submit' }

export interface CollaboratorSignInInput {
  idColaborador: number
  numProcedure: number
}

export function collaboratorFailureMessage(error: unknown): string {
  const reason = failureReason(error, '')
  if (reason.includes(COLLABORATOR_LOGIN_MESSAGES.captchaReason)) return COLLABORATOR_LOGIN_MESSAGES.captcha
  if (reason === COLLABORATOR_LOGIN_MESSAGES.networkReason) return reason
  return COLLABORATOR_LOGIN_MESSAGES.rejected
}

export const collaboratorLoginMachine = setup({
  types: {
    context: {} as CollaboratorLoginContext,
    events: {} as CollaboratorLoginEvent,
  },
  actors: {
    signIn: toBeProvided<LoginResponse, CollaboratorSignInInput>('signIn'),
  },
  guards: {
    bothNumbersValid: ({ context }) => isDigits(context.idColaborador) && isDigits(context.numProcedure),
  },
  actions: {
    storeField: assign(({ context }, params: { field: CollaboratorField; value: string }) => ({
      ...context,
      [params.field]: params.value,
    })),
    clearMessage: assign({ message: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ message: collaboratorFailureMessage(params.error) })),
    /** Provided by the app: store the session and go to /home-colaborador. */
    enterPortal: (_, _params: { session: LoginResponse }) => {},
  },
}).createMachine({
  id: 'collaboratorLogin',
  context: { idColaborador: '', numProcedure: '', message: null },
  initial: 'idle',
  states: {
    idle: {
      meta: { view: 'Campos número de colaborador y número de trámite; «Buscar» habilitado solo con ambos numéricos' },
      on: {
        'credentials.change': {
          actions: { type: 'storeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'login.submit': { guard: 'bothNumbersValid', target: 'submitting' },
      },
    },
    submitting: {
      description: 'El servidor está comprobando el número de colaborador y el de trámite.',
      meta: { view: 'Botón «Buscar» deshabilitado con indicador de carga; campos deshabilitados' },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          idColaborador: Number(context.idColaborador.trim()),
          numProcedure: Number(context.numProcedure.trim()),
        }),
        onDone: { target: 'success', actions: { type: 'enterPortal', params: ({ event }) => ({ session: event.output }) } },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failure: {
      meta: { view: 'Banner rojo «Número de trámite y/o colaborador incorrectos» (o «Se requiere una validacion adicional»)' },
      on: {
        'credentials.change': {
          target: 'idle',
          actions: [
            { type: 'storeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            'clearMessage',
          ],
        },
        'login.submit': { guard: 'bothNumbersValid', target: 'submitting' },
      },
    },
    success: {
      type: 'final',
      description: 'Sesión iniciada; la app navega a /home-colaborador.',
      meta: { view: 'Indicador de carga en «Buscar» mientras se navega a /home-colaborador' },
    },
  },
})
