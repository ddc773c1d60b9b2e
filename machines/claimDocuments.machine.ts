/**
 * Document upload page of a claim: the three slots (Formato de solicitud, Resumen médico, Identificación oficial),
 * uploads with real byte progress, the two 'n de 3' bars and the gating of 'Verificar documentos' and 'Asignar
 * proveedor' (spec 2.11 'Document upload', 4 'Claim documents', 5 'Uploads', 8).
 *
 * States: loading → ready ⇄ uploading (one upload at a time; success reloads) ; loadFailed (alert 'Error', retry).
 * A non-PDF is refused before anything is sent. 'Verificar documentos' and 'Asignar proveedor' emit navigation
 * events (`navigate.verification`, `navigate.assignProvider`).
 */
import { and, assign, emit, fromCallback, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { DOCUMENT_TYPES, isVerifiedDocument } from '../domain/claimStages'
import { reasonOf } from './failureReason'
import { shortFileName } from '../domain/labels'
import { isPdfFile, NOT_A_PDF, type PickedFile } from './uploadFiles'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'
import type { DocumentStatuses } from './claimLifecycle.machine'

export type DocumentTipo = 1 | 2 | 3
export const DOCUMENT_TIPOS: readonly DocumentTipo[] = [1, 2, 3]

/** One entry of GET /api/file/get-info-by-event (spec 3 'Claim file entry'); tipo arrives as '1' | '2' | '3'. */
export interface ClaimFileEntry {
  tipo: string | number
  status: number
  nombre: string
  url: string
  comentario?: string | null
}

export interface ClaimFile {
  tipo: DocumentTipo
  status: number
  nombre: string
  url: string
  comentario: string | null
}

export interface DocumentsInfo {
  files: ClaimFileEntry[]
  numSended?: number
}

export { NOT_A_PDF }
export const UPLOAD_ERROR = 'Error al subir el archivo'
export const REQUIRED_DOCUMENTS = 3

/** Shown file names: cut to 10 characters plus .pdf (spec section 9). */
export const displayFileName = shortFileName

/** 'n de 3' under each progress bar. */
export const progressLabel = (count: number): string => `${count} de ${REQUIRED_DOCUMENTS}`

/**
 * PDF only (spec section 5), checked before anything is sent: the browser's type (or the name) through the shared
 * upload rule, and the content when the view read the first bytes (a PDF starts with '%PDF-').
 */
export function isPdfUpload(file: { name: string; type: string }, firstBytes?: string): boolean {
  return isPdfFile(file) && (firstBytes === undefined || firstBytes.startsWith('%PDF-'))
}

export const normalizeFiles = (entries: readonly ClaimFileEntry[]): ClaimFile[] =>
  entries
    .map((entry) => ({
      tipo: Number(entry.tipo) as DocumentTipo,
      status: Number(entry.status),
      nombre: entry.nombre,
      url: entry.url,
      comentario: entry.comentario ?? null,
    }))
    .filter((file) => DOCUMENT_TIPOS.includes(file.tipo))

/** A document is present when a file exists for its slot (status 0 is 'none/pending'). */
const presentTipos = (files: readonly ClaimFile[]): DocumentTipo[] =>
  DOCUMENT_TIPOS.filter((tipo) => files.some((file) => file.tipo === tipo && file.status !== 0))

const uploadedCount = (files: readonly ClaimFile[]): number => presentTipos(files).length

/** The 'verified' bar counts files with status 2 or 4. */
const verifiedCount = (files: readonly ClaimFile[]): number =>
  DOCUMENT_TIPOS.filter((tipo) => files.some((file) => file.tipo === tipo && isVerifiedDocument(file.status))).length

const allThreePresent = (files: readonly ClaimFile[]): boolean => uploadedCount(files) === REQUIRED_DOCUMENTS

/** 'Asignar proveedor': exactly three files, all status 2 or 4. */
const allThreeVerified = (files: readonly ClaimFile[]): boolean =>
  files.length === REQUIRED_DOCUMENTS && files.every((file) => isVerifiedDocument(file.status))

// ---- the upload actor ----------------------------------------------------------------------------------------

export interface UploadRequest {
  idEvento: number
  tipo: DocumentTipo
  file: PickedFile
}

/** The transport the app injects: an XMLHttpRequest upload reports `upload.onprogress` bytes through onProgress. */
export type UploadTransport = (
  request: UploadRequest,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
) => Promise<unknown>

export type UploadFeedback =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.succeed' }
  | { type: 'upload.fail'; reason: string | null }

/**
 * Wraps a transport as the `uploadDocument` actor: progress and the outcome come back as events; stopping the
 * actor (leaving `uploading`, 'cancel') aborts the request.
 */
export function uploadActorFrom(transport: UploadTransport) {
  return fromCallback<UploadFeedback, UploadRequest>(({ input, sendBack }) => {
    const controller = new AbortController()
    transport(input, (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }), controller.signal).then(
      () => sendBack({ type: 'upload.succeed' }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.fail', reason: reasonOf(error) })
      },
    )
    return () => controller.abort()
  })
}

