/**
 * Draws the authorization letter (letterContent.ts) as a printable PDF on US Letter paper with pdf-lib: a header
 * with the claim code and date of issue, a highlighted box with the authorized sum, validity and invoicing
 * deadline, one block per letter section (label above value, two columns), two signature lines, and a footer with
 * the page count.
 *
 * Text is real text (Helvetica, WinAnsi encoding) so it can be searched, copied and read by a screen reader or a
 * test. WinAnsi covers Spanish (á é í ó ú ñ ü ¿ ¡); any character it cannot encode, typed into a free-text field,
 * is replaced rather than letting pdf-lib throw and the download fail.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { LetterContent, LetterRow } from './letterContent'

const PAGE = { width: 612, height: 792 } // US Letter in points
const MARGIN = 54
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const FOOTER_SPACE = 40
const COLUMN_GAP = 18

const NAVY = rgb(0.06, 0.12, 0.25)
const MUTED = rgb(0.35, 0.39, 0.45)
const RULE = rgb(0.8, 0.83, 0.87)
const GREEN = rgb(0.05, 0.45, 0.23)
const GREEN_TINT = rgb(0.92, 0.97, 0.93)

interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

/** Replaces what the font cannot encode: accents it lacks lose the accent, anything else becomes '?'. */
function encodable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet())
  return (text) =>
    Array.from(text.replace(/[\r\n\t\u00a0\u202f]+/g, ' '))
      .map((char) => {
        if (supported.has(char.codePointAt(0)!)) return char
        const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
        return base && Array.from(base).every((c) => supported.has(c.codePointAt(0)!)) ? base : '?'
      })
      .join('')
}

/** Splits text into lines no wider than `width` (a word longer than a line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

/** A cursor over the pages: adds a page when the next block does not fit. */
class Writer {
  page: PDFPage
  y = PAGE.height - MARGIN
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly clean: (text: string) => string,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
  }

  ensure(height: number) {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - MARGIN
  }

  text(value: string, x: number, y: number, size: number, font: PDFFont, color = NAVY) {
    this.page.drawText(this.clean(value), { x, y, size, font, color })
  }

  lines(value: string, size: number, font: PDFFont, width: number): string[] {
    return wrap(this.clean(value), font, size, width)
  }
}

function drawHeader(w: Writer, content: LetterContent) {
  const { regular, bold } = w.fonts
  w.text('Portal de trámites', MARGIN, w.y - 9, 9, regular, MUTED)
  const code = `Trámite ${content.code}`
  w.text(code, PAGE.width - MARGIN - bold.widthOfTextAtSize(w.clean(code), 12), w.y - 10, 12, bold)
  w.y -= 42
  w.text(content.title, MARGIN, w.y, 24, bold)
  w.y -= 20
  w.text(`Fecha de emisión: ${content.issuedOn}`, MARGIN, w.y, 10, regular, MUTED)
  w.y -= 14
}

function drawSummary(w: Writer, content: LetterContent) {
  const { regular, bold } = w.fonts
  const half = CONTENT_WIDTH / 2
  const validity = w.lines(content.validity, 10, bold, half - 20)
  const height = Math.max(74, 50 + validity.length * 13 + 10)
  w.ensure(height + 12)
  const top = w.y
  w.page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: GREEN_TINT, borderColor: GREEN, borderWidth: 1 })
  const left = MARGIN + 14
  w.text('Suma autorizada', left, top - 22, 9, regular, MUTED)
  w.text(content.amount, left, top - 48, 20, bold, GREEN)
  const right = MARGIN + half + 6
  w.text('Vigencia', right, top - 22, 9, regular, MUTED)
  let y = top - 35
  for (const line of validity) {
    w.text(line, right, y, 10, bold)
    y -= 13
  }
  w.text('Límite de facturación', right, y - 3, 9, regular, MUTED)
  w.text(content.invoicingDeadline, right, y - 16, 10, bold)
  w.y = top - height - 18
}

/** Two signature lines: the letter is printed, signed and handed to the provider. */
function drawSignatures(w: Writer) {
  const column = (CONTENT_WIDTH - 3 * COLUMN_GAP) / 2
  w.ensure(80)
  const y = w.y - 56
  ;['Nombre y firma de quien autoriza', 'Nombre y firma del proveedor'].forEach((label, i) => {
    const x = MARGIN + COLUMN_GAP / 2 + i * (column + 2 * COLUMN_GAP)
    w.page.drawLine({ start: { x, y }, end: { x: x + column, y }, thickness: 0.8, color: NAVY })
    const width = w.fonts.regular.widthOfTextAtSize(w.clean(label), 8.5)
    w.text(label, x + (column - width) / 2, y - 12, 8.5, w.fonts.regular, MUTED)
  })
  w.y = y - 24
}

