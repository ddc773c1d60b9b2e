/**
 * GET /api/event/letter-pdf/:idEvento: the authorization letter as a PDF. Before the dictamen is approved, and for
 * a rejected dictamen, it answers 409 with a Spanish reason (for every reader); once approved it answers a
 * downloadable PDF whose text (read back with pdf.js) holds every section of the letter screen, the claim code, the
 * authorized sum in es-MX MXN, the validity and invoicing dates and the date of issue. Who may read it is the
 * authorization table's job (authorization.events.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachDictamination, authHeaders, createRoleWorld } from './helpers/fixtures'
import { pdfText } from './helpers/pdfText'
import { claimLetters, claims, dictaminations } from '../../server/db/schema'
import { LETTER_PDF_REASONS } from '../../domain/letter'
import { issueDate } from '../../server/domain/claims/letterContent'

const t = useTestApp()

type World = Awaited<ReturnType<typeof createRoleWorld>>
const READERS = ['executiveOwner', 'admin', 'collaboratorOwner', 'assignedProvider', 'partner'] as const

async function getLetter(w: World, caller: keyof World['sessions'] = 'executiveOwner') {
  return t.app.inject({
    method: 'GET',
    url: `/api/event/letter-pdf/${w.claim.idEvento}`,
    headers: await authHeaders(t.app, w.sessions[caller]),
  })
}

const LETTER = {
  fechaIngreso: '2025-11-10',
  nombreMedico: 'Dra. Rosa Méndez Ñúñez',
  tipoServicio: 1,
  tipoAtencion: 3,
  tipoAtencion2: 4,
  tipoPadecimiento: 2,
  diagnostico: '¿Fractura? ¡Sí! Lesión de rodilla izquierda con pingüino de peluche',
  // A symbol outside Latin fonts: the Chinese face prints it.
  observaciones: 'Paciente estable ✓ revisión en 15 días',
  deducibleHospital: 500,
  coaseguroHospital: 10,
  medicoEsp: 'Traumatología',
  medicoProcedimiento: 'Reducción cerrada',
  medicoMonto: 4500,
  medicoHonorariosAsegurado: 1200.5,
  vigenciaDesde: '2025-11-10',
  vigenciaHasta: '2025-12-10',
  limiteFacturacion: '2025-12-31',
}

describe('before the dictamen is approved', () => {
  let w: World
  beforeAll(async () => {
    w = await createRoleWorld(t.db, { statusId: 6 })
  })

  it('answers 409 with the Spanish reason to every reader while there is no dictamen', async () => {
    for (const caller of READERS) {
      const res = await getLetter(w, caller)
      expect(res.statusCode, caller).toBe(409)
      expect(res.json()).toMatchObject({ success: false, reason: LETTER_PDF_REASONS.notYet })
    }
  })

  it('answers 409 after a rejected dictamen', async () => {
    await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser, 0)
    await t.db.update(claims).set({ statusId: 10 }).where(eq(claims.idEvento, w.claim.idEvento))
    for (const caller of READERS) {
      const res = await getLetter(w, caller)
      expect(res.statusCode, caller).toBe(409)
      expect(res.json()).toMatchObject({ success: false, reason: LETTER_PDF_REASONS.rejected })
    }
  })

  it('answers 404 for a claim that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/event/letter-pdf/987654',
      headers: await authHeaders(t.app, w.sessions.admin),
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('once the dictamen is approved', () => {
  let w: World
  let text: string
  let pdf: Buffer

  beforeAll(async () => {
    w = await createRoleWorld(t.db, { statusId: 7 })
    await t.db.update(claims).set({ servicioId: w.assignedProvider.provider.servicioId }).where(eq(claims.idEvento, w.claim.idEvento))
    await t.db.insert(claimLetters).values({ idEvento: w.claim.idEvento, ...LETTER })
    await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser, 1)
    const res = await getLetter(w, 'assignedProvider')
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    pdf = res.rawPayload
    // pdf.js splits a line at each change of font (a symbol in the Chinese face): spaces collapsed.
    text = (await pdfText(new Uint8Array(pdf))).all.replace(/\s+/g, ' ')
  })

  it('is a PDF download that no cache keeps', async () => {
    const res = await getLetter(w)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Carta-autorizacion-C${w.claim.idEvento}.pdf"`)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('holds the title, the claim code, the date of issue and the authorized sum in es-MX MXN', () => {
    expect(text).toContain('Carta autorización')
    expect(text).toContain(`Trámite C${w.claim.idEvento}`)
    expect(text).toContain(`Fecha de emisión: ${issueDate(new Date())}`)
    expect(text).toContain('$10,000.00 MXN')
  })

  it('holds every section of the letter screen with its data, accents included', () => {
    for (const section of ['Proveedor', 'Afiliado', 'Servicio', 'Dictamen', 'Honorarios médicos', 'Extra']) expect(text).toContain(section)
    const provider = w.assignedProvider.provider.nombreProveedor
    for (const expected of [
      provider,
      'Consulta médica',
      'María Elena López García',
      String(w.claim.idColaborador),
      '34 años',
      'Femenino',
      'Sinaloa',
      'Culiacán',
      '10 de noviembre de 2025',
      'Dra. Rosa Méndez Ñúñez',
      'INICIAL',
      'Programada',
      'Paraclínicos y Estudios de Gabinete',
      'Accidente',
      '¿Fractura? ¡Sí! Lesión de rodilla izquierda con pingüino de peluche',
      'Paciente estable ✓ revisión en 15 días',
      'Aprobado',
      '$500.00 MXN',
      '$10.00 MXN',
      'Traumatología',
      'Reducción cerrada',
      '$4,500.00 MXN',
      '$1,200.50 MXN',
      '10 de diciembre de 2025',
      '31 de diciembre de 2025',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('states the validity and the invoicing deadline in the summary', () => {
    expect(text).toContain('Vigencia Del 10 de noviembre de 2025 al 10 de diciembre de 2025')
    expect(text).toContain('Límite de facturación 31 de diciembre de 2025')
  })

  it('fits on Letter paper and numbers its pages', async () => {
    const { PDFDocument } = await import('@cantoo/pdf-lib')
    const doc = await PDFDocument.load(pdf)
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 })
    expect(text).toContain(`Página 1 de ${doc.getPageCount()}`)
  })

  it('is read by every reader of the claim, the collaborator of the claim included', async () => {
    for (const caller of READERS) expect((await getLetter(w, caller)).statusCode, caller).toBe(200)
  })

  it('still answers 409 if the dictamen is later replaced by a rejection', async () => {
    await t.db.update(dictaminations).set({ dictaminacion: 0 }).where(eq(dictaminations.idEvento, w.claim.idEvento))
    const res = await getLetter(w)
    expect(res.statusCode).toBe(409)
    await t.db.update(dictaminations).set({ dictaminacion: 1 }).where(eq(dictaminations.idEvento, w.claim.idEvento))
  })
})
