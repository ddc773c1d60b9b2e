/**
 * What the viewer needs from a PDF engine, and nothing of pdf.js itself: the app's engine (pdfEngine.ts, pdf.js
 * loaded on demand) and the tests' fake both satisfy it, so jsdom tests never load pdf.js.
 */

/** A page's size in CSS pixels at zoom 100 % and no rotation. */
export interface PdfPageSize {
  width: number
  height: number
}

export interface RenderPageRequest {
  /** 1-based. */
  pageNumber: number
  /** 1 = 100 %: the page at its paper size. */
  scale: number
  rotation: number
  canvas: HTMLCanvasElement
  /** Receives the page's selectable, searchable text. */
  textLayer: HTMLElement
}

export interface RenderTask {
  promise: Promise<void>
  cancel: () => void
}

export interface PdfDocumentHandle {
  pageCount: number
  pageSize: (pageNumber: number) => Promise<PdfPageSize>
  renderPage: (request: RenderPageRequest) => RenderTask
  destroy: () => void
}

/** Opens the bytes of a PDF. Throws `{ kind: 'damaged' }` when they are no PDF the engine can open. */
export type PdfOpener = (data: Blob, signal: AbortSignal) => Promise<PdfDocumentHandle>
