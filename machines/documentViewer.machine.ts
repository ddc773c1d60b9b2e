/**
 * documentViewer: one PDF read in the page (a claim document, an invoice, a dictamen, the authorization letter, or
 * a file picked before it is sent). The injected `loadDocument` actor fetches the bytes and opens them (pdf.js in
 * the app, a fake in tests); the machine keeps what the toolbar shows — page, zoom, rotation — and decides what is
 * possible (previous/next page, zoom limits, download).
 *
 * States: idle → loading → shown | damaged | forbidden | failed. `failed` retries; `document.open` (another file)
 * starts over from any state. A file pdf.js cannot open or draw (damaged, password-protected) is `damaged`: the
 * message says so and the download stays offered. `forbidden`: the server refused the file (401/403).
 *
 * Zoom is a percentage of the page's own size. Fit to width is a mode: the view measures the zoom that fits and
 * reports it (`zoom.fitted`), so zooming in or out from it starts at what the reader sees.
 */
import { and, assign, not, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { reasonOf } from './failureReason'

/** Percentages of the page's printed size (100 % is the paper's size on screen); 25 % fits a Letter page on a phone. */
const ZOOM_STEPS = [25, 50, 75, 100, 125, 150, 200, 300] as const
const MIN_ZOOM = ZOOM_STEPS[0]
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!
export type Rotation = 0 | 90 | 180 | 270

/** Texts of the viewer's states (ours; the spec has no viewer). Neutral, neither tú nor usted: every role reads them. */
export const VIEWER_MESSAGES = {
  loading: 'Cargando documento…',
  damaged: 'No se pudo mostrar el documento: el archivo PDF está dañado o protegido con contraseña. Se puede descargar para abrirlo con otro programa.',
  forbidden: 'Sin permiso para ver este documento.',
  failed: 'No se pudo cargar el documento.',
} as const

/** What the loader gets: the file's address (or the key the view gave a picked file). */
export interface LoadDocumentInput {
  source: string
}

export interface LoadedDocument {
  pageCount: number
}

/**
 * How the injected loader reports a failure: `kind` 'damaged' (the bytes arrived but are no PDF it can open),
 * 'forbidden', or anything else with the server's `reason` when there was one. An HTTP status 401/403 on the thrown
 * value also reads as forbidden.
 */
export interface LoadFailure {
  kind: 'damaged' | 'forbidden' | 'failed'
  reason?: string
  status?: number
}

/** The server's reason a failed load carries (the loader's own LoadFailure, or an ApiError), if any. */
function reasonOfFailure(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const { reason } = error as Partial<LoadFailure>
  return typeof reason === 'string' && reason.trim() !== '' ? reason : reasonOf(error)
}

function kindOf(error: unknown): LoadFailure['kind'] {
  if (typeof error !== 'object' || error === null) return 'failed'
  const { kind, status } = error as Partial<LoadFailure>
  if (kind === 'damaged' || kind === 'forbidden') return kind
  return status === 401 || status === 403 ? 'forbidden' : 'failed'
}

export interface DocumentViewerInput {
  /** When given, the viewer opens it at once. */
  source?: string | null
  fileName?: string
}

export interface DocumentViewerContext {
  source: string | null
  fileName: string
  pageCount: number
  /** 1-based. */
  page: number
  zoom: number
  fitWidth: boolean
  rotation: Rotation
  /** Why a load failed (the server's reason, or the generic text). */
  reason: string | null
}

export type DocumentViewerEvent =
  | { type: 'document.open'; source: string; fileName: string }
  | { type: 'document.retry' }
  | { type: 'document.download' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'page.first' }
  | { type: 'page.last' }
  | { type: 'page.go'; page: number }
  /** The page could not be drawn: the file is damaged even though it opened. */
  | { type: 'page.failed' }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'zoom.fitWidth' }
  /** In fit-to-width mode, the zoom (percent) at which the page fills the width, as the view measured it. */
  | { type: 'zoom.fitted'; zoom: number }
  | { type: 'view.rotate' }

