/**
 * The letter prints every script a name or a diagnosis may be written in (issue 25, item 6): Noto faces embedded
 * only when used and subset, right-to-left runs in the order a reader of Arabic or Hebrew reads them.
 */
import { describe, expect, it } from 'vitest'
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { buildLetterPdf } from '../../server/domain/claims/letterPdf'
import type { LetterContent } from '../../server/domain/claims/letterContent'
import { unprintableCharacters, visualRuns } from '../../server/pdf/textRuns'
import { pdfText } from './helpers/pdfText'

function letter(names: { collaborator: string; doctor: string; diagnosis: string }): LetterContent {
  return {
    title: 'Carta autorización',
    code: 'C12',
    issuedOn: '27 de noviembre de 2026',
    amount: '$10,000.00 MXN',
    validity: 'Del 10 de noviembre de 2025 al 10 de diciembre de 2025',
    invoicingDeadline: '31 de diciembre de 2025',
    intro: `Por medio de la presente se autoriza el servicio a ${names.collaborator}.`,
    sections: [
      {
        title: 'Afiliado',
        rows: [
          { label: 'Nombre del afiliado', value: names.collaborator },
          { label: 'Nombre del médico', value: names.doctor },
          { label: 'Diagnóstico', value: names.diagnosis, wide: true },
        ],
      },
    ],
  }
}

/** The BaseFont names of the embedded fonts ('NotoSans-Regular-4824': pdf-lib tags each subset), read with pdf-lib. */
async function baseFonts(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf)
  const names = new Set<string>()
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue
    const base = object.get(PDFName.of('BaseFont'))
    if (base instanceof PDFName && object.get(PDFName.of('Subtype')) === PDFName.of('Type0')) names.add(base.decodeText())
  }
  return [...names].sort()
}

const collapse = (text: string) => text.replace(/\s+/g, ' ')

const EVERY_SCRIPT = {
  latin: 'José Ñúñez',
  greek: 'Σοφία Παπαδοπούλου',
  cyrillic: 'Анна Иванова',
  arabic: 'محمد علي',
  hebrew: 'שרה כהן',
  devanagari: 'प्रिया शर्मा',
  chinese: '张伟',
  japanese: 'さくら',
  korean: '김민준',
}

describe('the letter PDF and the scripts it prints', () => {
  it('embeds only subsets of the Latin face for a Spanish-only letter, and stays small', async () => {
    const pdf = await buildLetterPdf(letter({ collaborator: 'María Elena López García', doctor: 'Dra. Rosa Méndez', diagnosis: '¿Fractura? ¡Sí!' }))
    const fonts = await baseFonts(pdf)
    expect(fonts).toHaveLength(2)
    for (const font of fonts) expect(font).toMatch(/^NotoSans-(Regular|Bold)-/)
    expect(pdf.byteLength).toBeLessThan(60_000)
  })

  it('prints a name in every script as written (no "?"), with one subset per script and weight used', async () => {
    const all = Object.values(EVERY_SCRIPT).join(' · ')
    const pdf = await buildLetterPdf(letter({ collaborator: all, doctor: EVERY_SCRIPT.korean, diagnosis: EVERY_SCRIPT.devanagari }))
    const text = collapse((await pdfText(pdf)).all)
    for (const [script, name] of Object.entries(EVERY_SCRIPT)) {
      // pdf.js gives right-to-left text back in reading order. Devanagari comes back in the order of its shaped
      // glyphs (a vowel sign drawn before its consonant is read first), so that name is checked letter by letter.
      if (script === 'devanagari') for (const letter of name.replace(' ', '')) expect(text, script).toContain(letter)
      else for (const word of name.split(' ')) expect(text, script).toContain(word)
    }
    expect(text).not.toContain('?')
    const faces = (await baseFonts(pdf)).map((font) => font.split('-')[0])
    expect(new Set(faces)).toEqual(new Set(['NotoSans', 'NotoSansArabic', 'NotoSansHebrew', 'NotoSansDevanagari', 'NotoSansSC', 'NotoSansKR']))
    // Subset: the Chinese and Korean faces alone are 10 MB and 6 MB.
    expect(pdf.byteLength).toBeLessThan(400_000)
  })

  it('lays a right-to-left run out right to left, with a number in it left to right and Spanish around it in place', () => {
    const runs = visualRuns('Dr. שרה כהן 2026 fin')
    expect(runs.map((run) => [run.family, run.rtl, run.text.trim()]).filter(([, , text]) => text)).toEqual([
      ['latin', false, 'Dr.'],
      // Visual order: the number (the last thing read in the Hebrew part) leftmost, then the words right to left.
      ['hebrew', false, '2026'],
      ['hebrew', true, 'שרה כהן'],
      ['latin', false, 'fin'],
    ])
  })

  it('puts Arabic words right to left and keeps each word shaped as one run', () => {
    const runs = visualRuns('Sr. محمد علي')
    expect(runs.map((run) => [run.family, run.rtl, run.text.trim()])).toEqual([
      ['latin', false, 'Sr.'],
      ['arabic', true, 'محمد علي'],
    ])
  })

  it('names what no face prints (emoji, symbols), and nothing else', () => {
    expect(unprintableCharacters(Object.values(EVERY_SCRIPT).join(' '))).toEqual([])
    expect(unprintableCharacters('Paciente 😀 estable 🩺')).toEqual(['😀', '🩺'])
  })
})
