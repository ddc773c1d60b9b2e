/**
 * A fake PDF engine for view tests (pdf.js cannot draw in jsdom): "opens" any bytes whose text starts with
 * '%PDF-' (or that the test names) as a document of the given pages, and "draws" a page by writing its text into
 * the text layer and sizing the canvas, so tests can read which page, zoom and rotation are shown. Bytes that are
 * not a PDF are refused as damaged, like pdf.js's InvalidPDFException.
 */
import type { PdfDocumentHandle, PdfOpener, RenderPageRequest } from '../../../../src/features/documents/pdfTypes'

export interface FakePdfOptions {
  /** The text of each page. */
  pages?: string[]
  /** A page whose drawing fails (a damaged page in a document that opened). */
  brokenPage?: number
}

export interface FakePdfEngine {
  opener: PdfOpener
  opened: Blob[]
  renders: Omit<RenderPageRequest, 'canvas' | 'textLayer'>[]
  destroyed: number
}

export const PAGE_SIZE = { width: 600, height: 800 }

export function fakePdfEngine({ pages = ['Página uno', 'Página dos', 'Página tres'], brokenPage }: FakePdfOptions = {}): FakePdfEngine {
  const engine: FakePdfEngine = { opener: async () => handle, opened: [], renders: [], destroyed: 0 }
  const handle: PdfDocumentHandle = {
    pageCount: pages.length,
    pageSize: async () => PAGE_SIZE,
    renderPage: ({ canvas, textLayer, ...request }) => {
      engine.renders.push(request)
      const promise = (async () => {
        if (request.pageNumber === brokenPage) throw new Error('bad page')
        const sideways = request.rotation % 180 !== 0
        canvas.width = (sideways ? PAGE_SIZE.height : PAGE_SIZE.width) * request.scale
        canvas.height = (sideways ? PAGE_SIZE.width : PAGE_SIZE.height) * request.scale
        const span = document.createElement('span')
        span.textContent = pages[request.pageNumber - 1] ?? ''
        textLayer.replaceChildren(span)
        textLayer.dataset.scale = String(request.scale)
        textLayer.dataset.rotation = String(request.rotation)
      })()
      return { promise, cancel: () => {} }
    },
    destroy: () => void engine.destroyed++,
  }
  engine.opener = async (data) => {
    engine.opened.push(data)
    const head = (await readText(data)).slice(0, 16)
    if (!head.replace(/^"/, '').startsWith('%PDF-')) throw { kind: 'damaged' }
    return handle
  }
  return engine
}

/** Bytes that look like a PDF to the fake engine. */
export const pdfBytes = (text = 'documento') => new Blob([`%PDF-1.7 ${text}`], { type: 'application/pdf' })

/** A fetched Blob (Node's) has text(); jsdom's Blob has not: read that one the way old browsers did. */
function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
}
