/**
 * invoiceUpload: the provider's page /proveedores/cargar-factura/{idEvento}, 'Factura trámite: C{id}' (spec 2.7,
 * 4 'Invoice (provider)', 5 'Uploads', 8).
 *
 * States: `loading` (the claim's invoice, if any) → `ready` | `loadFailed` (alert 'Error', `load.retry`).
 * `ready` runs two regions side by side:
 *   - `invoice`: `empty` ('Cargar factura') → `uploading` → `present` (status 'Pagada', edit and delete icons).
 *     `invoice.replace` (the edit icon) uploads again; `invoice.delete` only forgets the local file and re-enables
 *     'Cargar factura' (nothing is deleted on the server).
 *   - `notice`: `none` | `uploaded` ('Carga de factura exitosa.', 3 s) | `noComments` ('No hay comentarios de la
 *     factura', 3 s) | `comment` (the invoice's comment, until `comment.close`).
 * A file that is not a PDF is refused before sending with 'Error: Se requiere un archivo PDF'.
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from './failureReason'
import { isPdfFile, NOT_A_PDF, type PickedFile } from './uploadFiles'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'

/** The claim's invoice as GET /api/event/invoices/{idEvento} gives it (null when there is none). */
export interface ExistingInvoice {
  nombre: string
  url: string
  comentario?: string | null
  /** The administrator already approved it (the claim is concluded). */
  approved?: boolean
}

interface InvoiceFile {
  nombre: string
  /** Null right after an upload: the answer carries no address until the page loads again. */
  url: string | null
}

export interface InvoiceUploadInput {
  idEvento: number
  idProveedor: number
}

export interface InvoiceUploadContext extends InvoiceUploadInput {
  file: InvoiceFile | null
  /** The server holds an invoice for this claim (loaded or sent); 'Eliminar factura' forgets only `file`. */
  stored: boolean
  /** The name of the file being sent. */
  sending: string | null
  comment: string | null
  alert: string | null
}

export interface UploadInvoiceInput extends InvoiceUploadInput {
  file: PickedFile
}

export type InvoiceUploadEvent =
  | { type: 'invoice.upload'; file: PickedFile }
  | { type: 'invoice.replace'; file: PickedFile }
  | { type: 'invoice.delete' }
  /** 'Cancelar carga' (issue 22): leaving `uploading` stops the transport, which cancels the upload on the server. */
  | { type: 'upload.cancel' }
  | { type: 'comment.show' }
  | { type: 'comment.close' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }

export const INVOICE_MESSAGES = {
  upload: 'Cargar factura',
  uploaded: 'Carga de factura exitosa.',
  paid: 'Pagada',
  noComments: 'No hay comentarios de la factura',
  uploadError: 'Error al subir el archivo',
} as const

/**
 * Spec section 9: success and comment notices last 3 s. Not exported: tests assert the spec's own number
 * (tests/machines/specTimings.test.ts), never this constant.
 */
const INVOICE_UPLOAD_DELAYS = { successNotice: 3_000, noCommentsNotice: 3_000 } as const

const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

/** 'Cargar factura' and the edit icon: a PDF is sent, anything else refused before sending. New objects per use. */
const uploadTransitions = () =>
  [
    { guard: 'isPdfFile', target: 'uploading', actions: 'startSending' },
    { actions: { type: 'showAlert', params: { message: NOT_A_PDF } } },
  ] as const

