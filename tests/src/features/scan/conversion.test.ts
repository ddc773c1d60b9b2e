/**
 * The pure half of scan to PDF (issue 22; jsdom has no canvas, so scaling real pixels is the e2e's part): the size
 * each photo is encoded at, the JPEG metadata that must never reach the server, and the PDF assembled from the
 * pages' JPEG bytes — its page count and order, rotation, the 300 KB page budget, and no EXIF or GPS inside.
 */
import { describe, expect, it } from 'vitest'
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib'
import { encodeAttempts, fitLongSide, fitsPage, pageSizeInPoints } from '../../../../src/features/scan/photoSize'
import { stripJpegMetadata } from '../../../../src/features/scan/jpegMetadata'
import { assemblePdf } from '../../../../src/features/scan/assemblePdf'
import { holdsExif, TINY_JPEG, withExifGps } from '../../../fixtures/exifJpeg'

describe('the size of a scanned page', () => {
  it('scales a 4000 × 3000 camera photo to 1700 px on its long side, keeping its proportions', () => {
    expect(fitLongSide({ width: 4000, height: 3000 })).toEqual({ width: 1700, height: 1275 })
    expect(fitLongSide({ width: 3000, height: 4000 })).toEqual({ width: 1275, height: 1700 })
  })

  it('never enlarges a small photo', () => {
    expect(fitLongSide({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 })
  })

  it('tries lower JPEG qualities first, then a smaller page, never under 800 px', () => {
    const attempts = encodeAttempts({ width: 4000, height: 3000 })
    expect(attempts[0]).toEqual({ width: 1700, height: 1275, quality: 0.82 })
    expect(attempts.slice(0, 5).map((a) => a.quality)).toEqual([0.82, 0.72, 0.62, 0.52, 0.42])
    expect(attempts.slice(0, 5).every((a) => a.width === 1700)).toBe(true)
    expect(attempts[5]).toEqual({ width: 1360, height: 1020, quality: 0.82 })
    const longSides = attempts.map((a) => Math.max(a.width, a.height))
    expect(Math.min(...longSides)).toBeGreaterThanOrEqual(800)
    expect([...longSides].sort((a, b) => b - a)).toEqual(longSides)
  })

  it('lets a page weigh at most 300 KB', () => {
    expect(fitsPage(300 * 1024)).toBe(true)
    expect(fitsPage(300 * 1024 + 1)).toBe(false)
  })

  it('prints a 1700 px side as 8.5 in (200 dpi)', () => {
    expect(pageSizeInPoints({ width: 1700, height: 1275 })).toEqual({ width: 612, height: 459 })
  })
})

describe('JPEG metadata', () => {
  it('removes the EXIF block with its GPS location and keeps the image bytes', () => {
    const camera = withExifGps(TINY_JPEG)
    expect(holdsExif(camera)).toBe(true)
    const clean = stripJpegMetadata(camera)
    expect(holdsExif(clean)).toBe(false)
    expect(Buffer.from(clean).equals(Buffer.from(TINY_JPEG))).toBe(true)
  })

  it('leaves a file that is not a JPEG as it is', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    expect(stripJpegMetadata(png)).toBe(png)
  })
})

/** The JPEG streams of a PDF, page by page. */
async function pageImages(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes)
  return pdf.getPages().map((page) => {
    const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as unknown as { values(): unknown[] }
    const [ref] = xObjects.values() as Parameters<typeof pdf.context.lookup>[0][]
    const stream = pdf.context.lookup(ref) as PDFRawStream
    return { stream: stream.contents, rotation: page.getRotation().angle, width: page.getWidth() }
  })
}

describe('the PDF of the scanned pages', () => {
  it('holds one page per photo, in order, with each rotation, no EXIF and at most 300 KB a page', async () => {
    const first = withExifGps(TINY_JPEG)
    const second = TINY_JPEG
    const bytes = await assemblePdf(
      [
        { jpeg: first, rotation: 0 },
        { jpeg: second, rotation: 90 },
      ],
      'Identificación oficial',
    )
    // Loading would stamp pdf-lib's own producer and dates: read the file as it is.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getPageCount()).toBe(2)
    expect(pdf.getTitle()).toBe('Identificación oficial')
    expect(pdf.getProducer()).toBe('Portal de trámites')
    expect(pdf.getCreationDate()).toBeUndefined()
    const images = await pageImages(bytes)
    expect(images.map((i) => i.rotation)).toEqual([0, 90])
    // 24 px at 200 dpi.
    expect(images[0]!.width).toBeCloseTo(8.64)
    for (const image of images) {
      expect(Buffer.from(image.stream).equals(Buffer.from(TINY_JPEG))).toBe(true)
      expect(image.stream.length).toBeLessThanOrEqual(300 * 1024)
    }
    expect(holdsExif(bytes)).toBe(false)
  })
})
