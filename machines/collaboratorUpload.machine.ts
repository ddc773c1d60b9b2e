/**
 * collaboratorUpload: the 'Proceso actual' tab of /home-colaborador/carga-de-datos/{idEvento} (spec 2.8, 2.11
 * 'Document upload', 4 'Claim documents', 5 'Uploads', 8), and its read-only variant for the retail partner (2.9).
 *
 * States: `loading` → `ready` | `loadFailed` (alert 'Error', `load.retry`).
 * `ready.idle`: each slot takes a file on its own (issue 22: the three documents upload side by side, the user picks
 * the next while one is sending). A picked PDF spawns that slot's upload, a documentUpload machine
 * (machines/documentUpload.machine.ts) with the id `upload.{tipo}`, kept in `context.uploads[tipo]`; it owns the
 * bytes, pause, resume, cancel and expiry of that one upload, and its final output comes back here as
 * `xstate.done.actor.upload.{tipo}`: the stored document, or the alert naming the document ('Resumen médico:
 * Ocurrió un error al subir el archivo', the server's reason, 'La carga caducó…'), or nothing (cancelled).
 * `ready.idle` → `ready.complete` ('Enviar a validar', with the three documents and no upload running: the 'Carga
 * completa' notice, nothing is sent) → `notice.close`.
 *
 * A slot accepts an upload until the reviewer verifies its document (empty, uploaded and not reviewed, or rejected:
 * the lifecycle's rule, `slotOffer`), never while its own upload runs, and never in the read-only variant. The view
 * asks `selectSlots` / `selectCanUpload(snapshot, tipo)` and `snapshot.can({ type: 'documents.send' })`, and reads a
 * running upload from the slot's `upload` actor.
 */