/** A zoom the viewer can show: a whole percentage within 25–300 %. */
export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)))
const nextStepUp = (zoom: number) => ZOOM_STEPS.find((step) => step > zoom) ?? MAX_ZOOM
const nextStepDown = (zoom: number) => [...ZOOM_STEPS].reverse().find((step) => step < zoom) ?? MIN_ZOOM

const FRESH_VIEW = { pageCount: 0, page: 1, zoom: 100, fitWidth: true, rotation: 0 as Rotation, reason: null }

export const documentViewerMachine = setup({
  types: {
    context: {} as DocumentViewerContext,
    events: {} as DocumentViewerEvent,
    input: {} as DocumentViewerInput,
  },
  actors: {
    loadDocument: toBeProvided<LoadedDocument, LoadDocumentInput>('loadDocument'),
  },
  guards: {
    hasSource: ({ context }) => context.source !== null,
    hasNextPage: ({ context }) => context.page < context.pageCount,
    hasPreviousPage: ({ context }) => context.page > 1,
    isOtherPageInRange: ({ context, event }) =>
      event.type === 'page.go' && Number.isInteger(event.page) && event.page >= 1 && event.page <= context.pageCount && event.page !== context.page,
    canZoomIn: ({ context }) => context.zoom < MAX_ZOOM,
    canZoomOut: ({ context }) => context.zoom > MIN_ZOOM,
    isFitWidth: ({ context }) => context.fitWidth,
    isNewFittedZoom: ({ context, event }) =>
      event.type === 'zoom.fitted' && Number.isFinite(event.zoom) && clampZoom(event.zoom) !== context.zoom,
    isForbidden: (_, params: { error: unknown }) => kindOf(params.error) === 'forbidden',
    isDamaged: (_, params: { error: unknown }) => kindOf(params.error) === 'damaged',
  },
  actions: {
    openDocument: assign(({ event }) =>
      event.type === 'document.open' ? { source: event.source, fileName: event.fileName, ...FRESH_VIEW } : {},
    ),
    storeDocument: assign((_, params: LoadedDocument) => ({ pageCount: params.pageCount, page: 1, reason: null })),
    storeReason: assign((_, params: { error: unknown }) => ({ reason: reasonOfFailure(params.error) ?? VIEWER_MESSAGES.failed })),
    clearReason: assign({ reason: null }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    previousPage: assign({ page: ({ context }) => context.page - 1 }),
    firstPage: assign({ page: 1 }),
    lastPage: assign({ page: ({ context }) => context.pageCount }),
    goToPage: assign({ page: ({ context, event }) => (event.type === 'page.go' ? event.page : context.page) }),
    zoomIn: assign({ zoom: ({ context }) => nextStepUp(context.zoom), fitWidth: false }),
    zoomOut: assign({ zoom: ({ context }) => nextStepDown(context.zoom), fitWidth: false }),
    fitWidth: assign({ fitWidth: true }),
    storeFittedZoom: assign({ zoom: ({ context, event }) => (event.type === 'zoom.fitted' ? clampZoom(event.zoom) : context.zoom) }),
    rotate: assign({ rotation: ({ context }) => ((context.rotation + 90) % 360) as Rotation }),
    // The view saves the bytes it already has (or fetches them); provided with `.provide({ actions })`.
    saveFile: () => {},
  },
}).createMachine({
  id: 'documentViewer',
  context: ({ input }) => ({ source: input.source ?? null, fileName: input.fileName ?? '', ...FRESH_VIEW }),
  initial: 'idle',
  on: { 'document.open': { target: '.loading', reenter: true, actions: 'openDocument' } },
  states: {
    idle: {
      description: 'Sin documento abierto; con un archivo de entrada pasa de inmediato a cargarlo.',
      meta: { view: 'Nada que mostrar' },
      always: { guard: 'hasSource', target: 'loading' },
    },
    loading: {
      description: 'Se piden los bytes por la ruta de descarga autenticada (o se leen del archivo elegido) y pdf.js los abre.',
      meta: { view: 'Indicador «Cargando documento…»; herramientas deshabilitadas' },
      invoke: {
        id: 'loadDocument',
        src: 'loadDocument',
        input: ({ context }) => ({ source: context.source! }),
        onDone: { target: 'shown', actions: { type: 'storeDocument', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) }, target: 'forbidden' },
          { guard: { type: 'isDamaged', params: ({ event }) => ({ error: event.error }) }, target: 'damaged' },
          { target: 'failed', actions: { type: 'storeReason', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {
      description: 'La página actual dibujada (lienzo y capa de texto) con la herramienta de páginas, zoom, giro y descarga.',
      meta: { view: 'Página n de N, «Página anterior/siguiente», «Alejar», «Acercar», «Ajustar al ancho», «Girar», «Descargar»' },
      on: {
        'page.next': { guard: 'hasNextPage', actions: 'nextPage' },
        'page.previous': { guard: 'hasPreviousPage', actions: 'previousPage' },
        'page.first': { guard: 'hasPreviousPage', actions: 'firstPage' },
        'page.last': { guard: 'hasNextPage', actions: 'lastPage' },
        'page.go': { guard: 'isOtherPageInRange', actions: 'goToPage' },
        'page.failed': 'damaged',
        'zoom.in': { guard: 'canZoomIn', actions: 'zoomIn' },
        'zoom.out': { guard: 'canZoomOut', actions: 'zoomOut' },
        'zoom.fitWidth': { guard: not('isFitWidth'), actions: 'fitWidth' },
        'zoom.fitted': { guard: and(['isFitWidth', 'isNewFittedZoom']), actions: 'storeFittedZoom' },
        'view.rotate': { actions: 'rotate' },
        'document.download': { actions: 'saveFile' },
      },
    },
    damaged: {
      description: 'pdf.js no pudo abrir o dibujar el archivo (dañado o con contraseña); la descarga sigue disponible.',
      meta: { view: 'Aviso «No se pudo mostrar el documento…» y botón «Descargar»' },
      on: { 'document.download': { actions: 'saveFile' } },
    },
    forbidden: {
      description: 'El servidor negó el archivo (401/403): ni vista ni descarga.',
      meta: { view: 'Aviso «Sin permiso para ver este documento.»' },
    },
    failed: {
      description: 'La descarga falló (red, servidor, archivo inexistente).',
      meta: { view: 'Aviso con el motivo del servidor o «No se pudo cargar el documento.» y botón «Reintentar»' },
      on: { 'document.retry': { target: 'loading', actions: 'clearReason' } },
    },
  },
})

export type DocumentViewerSnapshot = SnapshotFrom<typeof documentViewerMachine>

export const selectIsLoading = (s: DocumentViewerSnapshot): boolean => s.matches('loading') || s.matches('idle')
export const selectIsShown = (s: DocumentViewerSnapshot): boolean => s.matches('shown')
export const selectCanDownload = (s: DocumentViewerSnapshot): boolean => s.can({ type: 'document.download' })
export const selectCanGoNext = (s: DocumentViewerSnapshot): boolean => s.can({ type: 'page.next' })
export const selectCanGoPrevious = (s: DocumentViewerSnapshot): boolean => s.can({ type: 'page.previous' })
export const selectCanZoomIn = (s: DocumentViewerSnapshot): boolean => s.can({ type: 'zoom.in' })
export const selectCanZoomOut = (s: DocumentViewerSnapshot): boolean => s.can({ type: 'zoom.out' })
export const selectCanRotate = (s: DocumentViewerSnapshot): boolean => s.can({ type: 'view.rotate' })
/** What the state's notice says (null while loading or shown). */
export function selectNotice(s: DocumentViewerSnapshot): string | null {
  if (s.matches('damaged')) return VIEWER_MESSAGES.damaged
  if (s.matches('forbidden')) return VIEWER_MESSAGES.forbidden
  if (s.matches('failed')) return s.context.reason ?? VIEWER_MESSAGES.failed
  return null
}
