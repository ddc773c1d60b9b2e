/**
 * documentUpload: ONE running upload of one of the collaborator's document slots (issue 22). The collaboratorUpload
 * machine spawns one per slot (`upload.1`, `upload.2`, `upload.3`), so the three documents upload side by side and
 * each slot has its own bytes, time left, pause and cancel.
 *
 * `uploading.sending` ⇄ `uploading.dropped` (the connection dropped; the injected actor retries from the server's
 * offset and its next progress means it is sending again) and `uploading.paused` ('Pausar carga': the actor stops
 * sending, the server keeps the bytes; 'Reanudar carga' continues; after 24 h paused the upload has expired). It ends
 * in one final state whose output tells the slot's machine what happened: `stored` (the server's file entry),
 * `failed` (the Spanish reason), `cancelled` ('Cancelar carga') or `expired`. Leaving `uploading` stops the injected
 * actor, which cancels an unfinished upload on the server.
 */
import { assign, fromCallback, sendTo, setup, type CallbackActorLogic, type EventObject, type SnapshotFrom } from 'xstate'
import { failureReason } from './failureReason'
import type { PickedFile } from './uploadFiles'

export type DocumentTipo = 1 | 2 | 3

/** One entry of GET /api/file/get-info-by-event (spec 3 'Claim file entry'). */
export interface ClaimFileEntry {
  url: string
  status: number
  tipo: string | number
  nombre: string
  comentario?: string | null
}

const UPLOAD_ERROR = 'Ocurrió un error al subir el archivo'
/** A paused upload the server no longer keeps (it expires 24 h after it was created). */
const UPLOAD_EXPIRED = 'La carga caducó; vuelve a elegir el archivo.'
/** The server keeps an unfinished upload 24 hours (domain/contract/uploads.ts UPLOAD_EXPIRY_HOURS). */
const UPLOAD_EXPIRY_MS = 24 * 3_600_000

export interface UploadDocumentInput {
  idEvento: number
  tipo: DocumentTipo
  file: PickedFile
}

/** What the injected `uploadDocument` actor sends back to the machine. */
export type UploadActorEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  /** The connection dropped; the actor retries from the server's offset. */
  | { type: 'upload.dropped' }
  | { type: 'upload.done'; file: ClaimFileEntry }
  | { type: 'upload.failed'; error: unknown }

/**
 * The shape the app's upload actor has: `fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack }) => …)`
 * sends `upload.progress` as bytes go out (`upload.dropped` when the connection drops), then `upload.done` or
 * `upload.failed`; it receives `upload.pause` (stop sending, keep what the server has) and `upload.resume`; its cleanup
 * cancels the upload (the machine stops the actor on `upload.cancel`, or when a paused upload expired).
 */
export type UploadDocumentLogic = CallbackActorLogic<EventObject, UploadDocumentInput>

export type DocumentUploadEvent = { type: 'upload.cancel' } | { type: 'upload.pause' } | { type: 'upload.resume' } | UploadActorEvent

/** How the upload ended: what the slot's machine reads from the final state's output. */
export type DocumentUploadOutcome =
  | { tipo: DocumentTipo; outcome: 'stored'; file: ClaimFileEntry }
  | { tipo: DocumentTipo; outcome: 'failed'; reason: string }
  | { tipo: DocumentTipo; outcome: 'cancelled' }
  | { tipo: DocumentTipo; outcome: 'expired'; reason: string }

export interface DocumentUploadContext extends UploadDocumentInput {
  fileName: string
  loaded: number
  total: number
  outcome: DocumentUploadOutcome | null
}

const failed = (tipo: DocumentTipo, error: unknown): DocumentUploadOutcome => ({ tipo, outcome: 'failed', reason: failureReason(error, UPLOAD_ERROR) })

