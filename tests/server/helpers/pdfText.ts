/**
 * The text of a PDF as pdf.js reads it (its legacy build runs in Node): what a reader can search and copy. Used to
 * check that generated PDFs hold real text, not drawn shapes.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface PdfText {
  pages: string[]
  /** All pages, one space between items. */
  all: string
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it gets: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
  try {
    const pages: string[] = []
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n)
      const content = await page.getTextContent()
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter(Boolean)
          .join(' '),
      )
    }
    return { pages, all: pages.join(' ') }
  } finally {
    await document.destroy()
  }
}
