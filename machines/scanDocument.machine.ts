/**
 * scanDocument: photos of a paper document become one PDF in the browser before the document slot uploads it
 * (issue 22: a collaborator holds paper and a phone, the portal stores PDFs only).
 *
 * States: `picking` (no page yet: 'Agregar página') → `preparing` (the injected `preparePhotos` scales and re-encodes
 * each photo) → `arranging` (thumbnails: remove, move before/after, rotate, add more) → `converting` (the injected
 * `buildPdf` assembles the pages) → `previewing` (the PDF in the viewer) → `done` (final: 'Cargar documento' hands the
 * PDF to the slot's own upload). `failed` shows why preparing or converting did not work and goes back on
 * `alert.dismiss`; `scan.cancel` ends in `cancelled` from anywhere.
 *
 * 'Cargar documento' from `arranging` converts and hands over at once (`intent` 'upload'); 'Vista previa' converts
 * and shows the PDF first (`intent` 'preview'). The machine keeps only what the screen shows (page ids, the
 * thumbnails' object URLs, rotations); the bytes stay with the injected actors, keyed by `source`.
 */
import { and, assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from './failureReason'
import { isImageFile, NOT_AN_IMAGE, type PickedFile } from './uploadFiles'

export type PageRotation = 0 | 90 | 180 | 270

/** At most this many pages a document: 20 pages of ≤ 300 KB stay well under the upload limit. */
export const MAX_SCAN_PAGES = 20

const SCAN_MESSAGES = {
  noPages: 'Agrega al menos una página.',
  tooMany: `Un documento puede tener hasta ${MAX_SCAN_PAGES} páginas.`,
  prepareFailed: 'No se pudieron leer las fotos. Intenta con otras fotos.',
  convertFailed: 'No se pudo crear el PDF. Intenta de nuevo.',
} as const

/** What `preparePhotos` answers for each photo: where its re-encoded page is kept and how it looks. */
export interface PreparedPage {
  /** The actor's key of the page's JPEG bytes. */
  source: string
  /** An object URL of the page for its thumbnail. */
  thumbnailUrl: string
  width: number
  height: number
  /** Bytes of the re-encoded page. */
  size: number
}

export interface ScanPage extends PreparedPage {
  /** Unique in this document (the same photo may be added twice). */
  id: string
  rotation: PageRotation
}

export interface PreparePhotosInput {
  photos: readonly PickedFile[]
}

export interface BuildPdfInput {
  fileName: string
  pages: { source: string; rotation: PageRotation }[]
}

/** The built PDF as the actor keeps it; `key` finds the File again. */
export interface BuiltPdf {
  key: string
  fileName: string
  pageCount: number
  size: number
}

export interface ScanDocumentInput {
  /** The PDF's file name ('Identificación oficial.pdf'). */
  fileName: string
}

export interface ScanDocumentContext {
  fileName: string
  pages: ScanPage[]
  /** How many pages were ever added: the next page's id. */
  added: number
  intent: 'preview' | 'upload'
  pdf: BuiltPdf | null
  alert: string | null
}

export type ScanDocumentEvent =
  | { type: 'photos.add'; photos: readonly PickedFile[] }
  | { type: 'page.remove'; id: string }
  | { type: 'page.moveUp'; id: string }
  | { type: 'page.moveDown'; id: string }
  | { type: 'page.rotate'; id: string }
  | { type: 'preview.open' }
  | { type: 'preview.close' }
  | { type: 'document.confirm' }
  | { type: 'alert.dismiss' }
  | { type: 'scan.cancel' }

/** `page.discard`: the view may revoke the page's thumbnail URL; `document.ready`: hand the PDF to the upload. */
export type ScanDocumentEmitted = { type: 'page.discard'; page: ScanPage } | { type: 'document.ready'; pdf: BuiltPdf }

const indexOf = (context: ScanDocumentContext, id: string) => context.pages.findIndex((page) => page.id === id)

function move(pages: ScanPage[], from: number, to: number): ScanPage[] {
  const next = [...pages]
  const [page] = next.splice(from, 1)
  next.splice(to, 0, page!)
  return next
}

export const scanDocumentMachine = setup({
  types: {
    context: {} as ScanDocumentContext,
    events: {} as ScanDocumentEvent,
    input: {} as ScanDocumentInput,
    emitted: {} as ScanDocumentEmitted,
  },
  actors: {
    preparePhotos: toBeProvided<PreparedPage[], PreparePhotosInput>('preparePhotos'),
    buildPdf: toBeProvided<BuiltPdf, BuildPdfInput>('buildPdf'),
  },
  guards: {
    allImages: ({ event }) => event.type === 'photos.add' && event.photos.length > 0 && event.photos.every(isImageFile),
    roomFor: ({ context, event }) => event.type === 'photos.add' && context.pages.length + event.photos.length <= MAX_SCAN_PAGES,
    hasPages: ({ context }) => context.pages.length > 0,
    isLastPage: ({ context, event }) => event.type === 'page.remove' && context.pages.length === 1 && indexOf(context, event.id) === 0,
    isPage: ({ context, event }) => 'id' in event && indexOf(context, event.id) >= 0,
    canMoveUp: ({ context, event }) => event.type === 'page.moveUp' && indexOf(context, event.id) > 0,
    canMoveDown: ({ context, event }) =>
      event.type === 'page.moveDown' && indexOf(context, event.id) >= 0 && indexOf(context, event.id) < context.pages.length - 1,
    wantsPreview: ({ context }) => context.intent === 'preview',
    hasAlert: ({ context }) => context.alert !== null,
  },
  actions: {
    addPages: assign(({ context }, params: { prepared: PreparedPage[] }) => ({
      pages: [
        ...context.pages,
        ...params.prepared.map((page, i): ScanPage => ({ ...page, id: `pagina-${context.added + i + 1}`, rotation: 0 })),
      ],
      added: context.added + params.prepared.length,
    })),
    removePage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'page.remove') return
      const page = context.pages.find((one) => one.id === event.id)
      if (!page) return
      enqueue.emit({ type: 'page.discard', page })
      enqueue.assign({ pages: context.pages.filter((one) => one.id !== event.id) })
    }),
    moveUp: assign(({ context, event }) => {
      if (event.type !== 'page.moveUp') return {}
      const at = indexOf(context, event.id)
      return { pages: move(context.pages, at, at - 1) }
    }),
    moveDown: assign(({ context, event }) => {
      if (event.type !== 'page.moveDown') return {}
      const at = indexOf(context, event.id)
      return { pages: move(context.pages, at, at + 1) }
    }),
    rotate: assign(({ context, event }) => ({
      pages: context.pages.map((page) =>
        event.type === 'page.rotate' && page.id === event.id ? { ...page, rotation: ((page.rotation + 90) % 360) as PageRotation } : page,
      ),
    })),
    intendPreview: assign({ intent: 'preview' as const }),
    intendUpload: assign({ intent: 'upload' as const }),
    storePdf: assign((_, params: { pdf: BuiltPdf }) => ({ pdf: params.pdf })),
    clearPdf: assign({ pdf: null }),
    emitReady: emit(({ context }) => ({ type: 'document.ready' as const, pdf: context.pdf! })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'scanDocument',
  context: ({ input }) => ({ fileName: input.fileName, pages: [], added: 0, intent: 'preview', pdf: null, alert: null }),
  initial: 'picking',
  on: {
    'scan.cancel': '.cancelled',
    'alert.dismiss': { guard: 'hasAlert', actions: 'dismissAlert' },
  },
  states: {
    picking: {
      description: 'Aún no hay páginas: se eligen fotos de la galería o se toma una con la cámara.',
      meta: { view: '«Agregar página»; «Cargar documento» deshabilitado con «Agrega al menos una página.»' },
      on: {
        'photos.add': [
          { guard: and(['allImages', 'roomFor']), target: 'preparing', actions: 'dismissAlert' },
          { guard: 'allImages', actions: { type: 'showAlert', params: { message: SCAN_MESSAGES.tooMany } } },
          { actions: { type: 'showAlert', params: { message: NOT_AN_IMAGE } } },
        ],
      },
    },
    preparing: {
      description: 'Cada foto se reduce a 1700 px por lado como máximo y se vuelve a codificar en JPEG (sin ubicación ni datos EXIF).',
      meta: { view: 'Indicador «Preparando las fotos…»; botones de las páginas deshabilitados' },
      invoke: {
        id: 'preparePhotos',
        src: 'preparePhotos',
        // The photos stay in the event that started the step: the context keeps no Blob.
        input: ({ event }) => ({ photos: event.type === 'photos.add' ? event.photos : [] }),
        onDone: { target: 'arranging', actions: { type: 'addPages', params: ({ event }) => ({ prepared: event.output }) } },
        onError: {
          target: 'failed',
          actions: [{ type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, SCAN_MESSAGES.prepareFailed) }) }],
        },
      },
    },
    arranging: {
      description: 'Las páginas en miniatura: quitar, mover antes o después, girar, agregar más.',
      meta: { view: 'Miniaturas numeradas con «Mover antes», «Mover después», «Girar» y «Quitar»; «Agregar página», «Vista previa» y «Cargar documento»' },
      on: {
        'photos.add': [
          { guard: and(['allImages', 'roomFor']), target: 'preparing', actions: 'dismissAlert' },
          { guard: 'allImages', actions: { type: 'showAlert', params: { message: SCAN_MESSAGES.tooMany } } },
          { actions: { type: 'showAlert', params: { message: NOT_AN_IMAGE } } },
        ],
        'page.remove': [
          { guard: 'isLastPage', target: 'picking', actions: 'removePage' },
          { guard: 'isPage', actions: 'removePage' },
        ],
        'page.moveUp': { guard: 'canMoveUp', actions: 'moveUp' },
        'page.moveDown': { guard: 'canMoveDown', actions: 'moveDown' },
        'page.rotate': { guard: 'isPage', actions: 'rotate' },
        'preview.open': { guard: 'hasPages', target: 'converting', actions: ['intendPreview', 'dismissAlert'] },
        'document.confirm': { guard: 'hasPages', target: 'converting', actions: ['intendUpload', 'dismissAlert'] },
      },
    },
    converting: {
      description: 'Las páginas, en su orden y giro, se reúnen en un PDF.',
      meta: { view: 'Indicador «Creando el PDF…»; botones deshabilitados salvo «Cancelar»' },
      invoke: {
        id: 'buildPdf',
        src: 'buildPdf',
        input: ({ context }) => ({ fileName: context.fileName, pages: context.pages.map(({ source, rotation }) => ({ source, rotation })) }),
        onDone: [
          { guard: 'wantsPreview', target: 'previewing', actions: { type: 'storePdf', params: ({ event }) => ({ pdf: event.output }) } },
          { target: 'done', actions: { type: 'storePdf', params: ({ event }) => ({ pdf: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, SCAN_MESSAGES.convertFailed) }) },
        },
      },
    },
    previewing: {
      description: 'El PDF resultante en el visor, antes de enviarlo.',
      meta: { view: 'Visor con «Preparando vista previa…» mientras abre; «Volver a las páginas» y «Cargar documento»' },
      on: {
        'preview.close': { target: 'arranging', actions: 'clearPdf' },
        'document.confirm': 'done',
      },
    },
    failed: {
      description: 'No se pudieron preparar las fotos o crear el PDF; se dice por qué.',
      meta: { view: 'Aviso rojo con el motivo y «Volver»' },
      on: {
        // 'Volver': the failure's alert goes with it (the root's dismissal would leave `failed` without a reason).
        'alert.dismiss': [
          { guard: 'hasPages', target: 'arranging', actions: 'dismissAlert' },
          { target: 'picking', actions: 'dismissAlert' },
        ],
      },
    },
    done: {
      description: 'El PDF pasa a la carga del documento, como un PDF elegido.',
      type: 'final',
      entry: 'emitReady',
    },
    cancelled: {
      description: '«Cancelar»: no se envía nada.',
      type: 'final',
    },
  },
})

export type ScanDocumentSnapshot = SnapshotFrom<typeof scanDocumentMachine>

export const selectPages = (snapshot: ScanDocumentSnapshot): ScanPage[] => snapshot.context.pages
/** 'Cargar documento' and 'Vista previa' are offered from the pages or the preview. */
export const selectCanConfirm = (snapshot: ScanDocumentSnapshot): boolean => snapshot.can({ type: 'document.confirm' })
/** Why 'Cargar documento' is disabled while the document has no page; null otherwise. */
export const selectConfirmReason = (snapshot: ScanDocumentSnapshot): string | null =>
  snapshot.context.pages.length === 0 ? SCAN_MESSAGES.noPages : null
export const selectIsBusy = (snapshot: ScanDocumentSnapshot): boolean => snapshot.matches('preparing') || snapshot.matches('converting')
export const selectCanAddPages = (snapshot: ScanDocumentSnapshot): boolean =>
  (snapshot.matches('picking') || snapshot.matches('arranging')) && snapshot.context.pages.length < MAX_SCAN_PAGES
