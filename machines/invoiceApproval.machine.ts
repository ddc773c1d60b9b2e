/**
 * invoiceApproval: the administrator's invoice review, /administrador/facturas/descargar-facturas/{idFactura}/{idEvento}
 * (spec 2.6, 4 'Invoice approval').
 *
 * States: `loading` (parallel: the claim's three documents and its invoice) → `ready` | `loadFailed` (alert 'Error',
 * `load.retry`). From `ready`: 'Descargar factura' → `downloading` → `ready`; 'Aprobar factura' → `approving` →
 * `approved` (final, output `{ idEvento }`: the view goes back to /administrador/facturas) or back to `ready` with
 * the error alert. Both buttons are enabled only when all three documents exist (`snapshot.can`).
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { DOCUMENT_TYPES, isVerifiedDocument } from '../domain/claimStages'
import { hasAllThreeDocuments, type DocumentStatuses } from './claimLifecycle.machine'
import { DOCUMENT_STATUS_LABELS } from '../domain/labels'
import {
  DOCUMENT_TIPOS,
  documentsFrom,
  type ClaimDocuments,
  type DocumentTipo,
  type StoredDocument,
} from './collaboratorUpload.machine'
import type { ExistingInvoice } from './invoiceUpload.machine'
import { failureReason, LOAD_ERROR } from './failureReason'
import { alertDismissal, alertGuards, idEventoInput } from './pageAlert'

export const APPROVAL_MESSAGES = {
  approveError: 'Ocurrió un error al aprobar la factura, favor de intentar de nuevo en unos minutos',
  downloadError: 'Ocurrió un error al descargar la factura',
} as const

export interface InvoiceApprovalInput {
  idEvento: number
  idFactura: number
}

export interface InvoiceApprovalContext extends InvoiceApprovalInput {
  documents: Record<DocumentTipo, StoredDocument | null>
  invoice: ExistingInvoice | null
  alert: string | null
}

export interface DownloadInvoiceInput extends InvoiceApprovalInput {
  url: string
  nombre: string
}

export type InvoiceApprovalEvent =
  | { type: 'invoice.download' }
  | { type: 'invoice.approve' }
  | { type: 'approval.confirm' }
  | { type: 'approval.cancel' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }

const NO_DOCUMENTS: Record<DocumentTipo, StoredDocument | null> = { 1: null, 2: null, 3: null }

const documentCount = (context: Pick<InvoiceApprovalContext, 'documents'>): number =>
  DOCUMENT_TIPOS.filter((tipo) => context.documents[tipo] !== null).length

const verifiedCount = (context: Pick<InvoiceApprovalContext, 'documents'>): number =>
  DOCUMENT_TIPOS.filter((tipo) => {
    const document = context.documents[tipo]
    return document !== null && isVerifiedDocument(document.status)
  }).length

/**
 * Spec 2.6 and 4: 'Descargar factura' and 'Aprobar factura' only when all three documents exist: the claim
 * lifecycle's own guard of `invoice.approve`, asked with the documents this screen loaded.
 */
const allThreeDocuments = (context: Pick<InvoiceApprovalContext, 'documents'>): boolean =>
  hasAllThreeDocuments(statusesOf(context))

const statusesOf = (context: Pick<InvoiceApprovalContext, 'documents'>): DocumentStatuses => ({
  '1': context.documents[1]?.status ?? 0,
  '2': context.documents[2]?.status ?? 0,
  '3': context.documents[3]?.status ?? 0,
})

