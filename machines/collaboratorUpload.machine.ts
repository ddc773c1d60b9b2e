/**
 * collaboratorUpload: the 'Proceso actual' tab of /home-colaborador/carga-de-datos/{idEvento} (spec 2.8, 2.11
 * 'Document upload', 4 'Claim documents', 5 'Uploads', 8), and its read-only variant for the retail partner (2.9).
 *
 * States: `loading` → `ready` | `loadFailed` (alert 'Error', `load.retry`).
 * `ready.idle` → `ready.uploading` (one document at a time; the injected `uploadDocument` callback actor reports
 * `upload.progress` with real byte counts, then `upload.done` or `upload.failed`) → `ready.idle`. The upload is
 * resumable (issue 22): `uploading.sending` ⇄ `uploading.dropped` (the connection dropped; the actor retries from the
 * server's offset and its next progress means it is sending again) and `uploading.paused` ('Pausar carga': the actor
 * stops sending, the server keeps the bytes; 'Reanudar carga' continues; after 24 h paused the upload has expired and
 * the slot is free again with 'La carga caducó…'). 'Cancelar carga' from any of them ends the actor, which cancels the
 * upload on the server.
 * `ready.idle` → `ready.complete` ('Enviar a validar': the 'Carga completa' notice, nothing is sent) → `notice.close`.
 *
 * A slot accepts an upload until the reviewer verifies its document (empty, uploaded and not reviewed, or rejected:
 * the lifecycle's rule, `slotOffer`), and never in the read-only variant. The view asks `selectSlots` / `selectCanUpload(snapshot, tipo)` and
 * `snapshot.can({ type: 'documents.send' })`.
 */
import { and, assign, fromCallback, sendTo, setup, type CallbackActorLogic, type EventObject, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { DOCUMENT_TYPES, isRejectedDocument } from '../domain/claimStages'
import { failureReason } from './failureReason'
import { isPdfFile, NOT_A_PDF, type PickedFile } from './uploadFiles'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'
import { documentReplaceOffer, type ClaimActionOffer } from './claimActions'

export type DocumentTipo = 1 | 2 | 3
export const DOCUMENT_TIPOS: readonly DocumentTipo[] = [1, 2, 3]

/** One entry of GET /api/file/get-info-by-event (spec 3 'Claim file entry'). */
export interface ClaimFileEntry {
  url: string
  status: number
  tipo: string | number
  nombre: string
  comentario?: string | null
}

export interface ClaimDocuments {
  files: ClaimFileEntry[]
  numSended: number
}

/** What the page keeps of one uploaded document. */
export interface StoredDocument {
  nombre: string
  url: string
  status: number
  comentario: string | null
}

export interface UploadProgress {
  tipo: DocumentTipo
  fileName: string
  loaded: number
  total: number
}

export const UPLOAD_ERROR = 'Ocurrió un error al subir el archivo'
/** A paused upload the server no longer keeps (it expires 24 h after it was created). */
export const UPLOAD_EXPIRED = 'La carga caducó; vuelve a elegir el archivo.'
/** The server keeps an unfinished upload 24 hours (domain/contract/uploads.ts UPLOAD_EXPIRY_HOURS). */
const UPLOAD_EXPIRY_MS = 24 * 3_600_000
export const COMPLETE_NOTICE = {
  title: 'Carga completa',
  message: 'Has terminado de subir tus archivos',
  detail: 'Tu ejecutivo debe revisar y validar tus documentos.',
} as const
export const SEND_BUTTON_LABEL = 'Enviar a validar'

/** Labels of the status legend (spec section 4 'Document status codes'). */
export const DOCUMENT_STATUS_LABELS: Record<number, string> = {
  0: 'Pendiente',
  1: 'Cargado',
  2: 'Verificado digital',
  3: 'Rechazado digital',
  4: 'Verificado físico',
  5: 'Rechazado físico',
}

export interface CollaboratorUploadInput {
  idEvento: number
  /** The retail partner's variant: documents are shown, nothing can be uploaded or sent. */
  readOnly?: boolean
}

export interface CollaboratorUploadContext {
  idEvento: number
  readOnly: boolean
  documents: Record<DocumentTipo, StoredDocument | null>
  upload: UploadProgress | null
  alert: string | null
}

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

export type CollaboratorUploadEvent =
  | { type: 'document.upload'; tipo: DocumentTipo; file: PickedFile }
  | { type: 'upload.cancel' }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'documents.send' }
  | { type: 'notice.close' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }
  | UploadActorEvent

const NO_DOCUMENTS: Record<DocumentTipo, StoredDocument | null> = { 1: null, 2: null, 3: null }

const isTipo = (value: unknown): value is DocumentTipo => value === 1 || value === 2 || value === 3

const toStored = (entry: ClaimFileEntry): StoredDocument => ({
  nombre: entry.nombre,
  url: entry.url,
  status: Number(entry.status),
  comentario: entry.comentario?.trim() ? entry.comentario.trim() : null,
})

