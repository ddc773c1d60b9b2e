/**
 * The claim shown above the claim process tabs (its code and current stage), loaded once per page and reloaded
 * after an action changed its stage (verification saved, dictamen saved). A claim that does not exist sends the
 * user to the area's claim list (spec 2.10).
 *
 * States: loading → ready ⇄ refreshing ; loading → notFound (action `leaveForList`) | failed ('Error', retry).
 * It lives with the pages it serves (no other screen loads a claim header); it follows machines/ conventions.
 */
import { assign, setup } from 'xstate'
import { toBeProvided } from './toBeProvided'
import type { ClaimRecord } from '../domain/contract/claims'
import { failureReason, LOAD_ERROR } from './failureReason'
import { idEventoInput } from './pageAlert'

export interface ClaimRecordContext {
  idEvento: number
  claim: ClaimRecord | null
  alert: string | null
}

/** Our fallback when a 403 carries no reason (the server normally says 'No tiene permiso sobre este trámite'). */
const FORBIDDEN_CLAIM = 'No tiene permiso sobre este trámite'

/** The HTTP status an injected actor's error carries (ApiError.status), if any. */
const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined

export type ClaimRecordEvent = { type: 'claim.reload' }

export const claimRecordMachine = setup({
  types: {
    context: {} as ClaimRecordContext,
    events: {} as ClaimRecordEvent,
    input: {} as { idEvento: number },
  },
  actors: {
    loadClaim: toBeProvided<ClaimRecord, { idEvento: number }>('loadClaim'),
  },
  guards: {
    /** The call failed with 404 (the server's notFound). */
    isMissingClaim: (_, error: unknown) => statusOf(error) === 404,
    /** 401/403: retrying cannot help (another executive's claim, another collaborator's claim). */
    isForbidden: (_, error: unknown) => statusOf(error) === 401 || statusOf(error) === 403,
  },
  actions: {
    storeClaim: assign((_, claim: ClaimRecord) => ({ claim, alert: null })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    leaveForList: () => {},
  },
}).createMachine({
  id: 'claimRecord',
  context: ({ input }) => ({ idEvento: input.idEvento, claim: null, alert: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { view: 'Título «Trámite C{idEvento}» y pestañas; bajo ellas esqueletos de carga («Cargando trámite…»)' },
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: idEventoInput,
        onDone: { target: 'ready', actions: { type: 'storeClaim', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isMissingClaim', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notFound' },
          {
            guard: { type: 'isForbidden', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'forbidden',
            actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, FORBIDDEN_CLAIM) }) },
          },
          {
            target: 'failed',
            actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, LOAD_ERROR) }) },
          },
        ],
      },
    },
    ready: {
      meta: { view: 'Título «Trámite C{idEvento}», subtítulo «Etapa actual: {etapa}»; contenido de la pestaña activa' },
      on: { 'claim.reload': 'refreshing' },
    },
    refreshing: {
      description: 'Se relee el trámite tras una acción que cambió su etapa; se sigue mostrando el último leído.',
      meta: { view: 'Igual que listo: título y etapa del último trámite leído, sin indicador de carga' },
      invoke: {
        id: 'reloadClaim',
        src: 'loadClaim',
        input: idEventoInput,
        onDone: { target: 'ready', actions: { type: 'storeClaim', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isMissingClaim', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notFound' },
          // The claim shown is still the last one read; the page keeps working.
          { target: 'ready' },
        ],
      },
    },
    notFound: {
      description: 'El trámite no existe (404): se vuelve a la lista de trámites del área.',
      meta: { view: 'Redirige a la lista de trámites del área (p. ej. /mis-tramites)' },
      entry: 'leaveForList',
      type: 'final',
    },
    forbidden: {
      description: 'Sin permiso sobre el trámite (401/403): reintentar no cambia nada, así que no se ofrece.',
      meta: { view: 'Banner rojo con el motivo (p. ej. «No tiene permiso sobre este trámite») sin «Reintentar»; flecha de regreso a la lista' },
      type: 'final',
    },
    failed: {
      meta: { view: 'Banner rojo con el motivo o «Error» y botón «Reintentar»' },
      on: { 'claim.reload': 'loading' },
    },
  },
})