// ---- the machine -------------------------------------------------------------------------------------------

interface UploadProgress {
  tipo: DocumentTipo
  fileName: string
  loaded: number
  total: number
}

export interface ClaimDocumentsContext {
  idEvento: number
  readOnly: boolean
  files: ClaimFile[]
  upload: UploadProgress | null
  alert: string | null
}

export type ClaimDocumentsEvent =
  /** `file` is the picked File; `firstBytes`, when the view read them, the first bytes as text. */
  | { type: 'document.upload'; tipo: DocumentTipo; file: PickedFile; firstBytes?: string }
  | { type: 'upload.cancel' }
  | UploadFeedback
  | { type: 'documents.verify' }
  | { type: 'provider.assign' }
  | { type: 'documents.reload' }
  | { type: 'alert.dismiss' }

export type ClaimDocumentsEmitted =
  | { type: 'navigate.verification'; idEvento: number }
  | { type: 'navigate.assignProvider'; idEvento: number }

export const claimDocumentsMachine = setup({
  types: {
    context: {} as ClaimDocumentsContext,
    events: {} as ClaimDocumentsEvent,
    emitted: {} as ClaimDocumentsEmitted,
    input: {} as { idEvento: number; readOnly?: boolean },
  },
  actors: {
    loadDocuments: toBeProvided<DocumentsInfo, { idEvento: number }>('loadDocuments'),
    uploadDocument: fromCallback<UploadFeedback, UploadRequest>(() => {
      throw new Error('uploadDocument not provided: use uploadActorFrom(transport)')
    }),
  },
  guards: {
    uploadsAllowed: ({ context }) => !context.readOnly,
    isPdf: ({ event }) => event.type === 'document.upload' && isPdfUpload(event.file, event.firstBytes),
    allThreePresent: ({ context }) => allThreePresent(context.files),
    canAssignProvider: ({ context }) => !context.readOnly && allThreeVerified(context.files),
    ...alertGuards,
  },
  actions: {
    storeFiles: assign((_, info: DocumentsInfo) => ({ files: normalizeFiles(info.files) })),
    startUpload: assign(({ event }) =>
      event.type === 'document.upload'
        ? { upload: { tipo: event.tipo, fileName: event.file.name, loaded: 0, total: event.file.size }, alert: null }
        : {},
    ),
    storeProgress: assign(({ context, event }) =>
      event.type === 'upload.progress' && context.upload
        ? { upload: { ...context.upload, loaded: event.loaded, total: event.total } }
        : {},
    ),
    clearUpload: assign({ upload: null }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
    emitVerification: emit(({ context }) => ({ type: 'navigate.verification' as const, idEvento: context.idEvento })),
    emitAssignProvider: emit(({ context }) => ({ type: 'navigate.assignProvider' as const, idEvento: context.idEvento })),
  },
}).createMachine({
  id: 'claimDocuments',
  context: ({ input }) => ({ idEvento: input.idEvento, readOnly: input.readOnly ?? false, files: [], upload: null, alert: null }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se piden los archivos del trámite (GET /api/file/get-info-by-event).',
      meta: { view: 'Indicador de carga «Cargando documentos…» en lugar de las tres ranuras' },
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        input: idEventoInput,
        onDone: { target: 'ready', actions: { type: 'storeFiles', params: ({ event }) => event.output } },
        onError: toLoadFailed,
      },
    },
    loadFailed: loadFailedState('documents.reload'),
    ready: {
      meta: {
        view: 'Ranuras Formato de solicitud, Resumen médico, Identificación oficial; barras «n de 3»; «Verificar documentos»',
      },
      on: {
        'document.upload': [
          { guard: and(['uploadsAllowed', 'isPdf']), target: 'uploading', actions: 'startUpload' },
          // Refused before anything is sent.
          { guard: 'uploadsAllowed', actions: { type: 'showAlert', params: { message: NOT_A_PDF } } },
        ],
        'documents.verify': { guard: 'allThreePresent', actions: 'emitVerification' },
        'provider.assign': { guard: 'canAssignProvider', actions: 'emitAssignProvider' },
        'documents.reload': 'loading',
      },
    },
    uploading: {
      description: 'Se sube un PDF a una ranura; al terminar se recargan los archivos.',
      meta: { view: 'Barra de progreso «Subiendo {archivo}» en la ranura con «Cancelar carga»; demás cargas deshabilitadas' },
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context, event }) => {
          const picked = event as Extract<ClaimDocumentsEvent, { type: 'document.upload' }>
          return { idEvento: context.idEvento, tipo: picked.tipo, file: picked.file }
        },
      },
      on: {
        'upload.progress': { actions: 'storeProgress' },
        'upload.succeed': { target: 'loading', actions: 'clearUpload' },
        'upload.fail': {
          target: 'ready',
          actions: [
            'clearUpload',
            { type: 'showAlert', params: ({ event }) => ({ message: event.reason ?? UPLOAD_ERROR }) },
          ],
        },
        'upload.cancel': { target: 'ready', actions: 'clearUpload' },
      },
    },
  },
})