/** The three slots from the API's file list (an unknown tipo is ignored; a later entry of a tipo wins). */
export function documentsFrom(files: readonly ClaimFileEntry[]): Record<DocumentTipo, StoredDocument | null> {
  const documents = { ...NO_DOCUMENTS }
  for (const entry of files) {
    const tipo = Number(entry.tipo)
    if (isTipo(tipo)) documents[tipo] = toStored(entry)
  }
  return documents
}

/**
 * Whether a slot takes a file, or why not: the lifecycle's rule (machines/claimActions.ts `documentReplaceOffer`):
 * empty, uploaded but not reviewed yet (a wrong file can be replaced) or rejected; never once verified, and never
 * in the read-only variant.
 */
export function slotOffer(context: Pick<CollaboratorUploadContext, 'readOnly' | 'documents'>, tipo: DocumentTipo): ClaimActionOffer {
  const statuses = { '1': context.documents[1]?.status ?? 0, '2': context.documents[2]?.status ?? 0, '3': context.documents[3]?.status ?? 0 }
  return documentReplaceOffer(statuses, tipo, { readOnly: context.readOnly })
}

export function isUploadable(context: Pick<CollaboratorUploadContext, 'readOnly' | 'documents'>, tipo: DocumentTipo): boolean {
  return isTipo(tipo) && slotOffer(context, tipo).available
}

const uploadedCount = (context: Pick<CollaboratorUploadContext, 'documents'>): number =>
  DOCUMENT_TIPOS.filter((tipo) => context.documents[tipo] !== null).length

/** 'Enviar a validar' (spec section 4): once all three documents exist. */
const allThreeUploaded = (context: Pick<CollaboratorUploadContext, 'documents'>): boolean => uploadedCount(context) === 3

export const collaboratorUploadMachine = setup({
  types: {
    context: {} as CollaboratorUploadContext,
    events: {} as CollaboratorUploadEvent,
    input: {} as CollaboratorUploadInput,
  },
  actors: {
    loadDocuments: toBeProvided<ClaimDocuments, { idEvento: number }>('loadDocuments'),
    uploadDocument: fromCallback<EventObject, UploadDocumentInput>(() => {
      throw new Error('uploadDocument not provided')
    }),
  },
  guards: {
    slotTakesFile: ({ context, event }) => event.type === 'document.upload' && isUploadable(context, event.tipo),
    isPdfFile: ({ event }) => event.type === 'document.upload' && isPdfFile(event.file),
    canSendToValidate: ({ context }) => !context.readOnly && allThreeUploaded(context),
    ...alertGuards,
  },
  delays: { uploadExpiry: UPLOAD_EXPIRY_MS },
  actions: {
    storeDocuments: assign((_, result: ClaimDocuments) => ({ documents: documentsFrom(result.files) })),
    startUpload: assign(({ event }) => {
      if (event.type !== 'document.upload') return {}
      return { upload: { tipo: event.tipo, fileName: event.file.name, loaded: 0, total: event.file.size }, alert: null }
    }),
    storeProgress: assign(({ context, event }) => {
      if (event.type !== 'upload.progress' || !context.upload) return {}
      const total = event.total > 0 ? event.total : context.upload.total
      return { upload: { ...context.upload, total, loaded: Math.min(Math.max(event.loaded, 0), total) } }
    }),
    storeUploaded: assign(({ context, event }) => {
      if (event.type !== 'upload.done' || !context.upload) return {}
      return { documents: { ...context.documents, [context.upload.tipo]: toStored(event.file) }, upload: null }
    }),
    clearUpload: assign({ upload: null }),
    pauseSending: sendTo('uploadDocument', { type: 'upload.pause' }),
    resumeSending: sendTo('uploadDocument', { type: 'upload.resume' }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'collaboratorUpload',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    readOnly: input.readOnly ?? false,
    documents: NO_DOCUMENTS,
    upload: null,
    alert: null,
  }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      meta: { view: 'Pestaña «Proceso actual» con bloque de carga «Cargando tus documentos…»' },
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        input: idEventoInput,
        onDone: { target: 'ready', actions: { type: 'storeDocuments', params: ({ event }) => event.output } },
        onError: toLoadFailed,
      },
    },
    loadFailed: loadFailedState('load.retry', { view: 'Banner rojo «Error» y botón «Reintentar»; sin documentos' }),
    ready: {
      description: 'Documentos leídos: las tres ranuras (Formato de solicitud, Resumen médico, Identificación oficial).',
      meta: { view: 'Tres documentos con su estatus y barra «Documentos cargados» (n/3)' },
      initial: 'idle',
      states: {
        idle: {
          meta: { view: '«Cargar archivo» en vacíos, «Reemplazar archivo» en cargados sin revisar, «Volver a cargar» en rechazados (con «Comentario del revisor»), «Documento verificado: ya no se reemplaza.» en verificados; «Enviar a validar» con los tres' },
          on: {
            'document.upload': [
              { guard: and(['slotTakesFile', 'isPdfFile']), target: 'uploading', actions: 'startUpload' },
              // Refused before anything is sent (spec section 5).
              { guard: 'slotTakesFile', actions: { type: 'showAlert', params: { message: NOT_A_PDF } } },
            ],
            'documents.send': { guard: 'canSendToValidate', target: 'complete' },
          },
        },
        uploading: {
          description: 'Se sube un documento (carga reanudable); los demás controles de carga quedan deshabilitados.',
          meta: { view: 'Barra de progreso «Subiendo {archivo}» con «1.2 de 3.0 MB», tiempo restante, «Pausar carga» y «Cancelar carga»; si falla, banner rojo «Ocurrió un error al subir el archivo»' },
          initial: 'sending',
          invoke: {
            id: 'uploadDocument',
            src: 'uploadDocument',
            input: ({ context, event }) => {
              if (event.type !== 'document.upload') throw new Error('uploadDocument starts from document.upload')
              return { idEvento: context.idEvento, tipo: event.tipo, file: event.file }
            },
            onError: {
              target: 'idle',
              actions: ['clearUpload', { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, UPLOAD_ERROR) }) }],
            },
          },
          on: {
            'upload.done': { target: 'idle', actions: 'storeUploaded' },
            'upload.failed': {
              target: 'idle',
              actions: ['clearUpload', { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, UPLOAD_ERROR) }) }],
            },
            // Leaving the state stops the actor, which cancels the upload.
            'upload.cancel': { target: 'idle', actions: 'clearUpload' },
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
                uploadExpiry: { target: '#collaboratorUpload.ready.idle', actions: ['clearUpload', { type: 'showAlert', params: { message: UPLOAD_EXPIRED } }] },
              },
            },
          },
        },
        complete: {
          description: '«Enviar a validar» pulsado: solo se muestra el aviso, no se envía nada.',
          meta: { view: 'Diálogo «Carga completa»: «Has terminado de subir tus archivos», botón «Aceptar»' },
          on: { 'notice.close': 'idle' },
        },
      },
    },
  },
})

