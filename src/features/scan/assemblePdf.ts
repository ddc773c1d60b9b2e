/**
 * One PDF from the scanned pages' JPEG bytes, in their order, each page as big as its image at 200 dpi and turned
 * by its rotation (the page's /Rotate, so the JPEG is embedded as it is, without a second re-encode). Built with
 * @cantoo/pdf-lib, the maintained fork of pdf-lib the server already uses for the letter (README, dependencies).
 */
import { degrees, PDFDocument } from '@cantoo/pdf-lib'
import { stripJpegMetadata } from './jpegMetadata'
import { pageSizeInPoints } from './photoSize'

const MADE_BY = 'Portal de trámites'

export interface JpegPage {
  jpeg: Uint8Array
  rotation: 0 | 90 | 180 | 270
}

export async function assemblePdf(pages: readonly JpegPage[], title: string): Promise<Uint8Array> {
  // No dates and no library name: the file says what it is and who made it, nothing of when or how.
  const pdf = await PDFDocument.create({ updateMetadata: false })
  pdf.setTitle(title)
  pdf.setProducer(MADE_BY)
  pdf.setCreator(MADE_BY)
  for (const { jpeg, rotation } of pages) {
    const image = await pdf.embedJpg(stripJpegMetadata(jpeg))
    const size = pageSizeInPoints({ width: image.width, height: image.height })
    const page = pdf.addPage([size.width, size.height])
    page.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height })
    page.setRotation(degrees(rotation))
  }
  return pdf.save({ updateFieldAppearances: false })
}
