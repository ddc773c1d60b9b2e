/**
 * Real one-page PDFs for the demo data, made with pdf-lib. Each kind of document is laid out once, with the claim
 * number in a small uncompressed content stream; `pdfForClaim` copies the template and writes the claim number over
 * a fixed-width placeholder (same length, so every offset in the file stays valid). That keeps seeding hundreds of
 * files fast while every file still names its own claim.
 */
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib'

export type DemoPdfKind = 'solicitud' | 'resumen' | 'identificacion' | 'dictamen' | 'factura'

export interface PdfTemplate {
  bytes: Uint8Array
  /** Byte offset of the placeholder. */
  offset: number
}

const PLACEHOLDER = 'C##########'

const CONTENT: Record<DemoPdfKind, { title: string; lines: string[] }> = {
  solicitud: {
    title: 'Formato de solicitud',
    lines: [
      'Solicitud de apoyo con cargo a la cobertura del colaborador.',
      'Declaro que la información proporcionada es verdadera.',
      'Firma del colaborador: ______________________________',
    ],
  },
  resumen: {
    title: 'Resumen médico',
    lines: [
      'Padecimiento actual, antecedentes y tratamiento indicado.',
      'Nombre, cédula profesional y firma del médico tratante.',
    ],
  },
  identificacion: {
    title: 'Identificación oficial',
    lines: ['Copia de la credencial para votar por ambos lados.'],
  },
  dictamen: {
    title: 'Dictamen médico',
    lines: ['Dictaminación del trámite con base en el resumen médico y la cobertura contratada.'],
  },
  factura: {
    title: 'Factura',
    lines: ['Comprobante fiscal del servicio prestado al colaborador.', 'Forma de pago: transferencia electrónica.'],
  },
}

async function buildTemplate(kind: DemoPdfKind): Promise<PdfTemplate> {
  const { title, lines } = CONTENT[kind]
  const doc = await PDFDocument.create()
  doc.setTitle(title)
  doc.setProducer('Portal de trámites (datos de demostración)')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const page = doc.addPage([595.28, 841.89])
  const navy = rgb(0.06, 0.13, 0.28)
  page.drawText('Portal de trámites', { x: 56, y: 780, size: 11, font, color: rgb(0.2, 0.5, 0.25) })
  page.drawText(title, { x: 56, y: 745, size: 24, font: bold, color: navy })
  page.drawText('Número de trámite:', { x: 56, y: 712, size: 12, font, color: navy })
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 670 - i * 20, size: 11, font, color: navy }))
  page.drawText('Documento generado para datos de demostración.', { x: 56, y: 60, size: 9, font, color: rgb(0.4, 0.4, 0.4) })

  // The claim number lives in its own uncompressed stream, so it can be rewritten in place.
  const fontKey = page.node.newFontDictionary('Seed', bold.ref)
  const numberStream = doc.context.stream(`BT ${fontKey.toString()} 12 Tf 0.06 0.13 0.28 rg 170 712 Td (${PLACEHOLDER}) Tj ET`)
  page.node.addContentStream(doc.context.register(numberStream))

  const bytes = await doc.save({ useObjectStreams: false })
  const offset = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(PLACEHOLDER, 0, 'latin1')
  if (offset < 0) throw new Error('PDF template without its placeholder')
  return { bytes, offset }
}

export async function buildPdfTemplates(): Promise<Record<DemoPdfKind, PdfTemplate>> {
  const kinds = Object.keys(CONTENT) as DemoPdfKind[]
  const built = await Promise.all(kinds.map(buildTemplate))
  return Object.fromEntries(kinds.map((k, i) => [k, built[i]!])) as Record<DemoPdfKind, PdfTemplate>
}

/** A copy of the template naming claim C{idEvento}. */
export function pdfForClaim(template: PdfTemplate, idEvento: number): Uint8Array {
  const label = `C${idEvento}`.padEnd(PLACEHOLDER.length, ' ')
  if (label.length !== PLACEHOLDER.length) throw new Error(`claim number too long for the PDF template: ${idEvento}`)
  const copy = new Uint8Array(template.bytes)
  copy.set(Buffer.from(label, 'latin1'), template.offset)
  return copy
}