export type ClaimDocumentsSnapshot = SnapshotFrom<typeof claimDocumentsMachine>

export interface DocumentSlot {
  tipo: DocumentTipo
  /** 'Formato de solicitud', 'Resumen médico', 'Identificación oficial'. */
  label: string
  file: (ClaimFile & { shownName: string }) | null
  /** This slot's upload is running. */
  uploading: boolean
}

export const selectSlots = (snapshot: ClaimDocumentsSnapshot): DocumentSlot[] =>
  DOCUMENT_TYPES.map(({ tipo, nombre }) => {
    const file = snapshot.context.files.find((f) => f.tipo === tipo && f.status !== 0)
    return {
      tipo,
      label: nombre,
      file: file ? { ...file, shownName: displayFileName(file.nombre) } : null,
      uploading: snapshot.context.upload?.tipo === tipo,
    }
  })

/** The three documents' statuses (0 for a missing one), as the lifecycle reads them. */
export const selectDocumentStatuses = (snapshot: ClaimDocumentsSnapshot): DocumentStatuses => {
  const statusOf = (tipo: DocumentTipo) => snapshot.context.files.find((f) => f.tipo === tipo)?.status ?? 0
  return { '1': statusOf(1), '2': statusOf(2), '3': statusOf(3) }
}

export const selectUploadedCount = (snapshot: ClaimDocumentsSnapshot): number => uploadedCount(snapshot.context.files)
export const selectVerifiedCount = (snapshot: ClaimDocumentsSnapshot): number => verifiedCount(snapshot.context.files)

/** Bytes sent of the running upload, 0–100 (null when none runs or the size is unknown). */
export const selectUploadPercent = (snapshot: ClaimDocumentsSnapshot): number | null => {
  const upload = snapshot.context.upload
  if (!upload || upload.total <= 0) return null
  return Math.min(100, Math.round((upload.loaded / upload.total) * 100))
}

/** File inputs are enabled: not read-only and no upload running. */
export const selectCanUpload = (snapshot: ClaimDocumentsSnapshot): boolean =>
  snapshot.matches('ready') && !snapshot.context.readOnly

/** 'Verificar documentos' enabled. */
export const selectCanVerify = (snapshot: ClaimDocumentsSnapshot): boolean => snapshot.can({ type: 'documents.verify' })

/** 'Asignar proveedor' shown (hidden in the read-only variant) and enabled. */
export const selectShowAssignProvider = (snapshot: ClaimDocumentsSnapshot): boolean => !snapshot.context.readOnly
export const selectCanAssignProvider = (snapshot: ClaimDocumentsSnapshot): boolean => snapshot.can({ type: 'provider.assign' })
