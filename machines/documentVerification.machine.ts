/**
 * Document verification page: one status among 2–5 per document, 'Guardar cambios' sends the three, then the page
 * reloads; each document has its own comment flow, a child `comment` actor (spec 2.11 'Document verification',
 * 4 'Document status codes', 7 verify-file, 8).
 *
 * States: loading → ready (editing ⇄ saving; saving success reloads) ; loadFailed (alert 'Error', retry).
 * In ready, children `comment1`, `comment2`, `comment3` (machines/comment.machine.ts) run one per document; a status
 * pick is forwarded to that document's comment (`comment.statusChange`), since a comment is sent with its status.
 */
import { and, assign, emit, sendTo, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { commentMachine, isReviewStatus } from './comment.machine'
import { DOCUMENT_TIPOS, normalizeFiles, type ClaimFile, type DocumentsInfo, type DocumentTipo } from './claimDocuments.machine'
import { failureReason } from './failureReason'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'



/** The four choices with the legend's names (spec section 4). */
export const REVIEW_STATUS_OPTIONS = [
  { value: 2, label: 'Verificado digital' },
  { value: 3, label: 'Rechazado digital' },
  { value: 4, label: 'Verificado físico' },
  { value: 5, label: 'Rechazado físico' },
] as const

const VERIFY_ERROR = 'Error'

export type Selection = Record<DocumentTipo, number | null>

/** POST /api/file/verify-file. */
export interface VerifyFilesInput {
  idEvento: number
  preguntas: { tipo: DocumentTipo; idStatus: number }[]
}

export interface DocumentVerificationContext {
  idEvento: number
  readOnly: boolean
  files: ClaimFile[]
  selection: Selection
  alert: string | null
}

export type DocumentVerificationEvent =
  | { type: 'status.select'; tipo: DocumentTipo; status: number }
  | { type: 'verification.save' }
  | { type: 'documents.reload' }
  | { type: 'alert.dismiss' }

const NO_SELECTION: Selection = { 1: null, 2: null, 3: null }

/** The loaded statuses that are already a review (2–5) preselect their choice. */
export function selectionFrom(files: readonly ClaimFile[]): Selection {
  const selection: Selection = { ...NO_SELECTION }
  for (const file of files) if (isReviewStatus(file.status)) selection[file.tipo] = file.status
  return selection
}

const fileOf = (context: DocumentVerificationContext, tipo: DocumentTipo) => context.files.find((f) => f.tipo === tipo)

const commentInput = (tipo: DocumentTipo) => ({ context }: { context: DocumentVerificationContext }) => ({
  idEvento: context.idEvento,
  tipo,
  fileUrl: fileOf(context, tipo)?.url ?? null,
  status: context.selection[tipo],
  readOnly: context.readOnly,
})

export const documentVerificationMachine = setup({
  types: {
    context: {} as DocumentVerificationContext,
    events: {} as DocumentVerificationEvent,
    input: {} as { idEvento: number; readOnly?: boolean },
    emitted: {} as { type: 'verification.saved'; idEvento: number },
    children: {} as { comment1: 'comment'; comment2: 'comment'; comment3: 'comment' },
  },
  actors: {
    loadDocuments: toBeProvided<DocumentsInfo, { idEvento: number }>('loadDocuments'),
    verifyFiles: toBeProvided<unknown, VerifyFilesInput>('verifyFiles'),
    comment: commentMachine,
  },
  guards: {
    canReview: ({ context }) => !context.readOnly,
    isReviewOfPresentDocument: ({ context, event }) =>
      event.type === 'status.select' && isReviewStatus(event.status) && fileOf(context, event.tipo) !== undefined,
    allStatusesChosen: ({ context }) => DOCUMENT_TIPOS.every((tipo) => context.selection[tipo] !== null),
    ...alertGuards,
  },
  actions: {
    storeFiles: assign((_, info: DocumentsInfo) => {
      const files = normalizeFiles(info.files)
      return { files, selection: selectionFrom(files) }
    }),
    selectStatus: assign({
      selection: ({ context, event }) =>
        event.type === 'status.select' ? { ...context.selection, [event.tipo]: event.status } : context.selection,
    }),
    forwardStatusToComment: sendTo(
      ({ event }) => `comment${event.type === 'status.select' ? event.tipo : 1}`,
      ({ event }) => ({ type: 'comment.statusChange' as const, status: event.type === 'status.select' ? event.status : null }),
    ),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
    emitSaved: emit(({ context }) => ({ type: 'verification.saved' as const, idEvento: context.idEvento })),
  },
}).createMachine({
  id: 'documentVerification',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    readOnly: input.readOnly ?? false,
    files: [],
    selection: NO_SELECTION,
    alert: null,
  }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se piden los archivos del trámite; también tras guardar (la página se recarga).',
      meta: { view: 'Indicador de carga «Cargando documentos…»' },
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
      description: 'Documentos cargados; cada documento tiene su flujo de comentario (comment1…comment3).',
      meta: { view: 'Los tres documentos, cada uno con sus cuatro estatus, «Enviar comentario» y el botón «Guardar cambios»' },
      initial: 'editing',
      invoke: [
        { id: 'comment1', src: 'comment', input: commentInput(1) },
        { id: 'comment2', src: 'comment', input: commentInput(2) },
        { id: 'comment3', src: 'comment', input: commentInput(3) },
      ],
      states: {
        editing: {
          meta: { view: 'Estatus elegibles; «Guardar cambios» habilitado solo con un estatus en cada uno de los tres documentos' },
          on: {
            'status.select': {
              guard: and(['canReview', 'isReviewOfPresentDocument']),
              actions: ['selectStatus', 'forwardStatusToComment'],
            },
            'verification.save': { guard: and(['canReview', 'allStatusesChosen']), target: 'saving' },
            'documents.reload': '#documentVerification.loading',
          },
        },
        saving: {
          description: 'Se envían los tres estatus (POST /api/file/verify-file); al terminar la página se recarga.',
          meta: { view: '«Guardar cambios» deshabilitado con indicador de carga; estatus no editables' },
          entry: 'dismissAlert',
          invoke: {
            id: 'verifyFiles',
            src: 'verifyFiles',
            input: ({ context }) => ({
              idEvento: context.idEvento,
              preguntas: DOCUMENT_TIPOS.map((tipo) => ({ tipo, idStatus: context.selection[tipo]! })),
            }),
            // Spec section 4: after verification is saved, the page reloads.
            onDone: { target: '#documentVerification.loading', actions: 'emitSaved' },
            onError: {
              target: 'editing',
              actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, VERIFY_ERROR) }) },
            },
          },
        },
      },
    },
  },
})

export type DocumentVerificationSnapshot = SnapshotFrom<typeof documentVerificationMachine>

/** 'Guardar cambios' enabled: one status chosen for each of the three documents (and not read-only). */
export const selectCanSave = (snapshot: DocumentVerificationSnapshot): boolean => snapshot.can({ type: 'verification.save' })
export const selectIsSaving = (snapshot: DocumentVerificationSnapshot): boolean => snapshot.matches({ ready: 'saving' })
/** The status choices are editable. */
export const selectCanChooseStatus = (snapshot: DocumentVerificationSnapshot): boolean =>
  snapshot.matches({ ready: 'editing' }) && !snapshot.context.readOnly