export const invoiceApprovalMachine = setup({
  types: {
    context: {} as InvoiceApprovalContext,
    events: {} as InvoiceApprovalEvent,
    input: {} as InvoiceApprovalInput,
    output: {} as { idEvento: number },
  },
  actors: {
    loadDocuments: toBeProvided<ClaimDocuments, { idEvento: number }>('loadDocuments'),
    loadInvoice: toBeProvided<ExistingInvoice | null, { idEvento: number }>('loadInvoice'),
    downloadInvoice: toBeProvided<unknown, DownloadInvoiceInput>('downloadInvoice'),
    approveInvoice: toBeProvided<unknown, { idEvento: number }>('approveInvoice'),
  },
  guards: {
    // The file to download must exist too; without an invoice there is nothing to fetch.
    canDownload: ({ context }) => allThreeDocuments(context) && context.invoice !== null,
    // Beyond the spec's three-documents rule: there must be an invoice, not yet approved (the server refuses both).
    canApprove: ({ context }) => allThreeDocuments(context) && context.invoice !== null && context.invoice.approved !== true,
    ...alertGuards,
  },
  actions: {
    storeDocuments: assign((_, result: ClaimDocuments) => ({ documents: documentsFrom(result.files) })),
    storeInvoice: assign((_, invoice: ExistingInvoice | null) => ({ invoice })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
    // A retry starts clean: half of a failed load is never shown.
    forgetLoaded: assign({ documents: NO_DOCUMENTS, invoice: null }),
  },
}).createMachine({
  id: 'invoiceApproval',
  context: ({ input }) => ({ ...input, documents: NO_DOCUMENTS, invoice: null, alert: null }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se leen a la vez los tres documentos del trámite y su factura.',
      meta: { view: 'Título «Factura del trámite C{id}» con bloque de carga «Cargando documentos y factura…»' },
      type: 'parallel',
      onDone: 'ready',
      states: {
        documents: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Documentos aún cargando' },
              invoke: {
                id: 'loadDocuments',
                src: 'loadDocuments',
                input: idEventoInput,
                onDone: { target: 'done', actions: { type: 'storeDocuments', params: ({ event }) => event.output } },
                onError: '#invoiceApproval.loadFailed',
              },
            },
            done: { meta: { view: 'Documentos leídos' }, type: 'final' },
          },
        },
        invoice: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Factura aún cargando' },
              invoke: {
                id: 'loadInvoice',
                src: 'loadInvoice',
                input: idEventoInput,
                onDone: { target: 'done', actions: { type: 'storeInvoice', params: ({ event }) => event.output } },
                onError: '#invoiceApproval.loadFailed',
              },
            },
            done: { meta: { view: 'Factura leída' }, type: 'final' },
          },
        },
      },
    },
    loadFailed: {
      meta: { view: 'Banner rojo «Error» y botón «Reintentar»' },
      entry: { type: 'showAlert', params: { message: LOAD_ERROR } },
      on: { 'load.retry': { target: 'loading', actions: ['dismissAlert', 'forgetLoaded'] } },
    },
    ready: {
      meta: { view: 'Tres documentos, barras de progreso; «Descargar factura» y «Aprobar factura» habilitados solo con los tres documentos' },
      on: {
        'invoice.download': { guard: 'canDownload', target: 'downloading', actions: 'dismissAlert' },
        'invoice.approve': { guard: 'canApprove', target: 'confirming', actions: 'dismissAlert' },
      },
    },
    confirming: {
      description: 'Aprobar concluye el trámite y no se puede deshacer: se pide confirmación.',
      meta: { view: 'Diálogo «¿Aprobar la factura?» que dice que el trámite quedará concluido, con «Aprobar factura» y «Cancelar»' },
      on: {
        'approval.confirm': 'approving',
        'approval.cancel': 'ready',
      },
    },
    downloading: {
      meta: { view: '«Descargar factura» con indicador de carga; si falla, banner rojo «Ocurrió un error al descargar la factura»' },
      invoke: {
        id: 'downloadInvoice',
        src: 'downloadInvoice',
        input: ({ context }) => ({
          idEvento: context.idEvento,
          idFactura: context.idFactura,
          url: context.invoice!.url,
          nombre: context.invoice!.nombre,
        }),
        onDone: 'ready',
        onError: {
          target: 'ready',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, APPROVAL_MESSAGES.downloadError) }) },
        },
      },
    },
    approving: {
      meta: { view: '«Aprobar factura» con indicador de carga; si falla, banner rojo «Ocurrió un error al aprobar la factura, favor de…»' },
      invoke: {
        id: 'approveInvoice',
        src: 'approveInvoice',
        input: idEventoInput,
        onDone: 'approved',
        onError: {
          target: 'ready',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, APPROVAL_MESSAGES.approveError) }) },
        },
      },
    },
    approved: {
      description: 'Factura aprobada: el trámite queda concluido.',
      meta: { view: 'Regresa a la lista «Facturas» (/administrador/facturas)' },
      type: 'final',
    },
  },
  output: ({ context }) => ({ idEvento: context.idEvento }),
})

export type InvoiceApprovalSnapshot = SnapshotFrom<typeof invoiceApprovalMachine>

export interface ReviewedDocumentView {
  tipo: DocumentTipo
  label: string
  document: StoredDocument | null
  statusLabel: string
}

export const selectIsLoading = (snapshot: InvoiceApprovalSnapshot): boolean => snapshot.matches('loading')
export const selectIsConfirming = (snapshot: InvoiceApprovalSnapshot): boolean => snapshot.matches('confirming')
export const selectIsApproving = (snapshot: InvoiceApprovalSnapshot): boolean => snapshot.matches('approving')
export const selectIsDownloading = (snapshot: InvoiceApprovalSnapshot): boolean => snapshot.matches('downloading')
export const selectCanDownload = (snapshot: InvoiceApprovalSnapshot): boolean => snapshot.can({ type: 'invoice.download' })
export const selectCanApprove = (snapshot: InvoiceApprovalSnapshot): boolean => snapshot.can({ type: 'invoice.approve' })

/** The two progress bars: 'n de 3' uploaded and verified (status 2 or 4). */
export const selectProgress = (snapshot: InvoiceApprovalSnapshot): { uploaded: number; verified: number; total: 3 } => ({
  uploaded: documentCount(snapshot.context),
  verified: verifiedCount(snapshot.context),
  total: 3,
})

/** The three documents' statuses as the claim lifecycle reads them (0: not uploaded). */
export const selectDocumentStatuses = (snapshot: InvoiceApprovalSnapshot): DocumentStatuses => statusesOf(snapshot.context)

export const selectDocuments = (snapshot: InvoiceApprovalSnapshot): ReviewedDocumentView[] =>
  DOCUMENT_TYPES.map(({ tipo, nombre }) => {
    const document = snapshot.context.documents[tipo]
    return { tipo, label: nombre, document, statusLabel: DOCUMENT_STATUS_LABELS[document?.status ?? 0] ?? '' }
  })
