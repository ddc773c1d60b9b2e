/**
 * Draws the authorization letter (letterContent.ts) as a printable PDF on US Letter paper with pdf-lib: a header
 * with the claim code and date of issue, a highlighted box with the authorized sum, validity and invoicing
 * deadline, one block per letter section (label above value, two columns), two signature lines, and a footer with
 * the page count.
 *
 * Text is real text so it can be searched, copied and read by a screen reader or a test, in the Noto faces
 * (server/pdf/fontFamilies.ts): a name in Arabic, Hebrew, Devanagari, Chinese, Japanese, Korean, Greek or Cyrillic
 * prints as written, right-to-left runs in their order (server/pdf/textRuns.ts). Each face is embedded only when the
 * letter uses it, and only with the glyphs it uses (subset), so a Spanish-only letter carries two small Latin
 * subsets. Input refuses what no face prints (domain/rules `printable`, the letter service); a character stored
 * before that shows as '?' rather than failing the download.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import type { LetterContent, LetterRow } from './letterContent'
import { cachedFontkit, fontBytes, type FamilyId, type Weight } from '../../pdf/fontFamilies'
import { familiesIn, visualRuns } from '../../pdf/textRuns'

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

/** The embedded faces of one document, by family and weight (only the families its text needs). */
type Faces = Partial<Record<FamilyId, Record<Weight, PDFFont>>>

/** Draws and measures mixed-script text: one pdf-lib text object per run, in visual order. */
class Fonts {
  constructor(private readonly faces: Faces) {}

  private face(family: FamilyId, weight: Weight): PDFFont {
    return (this.faces[family] ?? this.faces.latin!)[weight]
  }

  width(text: string, size: number, weight: Weight): number {
    return visualRuns(text).reduce((sum, run) => sum + this.face(run.family, weight).widthOfTextAtSize(run.text, size), 0)
  }

  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; weight: Weight; color: ReturnType<typeof rgb> }) {
    let x = at.x
    for (const run of visualRuns(text)) {
      const font = this.face(run.family, at.weight)
      page.drawText(run.text, { x, y: at.y, size: at.size, font, color: at.color })
      x += font.widthOfTextAtSize(run.text, at.size)
    }
  }
}

async function embedFaces(doc: PDFDocument, text: string): Promise<Fonts> {
  doc.registerFontkit(cachedFontkit)
  const faces: Faces = {}
  for (const family of familiesIn(text)) {
    const [regular, bold] = await Promise.all(
      (['regular', 'bold'] as const).map((weight) => doc.embedFont(fontBytes(family, weight), { subset: true })),
    )
    faces[family] = { regular: regular!, bold: bold! }
  }
  return new Fonts(faces)
}

/** Splits text into lines no wider than `width` (a word longer than a line is cut). */
function wrap(text: string, fonts: Fonts, weight: Weight, size: number, width: number): string[] {
  const fits = (candidate: string) => fonts.width(candidate, size, weight) <= width
  const lines: string[] = []
  let line = ''
  for (const word of text.replace(/\s+/g, ' ').split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (fits(candidate)) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    let rest = Array.from(word)
    while (!fits(rest.join(''))) {
      let cut = rest.length - 1
      while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--
      lines.push(rest.slice(0, cut).join(''))
      rest = rest.slice(cut)
    }
    line = rest.join('')
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
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
  }

  ensure(height: number) {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - MARGIN
  }

  text(value: string, x: number, y: number, size: number, weight: Weight, color = NAVY) {
    this.fonts.draw(this.page, value, { x, y, size, weight, color })
  }

  lines(value: string, size: number, weight: Weight, width: number): string[] {
    return wrap(value, this.fonts, weight, size, width)
  }
}

function drawHeader(w: Writer, content: LetterContent) {
  w.text('Portal de trámites', MARGIN, w.y - 9, 9, 'regular', MUTED)
  const code = `Trámite ${content.code}`
  w.text(code, PAGE.width - MARGIN - w.fonts.width(code, 12, 'bold'), w.y - 10, 12, 'bold')
  w.y -= 42
  w.text(content.title, MARGIN, w.y, 24, 'bold')
  w.y -= 20
  w.text(`Fecha de emisión: ${content.issuedOn}`, MARGIN, w.y, 10, 'regular', MUTED)
  w.y -= 14
}