export type CollaboratorUploadSnapshot = SnapshotFrom<typeof collaboratorUploadMachine>

export interface DocumentSlotView {
  tipo: DocumentTipo
  /** 'Formato de solicitud', 'Resumen médico', 'Identificación oficial'. */
  label: string
  document: StoredDocument | null
  statusLabel: string
  rejected: boolean
  /** The reviewer's comment, only while the document is rejected. */
  comment: string | null
  canUpload: boolean
  /** Why the slot takes no file (verified, read-only); null when it does or while another upload runs. */
  uploadReason: string | null
  /** 0–100 while this slot uploads, else null. */
  progress: number | null
}

export const percentOf = (upload: Pick<UploadProgress, 'loaded' | 'total'>): number =>
  upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0

export const selectIsLoading = (snapshot: CollaboratorUploadSnapshot): boolean => snapshot.matches('loading')
export const selectIsUploading = (snapshot: CollaboratorUploadSnapshot): boolean => snapshot.matches({ ready: 'uploading' })

/** How the running upload goes: sending, its connection dropped (retrying), or paused by the user; null when none runs. */
export function selectUploadPhase(snapshot: CollaboratorUploadSnapshot): 'sending' | 'dropped' | 'paused' | null {
  if (snapshot.matches({ ready: { uploading: 'dropped' } })) return 'dropped'
  if (snapshot.matches({ ready: { uploading: 'paused' } })) return 'paused'
  return snapshot.matches({ ready: 'uploading' }) ? 'sending' : null
}

/** Whether the slot's upload control is enabled (a file may still be refused as not a PDF). */
export const selectCanUpload = (snapshot: CollaboratorUploadSnapshot, tipo: DocumentTipo): boolean =>
  snapshot.matches({ ready: 'idle' }) && isUploadable(snapshot.context, tipo)

export const selectCanSend = (snapshot: CollaboratorUploadSnapshot): boolean => snapshot.can({ type: 'documents.send' })

/** The 'Carga completa' notice while it shows, else null. */
export const selectCompleteNotice = (snapshot: CollaboratorUploadSnapshot): typeof COMPLETE_NOTICE | null =>
  snapshot.matches({ ready: 'complete' }) ? COMPLETE_NOTICE : null

export const selectUploadedCount = (snapshot: CollaboratorUploadSnapshot): number => uploadedCount(snapshot.context)

export function selectSlots(snapshot: CollaboratorUploadSnapshot): DocumentSlotView[] {
  const { documents, upload } = snapshot.context
  return DOCUMENT_TYPES.map(({ tipo, nombre }) => {
    const document = documents[tipo]
    const rejected = document !== null && isRejectedDocument(document.status)
    return {
      tipo,
      label: nombre,
      document,
      statusLabel: DOCUMENT_STATUS_LABELS[document?.status ?? 0] ?? DOCUMENT_STATUS_LABELS[0]!,
      rejected,
      comment: rejected ? document.comentario : null,
      canUpload: selectCanUpload(snapshot, tipo),
      uploadReason: slotOffer(snapshot.context, tipo).reason,
      progress: upload && upload.tipo === tipo && snapshot.matches({ ready: 'uploading' }) ? percentOf(upload) : null,
    }
  })
}
