/**
 * The bytes behind one arranger: each prepared page's JPEG and the built PDF, by the keys the scanDocument machine
 * keeps, and the implementations of its two actors. Thumbnails are object URLs of the page JPEGs; `close` revokes
 * them all and ends the worker when the arranger goes away.
 */
import { fromPromise } from 'xstate'
import type { BuildPdfInput, BuiltPdf, PreparedPage, PreparePhotosInput } from '../../../machines/scanDocument.machine'
import { assemblePdf } from './assemblePdf'
import { createPhotoScaler, type PhotoScaler } from './scalePhotos'

export interface ScanSession {
  actors: {
    preparePhotos: ReturnType<typeof fromPromise<PreparedPage[], PreparePhotosInput>>
    buildPdf: ReturnType<typeof fromPromise<BuiltPdf, BuildPdfInput>>
  }
  /** The built PDF as a File for the slot's upload. */
  pdfFile: (key: string) => File | null
  /** A removed page's bytes and thumbnail are let go. */
  discard: (source: string) => void
  close: () => void
}

export function createScanSession(makeScaler: () => PhotoScaler = createPhotoScaler): ScanSession {
  const pages = new Map<string, { jpeg: Blob; url: string }>()
  const pdfs = new Map<string, File>()
  let scaler: PhotoScaler | null = null
  let counter = 0

  const preparePhotos = fromPromise<PreparedPage[], PreparePhotosInput>(async ({ input }) => {
    scaler ??= makeScaler()
    const prepared: PreparedPage[] = []
    // One at a time: a phone holds one decoded 12-megapixel photo in memory, not five.
    for (const photo of input.photos) {
      const page = await scaler.scale(photo)
      const source = `pagina-escaneada-${++counter}`
      const url = URL.createObjectURL(page.jpeg)
      pages.set(source, { jpeg: page.jpeg, url })
      prepared.push({ source, thumbnailUrl: url, width: page.width, height: page.height, size: page.jpeg.size })
    }
    return prepared
  })

  const buildPdf = fromPromise<BuiltPdf, BuildPdfInput>(async ({ input }) => {
    const jpegs = await Promise.all(
      input.pages.map(async ({ source, rotation }) => {
        const page = pages.get(source)
        if (!page) throw new Error(`page ${source} is gone`)
        return { jpeg: new Uint8Array(await page.jpeg.arrayBuffer()), rotation }
      }),
    )
    const bytes = await assemblePdf(jpegs, input.fileName.replace(/\.pdf$/i, ''))
    const file = new File([bytes as Uint8Array<ArrayBuffer>], input.fileName, { type: 'application/pdf', lastModified: Date.now() })
    const key = `pdf-escaneado-${++counter}`
    pdfs.clear()
    pdfs.set(key, file)
    return { key, fileName: file.name, pageCount: jpegs.length, size: file.size }
  })

  return {
    actors: { preparePhotos, buildPdf },
    pdfFile: (key) => pdfs.get(key) ?? null,
    discard: (source) => {
      const page = pages.get(source)
      if (!page) return
      URL.revokeObjectURL(page.url)
      pages.delete(source)
    },
    close: () => {
      for (const page of pages.values()) URL.revokeObjectURL(page.url)
      pages.clear()
      pdfs.clear()
      scaler?.close()
      scaler = null
    },
  }
}
