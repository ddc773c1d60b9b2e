/**
 * pdf.js behind the viewer's PdfDocumentHandle. Only imported dynamically (pdfOpener.tsx), so pdf.js and this
 * module form their own chunk that a screen without a viewer never downloads.
 *
 * Content-Security-Policy (server/app.ts): the worker is a hashed file of our own build (Vite's `?url` import), so
 * `new Worker(url, { type: 'module' })` is same-origin and allowed by script-src 'self' (worker-src falls back to
 * it); pdf.js wraps a worker in a blob: URL only for a cross-origin workerSrc, which this never is. pdf.js is told
 * not to evaluate strings (`isEvalSupported: false`: no `new Function`, which 'unsafe-eval' would have to allow) and
 * not to use WebAssembly (`useWasm: false`: compiling it would need 'wasm-unsafe-eval'); without it a JPEG 2000
 * image or an ICC colour profile in a PDF is decoded less well, which our text-and-scan documents do not need.
 * Fonts the PDF does not embed (Helvetica in the letter) are drawn with the system's fonts (`useSystemFonts`), so
 * no font files are fetched.
 */
import { getDocument, GlobalWorkerOptions, TextLayer } from 'pdfjs-dist'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import type { PdfDocumentHandle, PdfOpener, RenderPageRequest, RenderTask } from './pdfTypes'
import './textLayer.css'

GlobalWorkerOptions.workerSrc = workerUrl

/** pdf.js's names for "these bytes are not a PDF I can open". */
const UNREADABLE = new Set(['InvalidPDFException', 'PasswordException', 'FormatError', 'UnknownErrorException'])

// pdf.js measures pages in points (1/72 in); CSS pixels are 1/96 in. Zoom 100 % shows the page at its paper size.
const CSS_PIXELS_PER_POINT = 96 / 72

// A canvas larger than this (in device pixels) fails or stalls on phones: the pixel ratio gives way first.
const MAX_CANVAS_PIXELS = 16_000_000

function pixelRatioFor(width: number, height: number): number {
  const wanted = Math.max(1, globalThis.devicePixelRatio || 1)
  return Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, width * height)))
}

export const openPdf: PdfOpener = async (data, signal) => {
  const bytes = new Uint8Array(await data.arrayBuffer())
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    useWasm: false,
    useSystemFonts: true,
    enableXfa: false,
    verbosity: 0,
  })
  const abort = () => void task.destroy()
  signal.addEventListener('abort', abort, { once: true })
  let doc: PDFDocumentProxy
  try {
    doc = await task.promise
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    throw UNREADABLE.has(name) ? { kind: 'damaged' } : { kind: 'failed' }
  } finally {
    signal.removeEventListener('abort', abort)
  }
  return handleOf(doc)
}

function handleOf(doc: PDFDocumentProxy): PdfDocumentHandle {
  return {
    pageCount: doc.numPages,
    async pageSize(pageNumber) {
      const viewport = (await doc.getPage(pageNumber)).getViewport({ scale: CSS_PIXELS_PER_POINT })
      return { width: viewport.width, height: viewport.height }
    },
    renderPage: (request) => renderPage(doc, request),
    destroy: () => void doc.destroy(),
  }
}

function renderPage(doc: PDFDocumentProxy, { pageNumber, scale, rotation, canvas, textLayer }: RenderPageRequest): RenderTask {
  let cancelled = false
  let cancelCurrent: () => void = () => {}
  const promise = (async () => {
    const page = await doc.getPage(pageNumber)
    if (cancelled) return
    const viewport = page.getViewport({ scale: scale * CSS_PIXELS_PER_POINT, rotation })
    const ratio = pixelRatioFor(viewport.width, viewport.height)
    canvas.width = Math.floor(viewport.width * ratio)
    canvas.height = Math.floor(viewport.height * ratio)
    canvas.style.width = `${Math.floor(viewport.width)}px`
    canvas.style.height = `${Math.floor(viewport.height)}px`

    const drawing = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] })
    textLayer.replaceChildren()
    // The text layer's CSS sizes it from these (pdf.js's own page element sets them in its viewer).
    textLayer.style.setProperty('--total-scale-factor', String(viewport.scale))
    textLayer.style.setProperty('--scale-round-x', '1px')
    textLayer.style.setProperty('--scale-round-y', '1px')
    const text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport })
    cancelCurrent = () => {
      drawing.cancel()
      text.cancel()
    }
    await Promise.all([drawing.promise, text.render()])
  })()
  return {
    promise,
    cancel: () => {
      cancelled = true
      cancelCurrent()
    },
  }
}
