/**
 * The reviewer's comment on one claim document (spec 2.11 'Document verification', 4 'Comment', 5 'Comment', 8).
 * The user picks a status (the parent verification machine forwards it with `comment.statusChange`), 'Enviar
 * comentario' opens the box, 'Agregar comentario' sends status and text; the success notice shows for 6 s.
 *
 * States: closed → open → sending → sent (notice, 6 s) → closed. Sending without a status or a text stays open
 * with 'Debe seleccionar una opción y escribir un comentario antes de enviar'.
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from './failureReason'

import { COMMENT_REQUIRED } from '../domain/fileReasons'

export { COMMENT_REQUIRED }
/** The spec gives no wording for the 6 s success notice; ours. */
export const COMMENT_SENT = 'Comentario agregado correctamente'
const COMMENT_ERROR = 'Error'
// Not exported: tests assert the spec's own number (tests/machines/specTimings.test.ts), never this constant.
const COMMENT_DELAYS = { commentNotice: 6_000 } as const
/** The statuses the verification page offers (spec section 4). */
const REVIEW_STATUSES = [2, 3, 4, 5] as const
export const isReviewStatus = (status: unknown): status is number =>
  typeof status === 'number' && Number.isInteger(status) && status >= 2 && status <= 5

export interface CommentInput {
  idEvento: number
  tipo: 1 | 2 | 3
  /** The document's url: POST /api/file/add-files-to-event accepts it as fileUrl. */
  fileUrl: string | null
  status: number | null
  readOnly?: boolean
}

/** POST /api/file/add-files-to-event with a comment (spec section 7). */
export interface SendCommentInput {
  idEvento: number
  tipo: 1 | 2 | 3
  fileUrl: string | null
  estatus: number
  comentario: string
}

export interface CommentContext extends Required<CommentInput> {
  text: string
  /** The required-fields message or a failure reason, shown next to the box. */
  message: string | null
  notice: string | null
}

export type CommentEvent =
  | { type: 'comment.statusChange'; status: number | null }
  | { type: 'comment.open' }
  | { type: 'comment.change'; text: string }
  | { type: 'comment.submit' }
  | { type: 'comment.close' }

export const commentMachine = setup({
  types: {
    context: {} as CommentContext,
    events: {} as CommentEvent,
    input: {} as CommentInput,
  },
  actors: {
    sendComment: toBeProvided<unknown, SendCommentInput>('sendComment'),
  },
  guards: {
    canComment: ({ context }) => !context.readOnly,
    hasStatusAndText: ({ context }) => isReviewStatus(context.status) && context.text.trim() !== '',
  },
  actions: {
    storeStatus: assign({
      status: ({ context, event }) => (event.type === 'comment.statusChange' ? event.status : context.status),
      message: null,
    }),
    storeText: assign({
      text: ({ context, event }) => (event.type === 'comment.change' ? event.text : context.text),
      message: null,
    }),
    requireStatusAndText: assign({ message: COMMENT_REQUIRED }),
    showFailure: assign((_, params: { error: unknown }) => ({ message: failureReason(params.error, COMMENT_ERROR) })),
    showSent: assign({ text: '', message: null, notice: COMMENT_SENT }),
    clearNotice: assign({ notice: null }),
    clearMessage: assign({ message: null }),
  },
  delays: COMMENT_DELAYS,
}).createMachine({
  id: 'comment',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    tipo: input.tipo,
    fileUrl: input.fileUrl,
    status: input.status,
    readOnly: input.readOnly ?? false,
    text: '',
    message: null,
    notice: null,
  }),
  initial: 'closed',
  on: { 'comment.statusChange': { actions: 'storeStatus' } },
  states: {
    closed: {
      meta: { view: 'Botón «Enviar comentario» (habilitado si hay documento y no es solo lectura); sin caja de comentario' },
      on: { 'comment.open': { guard: 'canComment', target: 'open' } },
    },
    open: {
      meta: {
        view: 'Caja de comentario con «Agregar comentario» y «Cerrar»; si falta estatus o texto, «Debe seleccionar una opción…»',
      },
      on: {
        'comment.change': { actions: 'storeText' },
        'comment.submit': [
          { guard: 'hasStatusAndText', target: 'sending' },
          { actions: 'requireStatusAndText' },
        ],
        'comment.close': { target: 'closed', actions: 'clearMessage' },
      },
    },
    sending: {
      description: 'Se envía el comentario con el estatus elegido (POST /api/file/add-files-to-event).',
      meta: { view: 'Caja de comentario visible; «Agregar comentario» deshabilitado con indicador de carga' },
      invoke: {
        id: 'sendComment',
        src: 'sendComment',
        input: ({ context }) => ({
          idEvento: context.idEvento,
          tipo: context.tipo,
          fileUrl: context.fileUrl,
          estatus: context.status!,
          comentario: context.text.trim(),
        }),
        onDone: { target: 'sent', actions: 'showSent' },
        onError: { target: 'open', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      description: 'Comentario enviado; el aviso dura 6 s y la caja se cierra.',
      meta: { view: 'Aviso verde «Comentario agregado correctamente» (6 s); caja de comentario cerrada' },
      after: { commentNotice: { target: 'closed', actions: 'clearNotice' } },
      on: { 'comment.open': { guard: 'canComment', target: 'open', actions: 'clearNotice' } },
    },
  },
})

export type CommentSnapshot = SnapshotFrom<typeof commentMachine>

/** The comment box is visible (after 'Enviar comentario'). */
export const selectBoxOpen = (snapshot: CommentSnapshot): boolean => snapshot.matches('open') || snapshot.matches('sending')
/** 'Enviar comentario' enabled. */
export const selectCanOpen = (snapshot: CommentSnapshot): boolean => snapshot.can({ type: 'comment.open' })
export const selectIsSending = (snapshot: CommentSnapshot): boolean => snapshot.matches('sending')
