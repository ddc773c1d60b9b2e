/**
 * profileData: the read-only 'Datos de perfil' block of the profile page (spec 2.11 'Profile'): the signed-in
 * user's own record (name, phone, e-mail, status, work location), loaded once.
 *
 * States: `loading` → `ready` | `failed` (alert 'Error' or the server's reason; `profile.reload` retries).
 *
 * It lives with the screen it serves and follows the machines/ conventions (named actors, placeholders injected
 * with `.provide()`, no fetch or React here).
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from '../domain/contract/envelope'
import type { UserRecord } from '../domain/contract/users'
import { LOAD_ERROR } from './failureReason'

/** The own record of GET /api/user/{idUser}: the fields the block shows. */
export type ProfileRecord = Pick<UserRecord, 'idUser' | 'nombre' | 'nombre2' | 'apePat' | 'apeMAt' | 'email' | 'telefono' | 'activo' | 'ubicacionLaboral'>

export interface ProfileDataContext {
  idUser: number
  record: ProfileRecord | null
  alert: string | null
}

export type ProfileDataEvent = { type: 'profile.reload' }

export const profileDataMachine = setup({
  types: {
    context: {} as ProfileDataContext,
    events: {} as ProfileDataEvent,
    input: {} as { idUser: number },
  },
  actors: {
    loadProfile: toBeProvided<ProfileRecord, { idUser: number }>('loadProfile'),
  },
  actions: {
    storeRecord: assign((_, record: ProfileRecord) => ({ record, alert: null })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
  },
}).createMachine({
  id: 'profileData',
  context: ({ input }) => ({ idUser: input.idUser, record: null, alert: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { view: 'Bloque «Datos de perfil» con «Cargando datos de perfil…»' },
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ idUser: context.idUser }),
        onDone: { target: 'ready', actions: { type: 'storeRecord', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, LOAD_ERROR) }) },
        },
      },
    },
    ready: {
      meta: { view: '«Datos de perfil» de solo lectura: Nombre, Teléfono, Correo electrónico, Estatus, Ubicación laboral' },
    },
    failed: {
      meta: { view: 'Banner rojo con el motivo o «Error» y botón «Reintentar»' },
      on: { 'profile.reload': 'loading' },
    },
  },
})

export type ProfileDataSnapshot = SnapshotFrom<typeof profileDataMachine>

export const selectRecord = (snapshot: ProfileDataSnapshot): ProfileRecord | null => snapshot.context.record
export const selectAlert = (snapshot: ProfileDataSnapshot): string | null => (snapshot.matches('failed') ? snapshot.context.alert : null)
export const selectIsLoading = (snapshot: ProfileDataSnapshot): boolean => snapshot.matches('loading')