import { and, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { DOCUMENT_TYPES, isRejectedDocument } from '../domain/claimStages'
import { DOCUMENT_STATUS_LABELS } from '../domain/labels'
import { isPdfFile, NOT_A_PDF, type PickedFile } from './uploadFiles'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'
import { documentReplaceOffer, type ClaimActionOffer } from './claimActions'
import { documentUploadMachine, type ClaimFileEntry, type DocumentTipo, type DocumentUploadOutcome } from './documentUpload.machine'

export type { ClaimFileEntry, DocumentTipo }
export const DOCUMENT_TIPOS: readonly DocumentTipo[] = [1, 2, 3]

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

export const COMPLETE_NOTICE = {
  title: 'Carga completa',
  message: 'Has terminado de subir tus archivos',
  detail: 'Tu ejecutivo debe revisar y validar tus documentos.',
} as const
export const SEND_BUTTON_LABEL = 'Enviar a validar'


export interface CollaboratorUploadInput {
  idEvento: number
  /** The retail partner's variant: documents are shown, nothing can be uploaded or sent. */
  readOnly?: boolean
}

export type DocumentUploadRef = ActorRefFrom<typeof documentUploadMachine>

export interface CollaboratorUploadContext {
  idEvento: number
  readOnly: boolean
  documents: Record<DocumentTipo, StoredDocument | null>
  /** Each slot's running upload (its own actor, `upload.{tipo}`), or null. */
  uploads: Record<DocumentTipo, DocumentUploadRef | null>
  alert: string | null
}

export type CollaboratorUploadEvent =
  | { type: 'document.upload'; tipo: DocumentTipo; file: PickedFile }
  | { type: 'documents.send' }
  | { type: 'notice.close' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }
  /** A slot's upload reached its final state (the spawned actor `upload.{tipo}`). */
  | { type: `xstate.done.actor.upload.${DocumentTipo}`; output: DocumentUploadOutcome }

const NO_DOCUMENTS: Record<DocumentTipo, StoredDocument | null> = { 1: null, 2: null, 3: null }
const NO_UPLOADS: Record<DocumentTipo, DocumentUploadRef | null> = { 1: null, 2: null, 3: null }

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

const documentName = (tipo: DocumentTipo): string => DOCUMENT_TYPES.find((type) => type.tipo === tipo)?.nombre ?? `Documento ${tipo}`

const runningCount = (context: Pick<CollaboratorUploadContext, 'uploads'>): number =>
  DOCUMENT_TIPOS.filter((tipo) => context.uploads[tipo] !== null).length

/** 'Enviar a validar' (spec section 4): once all three documents exist and none is being replaced. */
const allThreeUploaded = (context: Pick<CollaboratorUploadContext, 'documents' | 'uploads'>): boolean =>
  uploadedCount(context) === 3 && runningCount(context) === 0

/** The outcome a slot's upload ended with (`xstate.done.actor.upload.{tipo}`), when it is one of ours. */
function outcomeOf(context: CollaboratorUploadContext, event: CollaboratorUploadEvent): DocumentUploadOutcome | null {
  const output = 'output' in event ? event.output : undefined
  if (!output || !isTipo(output.tipo) || event.type !== `xstate.done.actor.upload.${output.tipo}`) return null
  return context.uploads[output.tipo] === null ? null : output
}

export const collaboratorUploadMachine = setup({
  types: {
    context: {} as CollaboratorUploadContext,
    events: {} as CollaboratorUploadEvent,
    input: {} as CollaboratorUploadInput,
  },
  actors: {
    loadDocuments: toBeProvided<ClaimDocuments, { idEvento: number }>('loadDocuments'),
    // The app provides it with its transport: documentUploadMachine.provide({ actors: { uploadDocument } }).
    documentUpload: documentUploadMachine,
  },
  guards: {
    slotTakesFile: ({ context, event }) =>
      event.type === 'document.upload' && isUploadable(context, event.tipo) && context.uploads[event.tipo] === null,
    isPdfFile: ({ event }) => event.type === 'document.upload' && isPdfFile(event.file),
    canSendToValidate: ({ context }) => !context.readOnly && allThreeUploaded(context),
    isOwnUploadEnd: ({ context, event }) => outcomeOf(context, event) !== null,
    ...alertGuards,
  },
  actions: {
    storeDocuments: assign((_, result: ClaimDocuments) => ({ documents: documentsFrom(result.files) })),
    startUpload: assign(({ context, event, spawn }) => {
      if (event.type !== 'document.upload') return {}
      const upload = spawn('documentUpload', {
        id: `upload.${event.tipo}`,
        input: { idEvento: context.idEvento, tipo: event.tipo, file: event.file },
      })
      return { uploads: { ...context.uploads, [event.tipo]: upload }, alert: null }
    }),
    settleUpload: assign(({ context, event }) => {
      const ended = outcomeOf(context, event)
      if (!ended) return {}
      const uploads = { ...context.uploads, [ended.tipo]: null }
      if (ended.outcome === 'stored') return { uploads, documents: { ...context.documents, [ended.tipo]: toStored(ended.file) } }
      if (ended.outcome === 'cancelled') return { uploads }
      // Several slots may be sending: the alert names the document it is about.
      return { uploads, alert: `${documentName(ended.tipo)}: ${ended.reason}` }
    }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'collaboratorUpload',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    readOnly: input.readOnly ?? false,
    documents: NO_DOCUMENTS,
    uploads: NO_UPLOADS,
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
      on: {
        // A slot's upload ended (its documentUpload actor reached a final state): stored, refused, cancelled, expired.
        'xstate.done.actor.upload.*': { guard: 'isOwnUploadEnd', actions: 'settleUpload' },
      },
      states: {
        idle: {
          meta: {
            view: '«Cargar archivo» en vacíos, «Reemplazar archivo» en cargados sin revisar, «Volver a cargar» en rechazados (con «Comentario del revisor»), «Documento verificado: ya no se reemplaza.» en verificados; cada ranura que sube muestra su barra «1.2 de 3.0 MB», tiempo restante y «Cancelar carga» mientras las otras siguen libres; «Enviar a validar» con los tres',
          },
          on: {
            'document.upload': [
              { guard: and(['slotTakesFile', 'isPdfFile']), actions: 'startUpload' },
              // Refused before anything is sent (spec section 5).
              { guard: 'slotTakesFile', actions: { type: 'showAlert', params: { message: NOT_A_PDF } } },
            ],
            'documents.send': { guard: 'canSendToValidate', target: 'complete' },
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
  /** Why the slot takes no file (verified, read-only); null when it does or while its own upload runs. */
  uploadReason: string | null
  /** The slot's running upload (bytes, phase, pause, cancel live in it), else null. */
  upload: DocumentUploadRef | null
}

export const selectIsLoading = (snapshot: CollaboratorUploadSnapshot): boolean => snapshot.matches('loading')

/** How many slots are uploading right now (0–3). */
export const selectRunningUploads = (snapshot: CollaboratorUploadSnapshot): number => runningCount(snapshot.context)

/** Whether the slot's upload control is enabled (a file may still be refused as not a PDF). */
export const selectCanUpload = (snapshot: CollaboratorUploadSnapshot, tipo: DocumentTipo): boolean =>
  snapshot.matches({ ready: 'idle' }) && isUploadable(snapshot.context, tipo) && snapshot.context.uploads[tipo] === null

export const selectCanSend = (snapshot: CollaboratorUploadSnapshot): boolean => snapshot.can({ type: 'documents.send' })

/** The 'Carga completa' notice while it shows, else null. */
export const selectCompleteNotice = (snapshot: CollaboratorUploadSnapshot): typeof COMPLETE_NOTICE | null =>
  snapshot.matches({ ready: 'complete' }) ? COMPLETE_NOTICE : null

export const selectUploadedCount = (snapshot: CollaboratorUploadSnapshot): number => uploadedCount(snapshot.context)

export function selectSlots(snapshot: CollaboratorUploadSnapshot): DocumentSlotView[] {
  const { documents, uploads } = snapshot.context
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
      upload: snapshot.matches('ready') ? uploads[tipo] : null,
    }
  })
}