function drawSummary(w: Writer, content: LetterContent) {
  const half = CONTENT_WIDTH / 2
  const validity = w.lines(content.validity, 10, 'bold', half - 20)
  const height = Math.max(74, 50 + validity.length * 13 + 10)
  w.ensure(height + 12)
  const top = w.y
  w.page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: GREEN_TINT, borderColor: GREEN, borderWidth: 1 })
  const left = MARGIN + 14
  w.text('Suma autorizada', left, top - 22, 9, 'regular', MUTED)
  w.text(content.amount, left, top - 48, 20, 'bold', GREEN)
  const right = MARGIN + half + 6
  w.text('Vigencia', right, top - 22, 9, 'regular', MUTED)
  let y = top - 35
  for (const line of validity) {
    w.text(line, right, y, 10, 'bold')
    y -= 13
  }
  w.text('Límite de facturación', right, y - 3, 9, 'regular', MUTED)
  w.text(content.invoicingDeadline, right, y - 16, 10, 'bold')
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
    const width = w.fonts.width(label, 8.5, 'regular')
    w.text(label, x + (column - width) / 2, y - 12, 8.5, 'regular', MUTED)
  })
  w.y = y - 24
}

function drawParagraph(w: Writer, value: string) {
  const size = 10
  const leading = 14
  const lines = w.lines(value, size, 'regular', CONTENT_WIDTH)
  w.ensure(lines.length * leading + 10)
  for (const line of lines) {
    w.text(line, MARGIN, w.y - size, size, 'regular')
    w.y -= leading
  }
  w.y -= 10
}

const LABEL_SIZE = 8.5
const VALUE_SIZE = 10.5
const VALUE_LEADING = 13.5

function rowHeight(w: Writer, row: LetterRow, width: number): number {
  return 12 + w.lines(row.value, VALUE_SIZE, 'regular', width).length * VALUE_LEADING + 8
}

function drawRow(w: Writer, row: LetterRow, x: number, top: number, width: number) {
  w.text(row.label, x, top - LABEL_SIZE, LABEL_SIZE, 'regular', MUTED)
  let y = top - 12 - VALUE_SIZE
  for (const line of w.lines(row.value, VALUE_SIZE, 'regular', width)) {
    w.text(line, x, y, VALUE_SIZE, 'regular')
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
  w.text(title, MARGIN, w.y - 12, 12, 'bold')
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

function drawFooters(doc: PDFDocument, fonts: Fonts, content: LetterContent) {
  const pages = doc.getPages()
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 16 }, end: { x: PAGE.width - MARGIN, y: MARGIN + 16 }, thickness: 0.5, color: RULE })
    const left = `${content.title} ${content.code} · Emitida el ${content.issuedOn}`
    fonts.draw(page, left, { x: MARGIN, y: MARGIN, size: 8, weight: 'regular', color: MUTED })
    const right = `Página ${i + 1} de ${pages.length}`
    const width = fonts.width(right, 8, 'regular')
    fonts.draw(page, right, { x: PAGE.width - MARGIN - width, y: MARGIN, size: 8, weight: 'regular', color: MUTED })
  })
}

export async function buildLetterPdf(content: LetterContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`${content.title} ${content.code}`)
  doc.setSubject(`${content.title} del trámite ${content.code}`)
  doc.setLanguage('es-MX')
  doc.setProducer('Portal de trámites')
  doc.setCreator('Portal de trámites')
  // Every text drawn is the content's or a fixed Spanish label (Latin, always embedded).
  const fonts = await embedFaces(doc, JSON.stringify(content))
  const w = new Writer(doc, fonts)
  drawHeader(w, content)
  drawSummary(w, content)
  drawParagraph(w, content.intro)
  for (const section of content.sections) drawSection(w, section.title, section.rows)
  drawSignatures(w)
  drawFooters(doc, fonts, content)
  return doc.save()
}