export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
    input: {} as UploadDocumentInput,
    output: {} as DocumentUploadOutcome,
  },
  actors: {
    uploadDocument: fromCallback<EventObject, UploadDocumentInput>(() => {
      throw new Error('uploadDocument not provided')
    }),
  },
  delays: { uploadExpiry: UPLOAD_EXPIRY_MS },
  actions: {
    storeProgress: assign(({ context, event }) => {
      if (event.type !== 'upload.progress') return {}
      const total = event.total > 0 ? event.total : context.total
      return { total, loaded: Math.min(Math.max(event.loaded, 0), total) }
    }),
    pauseSending: sendTo('uploadDocument', { type: 'upload.pause' }),
    resumeSending: sendTo('uploadDocument', { type: 'upload.resume' }),
  },
}).createMachine({
  id: 'documentUpload',
  context: ({ input }) => ({ ...input, fileName: input.file.name, loaded: 0, total: input.file.size, outcome: null }),
  initial: 'uploading',
  output: ({ context }) => context.outcome ?? { tipo: context.tipo, outcome: 'cancelled' },
  states: {
    uploading: {
      description: 'Se sube el documento de una ranura (carga reanudable); las otras ranuras siguen libres.',
      meta: { view: 'Barra «Subiendo {archivo}» con «1.2 de 3.0 MB», tiempo restante, «Pausar carga» y «Cancelar carga»' },
      initial: 'sending',
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context }) => ({ idEvento: context.idEvento, tipo: context.tipo, file: context.file }),
        onError: { target: 'failed', actions: assign(({ context, event }) => ({ outcome: failed(context.tipo, event.error) })) },
      },
      on: {
        'upload.done': { target: 'stored', actions: assign(({ context, event }) => ({ outcome: { tipo: context.tipo, outcome: 'stored' as const, file: event.file } })) },
        'upload.failed': { target: 'failed', actions: assign(({ context, event }) => ({ outcome: failed(context.tipo, event.error) })) },
        // Leaving the state stops the actor, which cancels the upload on the server.
        'upload.cancel': { target: 'cancelled', actions: assign(({ context }) => ({ outcome: { tipo: context.tipo, outcome: 'cancelled' as const } })) },
      },
      states: {
        sending: {
          on: {
            'upload.progress': { actions: 'storeProgress' },
            'upload.dropped': 'dropped',
            'upload.pause': { target: 'paused', actions: 'pauseSending' },
          },
        },
        dropped: {
          description: 'Se perdió la conexión: se reintenta desde lo que el servidor ya tiene.',
          meta: { view: '«Conexión perdida: reintentando…» bajo la barra' },
          on: {
            'upload.progress': { target: 'sending', actions: 'storeProgress' },
            'upload.pause': { target: 'paused', actions: 'pauseSending' },
          },
        },
        paused: {
          description: 'Pausada: el servidor guarda lo recibido 24 horas.',
          meta: { view: '«Carga en pausa» y botón «Reanudar carga»' },
          on: { 'upload.resume': { target: 'sending', actions: 'resumeSending' } },
          after: {
            uploadExpiry: {
              target: '#documentUpload.expired',
              actions: assign(({ context }) => ({ outcome: { tipo: context.tipo, outcome: 'expired' as const, reason: UPLOAD_EXPIRED } })),
            },
          },
        },
      },
    },
    stored: { type: 'final', description: 'El servidor guardó el documento.' },
    failed: { type: 'final', description: 'La carga falló; la ranura muestra el motivo.' },
    cancelled: { type: 'final', description: '«Cancelar carga»: se cancela en el servidor.' },
    expired: { type: 'final', description: 'Pausada más de 24 horas: el servidor ya no la guarda.' },
  },
})

export type DocumentUploadSnapshot = SnapshotFrom<typeof documentUploadMachine>

export const percentOf = (upload: Pick<DocumentUploadContext, 'loaded' | 'total'>): number =>
  upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0

/** How the upload goes: sending, its connection dropped (retrying), or paused by the user; null once it ended. */
export function selectUploadPhase(snapshot: DocumentUploadSnapshot): 'sending' | 'dropped' | 'paused' | null {
  if (snapshot.matches({ uploading: 'dropped' })) return 'dropped'
  if (snapshot.matches({ uploading: 'paused' })) return 'paused'
  return snapshot.matches({ uploading: 'sending' }) ? 'sending' : null
}

/** 0–100 while it runs, else null. */
export const selectProgress = (snapshot: DocumentUploadSnapshot): number | null =>
  snapshot.matches('uploading') ? percentOf(snapshot.context) : null