export const invoiceUploadMachine = setup({
  types: {
    context: {} as InvoiceUploadContext,
    events: {} as InvoiceUploadEvent,
    input: {} as InvoiceUploadInput,
  },
  actors: {
    loadInvoice: toBeProvided<ExistingInvoice | null, { idEvento: number }>('loadInvoice'),
    uploadInvoice: toBeProvided<unknown, UploadInvoiceInput>('uploadInvoice'),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    isInvoice: (_, invoice: ExistingInvoice | null) => invoice !== null,
    hasComment: ({ context }) => context.comment !== null,
    ...alertGuards,
    isPdfFile: ({ event }) => (event.type === 'invoice.upload' || event.type === 'invoice.replace') && isPdfFile(event.file),
  },
  actions: {
    storeInvoice: assign((_, invoice: ExistingInvoice | null) => ({
      file: invoice ? { nombre: invoice.nombre, url: invoice.url } : null,
      stored: invoice !== null,
      comment: textOrNull(invoice?.comentario),
    })),
    startSending: assign(({ event }) => ({
      sending: event.type === 'invoice.upload' || event.type === 'invoice.replace' ? event.file.name : null,
      alert: null,
    })),
    storeUploaded: assign(({ context }) => ({ file: { nombre: context.sending ?? '', url: null }, stored: true, sending: null })),
    stopSending: assign({ sending: null }),
    forgetFile: assign({ file: null }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
  delays: INVOICE_UPLOAD_DELAYS,
}).createMachine({
  id: 'invoiceUpload',
  context: ({ input }) => ({ ...input, file: null, stored: false, sending: null, comment: null, alert: null }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      meta: { view: 'Página «Factura trámite: C{id}» con bloque de carga «Cargando la factura…»' },
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: idEventoInput,
        onDone: [
          {
            guard: { type: 'isInvoice', params: ({ event }) => event.output },
            target: '#invoiceUpload.ready.invoice.present',
            actions: { type: 'storeInvoice', params: ({ event }) => event.output },
          },
          { target: '#invoiceUpload.ready.invoice.empty', actions: { type: 'storeInvoice', params: ({ event }) => event.output } },
        ],
        onError: toLoadFailed,
      },
    },
    loadFailed: loadFailedState('load.retry'),
    ready: {
      description: 'Factura leída: la región invoice lleva el archivo, la región notice los avisos temporales.',
      meta: { view: 'Título «Factura trámite: C{id}», flecha de regreso y botón «Ver comentario»' },
      type: 'parallel',
      states: {
        invoice: {
          initial: 'empty',
          states: {
            empty: {
              meta: {
                view: 'Botón «Cargar factura» habilitado; «Aún no has cargado la factura de este trámite.», o tras «Eliminar factura» «La factura ya cargada se conserva en el trámite; puedes cargar otra para reemplazarla.»',
              },
              on: { 'invoice.upload': [...uploadTransitions()] },
            },
            uploading: {
              meta: {
                view: 'Barra «Cargando {archivo}…» con «1.2 de 3.0 MB», tiempo restante y «Cancelar carga» en lugar del botón; si falla, banner rojo «Error al subir el archivo» o el motivo',
              },
              on: {
                // The invoice shown before (a replacement was sending) stays; else the slot is empty again.
                'upload.cancel': [{ guard: 'hasFile', target: 'present', actions: 'stopSending' }, { target: 'empty', actions: 'stopSending' }],
              },
              invoke: {
                id: 'uploadInvoice',
                src: 'uploadInvoice',
                input: ({ context, event }) => {
                  if (event.type !== 'invoice.upload' && event.type !== 'invoice.replace') {
                    throw new Error('uploadInvoice starts from invoice.upload or invoice.replace')
                  }
                  return { idEvento: context.idEvento, idProveedor: context.idProveedor, file: event.file }
                },
                onDone: { target: ['present', '#invoiceUpload.ready.notice.uploaded'], actions: 'storeUploaded' },
                onError: [
                  {
                    guard: 'hasFile',
                    target: 'present',
                    actions: [
                      'stopSending',
                      { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, INVOICE_MESSAGES.uploadError) }) },
                    ],
                  },
                  {
                    target: 'empty',
                    actions: [
                      'stopSending',
                      { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, INVOICE_MESSAGES.uploadError) }) },
                    ],
                  },
                ],
              },
            },
            present: {
              meta: { view: 'Nombre del archivo, estatus «Pagada», iconos «Editar factura» y «Eliminar factura»; «Cargar factura» deshabilitado' },
              on: {
                'invoice.replace': [...uploadTransitions()],
                // Only the local selection goes (spec section 4); the server keeps the invoice.
                'invoice.delete': { target: 'empty', actions: 'forgetFile' },
              },
            },
          },
        },
        notice: {
          initial: 'none',
          on: {
            'comment.show': [{ guard: 'hasComment', target: '.comment' }, { target: '.noComments' }],
          },
          states: {
            none: { meta: { view: 'Sin aviso' } },
            uploaded: {
              meta: { view: 'Aviso verde «Carga de factura exitosa.» (3 s)' },
              after: { successNotice: 'none' },
            },
            noComments: {
              meta: { view: 'Aviso «No hay comentarios de la factura» (3 s)' },
              after: { noCommentsNotice: 'none' },
              // Pressing again restarts the 3 s. (Re-entering here, not from the region: that would restart the
              // whole parallel state and lose the invoice region's state.)
              on: { 'comment.show': { target: 'noComments', reenter: true } },
            },
            comment: {
              meta: { view: 'Diálogo «Comentario de la factura» con el comentario y botón «Cerrar»' },
              on: { 'comment.close': 'none' },
            },
          },
        },
      },
    },
  },
})

export type InvoiceUploadSnapshot = SnapshotFrom<typeof invoiceUploadMachine>

export const selectIsLoading = (snapshot: InvoiceUploadSnapshot): boolean => snapshot.matches('loading')
export const selectIsUploading = (snapshot: InvoiceUploadSnapshot): boolean => snapshot.matches({ ready: { invoice: 'uploading' } })

/** 'Cargar factura' is enabled while there is no file (a picked file may still be refused as not a PDF). */
export const selectCanUpload = (snapshot: InvoiceUploadSnapshot): boolean => snapshot.matches({ ready: { invoice: 'empty' } })

/**
 * After 'Eliminar factura' the page is empty again but the server still has the invoice: say so instead of
 * 'Aún no has cargado la factura de este trámite.'.
 */
export const selectServerKeepsInvoice = (snapshot: InvoiceUploadSnapshot): boolean =>
  snapshot.matches({ ready: { invoice: 'empty' } }) && snapshot.context.stored

/** The edit and delete icons show once a file exists. */
export const selectHasFile = (snapshot: InvoiceUploadSnapshot): boolean => snapshot.matches({ ready: { invoice: 'present' } })

export const selectCanDelete = (snapshot: InvoiceUploadSnapshot): boolean => snapshot.can({ type: 'invoice.delete' })

/** 'Pagada' once a file exists, else null. */
export const selectStatus = (snapshot: InvoiceUploadSnapshot): string | null => (selectHasFile(snapshot) ? INVOICE_MESSAGES.paid : null)

/** The 3-second notice, if one shows. */
export const selectNotice = (snapshot: InvoiceUploadSnapshot): string | null => {
  if (snapshot.matches({ ready: { notice: 'uploaded' } })) return INVOICE_MESSAGES.uploaded
  if (snapshot.matches({ ready: { notice: 'noComments' } })) return INVOICE_MESSAGES.noComments
  return null
}

/** The comment dialog's text while it is open, else null. */
export const selectOpenComment = (snapshot: InvoiceUploadSnapshot): string | null =>
  snapshot.matches({ ready: { notice: 'comment' } }) ? snapshot.context.comment : null

export const selectCanShowComment = (snapshot: InvoiceUploadSnapshot): boolean => snapshot.can({ type: 'comment.show' })
