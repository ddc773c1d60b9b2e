/**
 * session: the signed-in user and access token the browser keeps (spec sections 3, 4 "Session", 8 and 9).
 *
 * States: `signedOut` (left at once when the input holds a stored user and token) and `signedIn`.
 * `signedIn` is `checking` → `waiting` (every 60 s back to `checking`) or `refreshing` (when lastUpdate is older
 * than 8 minutes) → `waiting`. A failed refresh, a 'Token inválido' answer (`token.invalid`) or `session.logout`
 * clear the stored session and leave: logout goes to /login-colaborador for a Colaborador, everything else to /.
 *
 * Side effects are named actions the app provides: `persistSession` writes user/accessToken/lastUpdate to
 * localStorage, `leaveTo` navigates. The refresh call is the `refreshToken` actor.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { SessionUser } from '../domain/contract/auth'

export interface SessionContext {
  user: SessionUser | null
  accessToken: string | null
  /** ISO timestamp of the last token refresh or rotation. */
  lastUpdate: string | null
}

export type SessionInput = Partial<SessionContext>

export type SessionEvent =
  | { type: 'session.start'; user: SessionUser; accessToken: string }
  | { type: 'session.logout' }
  | { type: 'token.rotate'; accessToken: string }
  | { type: 'token.invalid' }
  | { type: 'photo.update'; foto: string | null }

export const SESSION_CHECK_INTERVAL_MS = 60_000
/** A token older than this is refreshed at the next check (tokens live 10 minutes on the server). */
export const TOKEN_REFRESH_AGE_MS = 8 * 60_000

export const LOGOUT_PATHS = { collaborator: '/login-colaborador', default: '/' } as const

export interface RefreshOutput {
  accessToken: string
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    refreshToken: fromPromise<RefreshOutput, void>(async () => {
      throw new Error('refreshToken not provided')
    }),
  },
  guards: {
    hasStoredSession: ({ context }) => Boolean(context.user && context.accessToken),
    tokenOlderThanRefreshAge: ({ context }) => {
      const last = context.lastUpdate ? Date.parse(context.lastUpdate) : Number.NaN
      return !Number.isFinite(last) || Date.now() - last > TOKEN_REFRESH_AGE_MS
    },
  },
  actions: {
    startSession: assign((_, params: { user: SessionUser; accessToken: string }) => ({
      user: params.user,
      accessToken: params.accessToken,
      lastUpdate: new Date().toISOString(),
    })),
    storeAccessToken: assign((_, params: { accessToken: string }) => ({
      accessToken: params.accessToken,
      lastUpdate: new Date().toISOString(),
    })),
    storePhoto: assign(({ context }, params: { foto: string | null }) => ({
      user: context.user ? { ...context.user, foto: params.foto } : null,
    })),
    clearSession: assign({ user: null, accessToken: null, lastUpdate: null }),
    /** Provided by the app: writes the context to localStorage (null values remove the keys). */
    persistSession: () => {},
    /** Provided by the app: navigates to `path`. */
    leaveTo: (_, _params: { path: string }) => {},
  },
  delays: {
    checkInterval: SESSION_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.user ?? null,
    accessToken: input.accessToken ?? null,
    lastUpdate: input.lastUpdate ?? null,
  }),
  initial: 'signedOut',
  on: {
    // Signing in again (for example at /login-colaborador while another session is stored) replaces the session.
    'session.start': {
      target: '.signedIn',
      reenter: true,
      actions: [
        { type: 'startSession', params: ({ event }) => ({ user: event.user, accessToken: event.accessToken }) },
        'persistSession',
      ],
    },
  },
  states: {
    signedOut: {
      description: 'No hay usuario ni token guardados en el navegador.',
      meta: { view: 'Pantalla de inicio de sesión (/ o /login-colaborador); sin chip de usuario ni «Cerrar sesión»' },
      // A complete stored session (read by the app into the input) resumes at once.
      always: { guard: 'hasStoredSession', target: 'signedIn' },
    },
    signedIn: {
      description: 'Hay un usuario con token; se renueva el token cuando lastUpdate tiene más de 8 minutos.',
      meta: {
        view: 'Encabezado con chip de usuario (foto y nombre, o «Admin»); «Cerrar sesión» para Colaborador y Proveedor',
      },
      initial: 'checking',
      on: {
        'token.rotate': {
          actions: [{ type: 'storeAccessToken', params: ({ event }) => ({ accessToken: event.accessToken }) }, 'persistSession'],
        },
        'photo.update': {
          actions: [{ type: 'storePhoto', params: ({ event }) => ({ foto: event.foto }) }, 'persistSession'],
        },
        'token.invalid': {
          target: 'signedOut',
          actions: ['clearSession', 'persistSession', { type: 'leaveTo', params: { path: LOGOUT_PATHS.default } }],
        },
        'session.logout': {
          target: 'signedOut',
          actions: [
            // The destination depends on who was signed in, so it is computed before the session is cleared.
            {
              type: 'leaveTo',
              params: ({ context }) => ({
                path: context.user?.userType === 'Colaborador' ? LOGOUT_PATHS.collaborator : LOGOUT_PATHS.default,
              }),
            },
            'clearSession',
            'persistSession',
          ],
        },
      },
      states: {
        checking: {
          description: 'Comprobación instantánea de la antigüedad de lastUpdate (cada 60 s).',
          meta: { view: 'Sin cambios visibles' },
          always: [{ guard: 'tokenOlderThanRefreshAge', target: 'refreshing' }, { target: 'waiting' }],
        },
        waiting: {
          description: 'El token está vigente; se vuelve a comprobar en 60 s.',
          meta: { view: 'Sin cambios visibles' },
          after: { checkInterval: 'checking' },
        },
        refreshing: {
          description: 'Se pide un token nuevo al servidor (POST /api/auth/refresh-token).',
          meta: { view: 'Sin cambios visibles; si la renovación falla, vuelta a /' },
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            onDone: {
              target: 'waiting',
              actions: [
                { type: 'storeAccessToken', params: ({ event }) => ({ accessToken: event.output.accessToken }) },
                'persistSession',
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: ['clearSession', 'persistSession', { type: 'leaveTo', params: { path: LOGOUT_PATHS.default } }],
            },
          },
        },
      },
    },
  },
})