function drawParagraph(w: Writer, value: string) {
  const size = 10
  const leading = 14
  const lines = w.lines(value, size, w.fonts.regular, CONTENT_WIDTH)
  w.ensure(lines.length * leading + 10)
  for (const line of lines) {
    w.text(line, MARGIN, w.y - size, size, w.fonts.regular)
    w.y -= leading
  }
  w.y -= 10
}

const LABEL_SIZE = 8.5
const VALUE_SIZE = 10.5
const VALUE_LEADING = 13.5

function rowHeight(w: Writer, row: LetterRow, width: number): number {
  return 12 + w.lines(row.value, VALUE_SIZE, w.fonts.regular, width).length * VALUE_LEADING + 8
}

function drawRow(w: Writer, row: LetterRow, x: number, top: number, width: number) {
  w.text(row.label, x, top - LABEL_SIZE, LABEL_SIZE, w.fonts.regular, MUTED)
  let y = top - 12 - VALUE_SIZE
  for (const line of w.lines(row.value, VALUE_SIZE, w.fonts.regular, width)) {
    w.text(line, x, y, VALUE_SIZE, w.fonts.regular)
    y -= VALUE_LEADING
  }
}

function drawSection(w: Writer, title: string, rows: LetterRow[]) {
  const column = (CONTENT_WIDTH - COLUMN_GAP) / 2
  // Rows pair up in two columns; a wide row takes a line of its own.
  const lines: LetterRow[][] = []
  for (const row of rows) {
    const last = lines.at(-1)
    if (!row.wide && last && last.length === 1 && !last[0]!.wide) last.push(row)
    else lines.push([row])
  }
  const heights = lines.map((line) =>
    Math.max(...line.map((row) => rowHeight(w, row, row.wide ? CONTENT_WIDTH : column))),
  )
  // Keep the title with at least its first line.
  w.ensure(26 + (heights[0] ?? 0))
  w.text(title, MARGIN, w.y - 12, 12, w.fonts.bold)
  w.page.drawLine({ start: { x: MARGIN, y: w.y - 18 }, end: { x: MARGIN + CONTENT_WIDTH, y: w.y - 18 }, thickness: 0.8, color: RULE })
  w.y -= 28
  lines.forEach((line, i) => {
    const height = heights[i]!
    w.ensure(height)
    line.forEach((row, j) => drawRow(w, row, MARGIN + j * (column + COLUMN_GAP), w.y, row.wide ? CONTENT_WIDTH : column))
    w.y -= height
  })
  w.y -= 6
}

function drawFooters(doc: PDFDocument, fonts: Fonts, clean: (text: string) => string, content: LetterContent) {
  const pages = doc.getPages()
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 16 }, end: { x: PAGE.width - MARGIN, y: MARGIN + 16 }, thickness: 0.5, color: RULE })
    const left = clean(`${content.title} ${content.code} · Emitida el ${content.issuedOn}`)
    page.drawText(left, { x: MARGIN, y: MARGIN, size: 8, font: fonts.regular, color: MUTED })
    const right = clean(`Página ${i + 1} de ${pages.length}`)
    const width = fonts.regular.widthOfTextAtSize(right, 8)
    page.drawText(right, { x: PAGE.width - MARGIN - width, y: MARGIN, size: 8, font: fonts.regular, color: MUTED })
  })
}

export async function buildLetterPdf(content: LetterContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`${content.title} ${content.code}`)
  doc.setSubject(`${content.title} del trámite ${content.code}`)
  doc.setLanguage('es-MX')
  doc.setProducer('Portal de trámites')
  doc.setCreator('Portal de trámites')
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  // Both fonts use WinAnsi, so one character set serves both.
  const clean = encodable(fonts.regular)
  const w = new Writer(doc, fonts, clean)
  drawHeader(w, content)
  drawSummary(w, content)
  drawParagraph(w, content.intro)
  for (const section of content.sections) drawSection(w, section.title, section.rows)
  drawSignatures(w)
  drawFooters(doc, fonts, clean, content)
  return doc.save()
}
