/**
 * /api/file dictamen, invoices and downloads: each moves the claim through the lifecycle in the same transaction
 * as its row, refuses what the stage or the role does not allow without leaving files behind, and downloads answer
 * attachments with a cleaned name, nosniff and no-store.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachClaimDocument, attachDictamination, attachInvoice, authHeaders, createRoleWorld } from './helpers/fixtures'
import { fileTablesSnapshot, IMAGES, makePdf, multipartBody, storeSnapshot, type FormPart } from './helpers/uploads'
import { claims, dictaminations, invoices, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

describe('dictamen, invoices and downloads', () => {
  const t = useTestApp()

  const postForm = async (url: string, session: Session | null, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts)
    return t.app.inject({ method: 'POST', url, payload, headers: { ...(await authHeaders(t.app, session)), ...headers } })
  }
  const get = async (url: string, session: Session | null) => t.app.inject({ url, headers: await authHeaders(t.app, session) })
  const stageOf = async (idEvento: number) =>
    (await t.db.select({ s: claims.statusId }).from(claims).where(eq(claims.idEvento, idEvento)))[0]!.s
  const snapshot = async () => ({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) })
  const pdf = async (name = 'file', filename = 'dictamen.pdf', text = filename): Promise<FormPart> => ({
    name,
    filename,
    content: await makePdf(text),
    contentType: 'application/pdf',
  })
  async function withAllDocuments(statusId: number, status = 2) {
    const w = await createRoleWorld(t.db, { statusId })
    for (const tipo of [1, 2, 3] as const) await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, status)
    return w
  }

  describe('dictamen', () => {
    it('is null until saved; an approved dictamen moves the claim to Facturación and is listed and downloadable', async () => {
      const w = await withAllDocuments(6)
      const idEvento = w.claim.idEvento
      const empty = await get(`/api/file/get-dictamination/${idEvento}`, w.sessions.partner)
      expect(empty.statusCode).toBe(200)
      expect(empty.json()).toEqual({ success: true, response: null, reason: '' })

      const bytes = await makePdf('Dictamen aprobado')
      const res = await postForm('/api/file/add-dictamination', w.sessions.executiveOwner, [
        { name: 'idEvento', value: String(idEvento) },
        { name: 'dictaminacion', value: '1' },
        { name: 'comentario', value: 'Procede el apoyo' },
        { name: 'file', filename: 'Dictamen médico.pdf', content: bytes, contentType: 'application/pdf' },
      ])
      expect(res.statusCode).toBe(200)
      const expected = {
        nombre: 'Dictamen médico.pdf',
        url: `/api/file/download/dictamination/${idEvento}`,
        comentario: 'Procede el apoyo',
        dictaminacion: '1',
      }
      expect(res.json().response).toEqual({ dictamination: expected, statusId: 7 })
      expect(await stageOf(idEvento)).toBe(7)
      const history = await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento))
      expect(history.at(-1)).toMatchObject({ statusId: 7, actor: `user:${w.owner.idUser}` })

      const listed = await get(`/api/file/get-dictamination/${idEvento}`, w.sessions.collaboratorOwner)
      expect(listed.json().response).toEqual(expected)
      const download = await get(expected.url, w.sessions.assignedProvider)
      expect(download.statusCode).toBe(200)
      expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0)
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Dictamen medico.pdf"; filename*=UTF-8''Dictamen%20m%C3%A9dico.pdf`,
      )
    })

    it('a rejected dictamen ends the claim as Trámite rechazado', async () => {
      const w = await withAllDocuments(6)
      const res = await postForm('/api/file/add-dictamination', w.sessions.admin, [
        { name: 'idEvento', value: String(w.claim.idEvento) },
        { name: 'dictaminacion', value: '0' },
        await pdf(),
      ])
      expect(res.statusCode).toBe(200)
      expect(res.json().response).toMatchObject({ statusId: 10, dictamination: { dictaminacion: '0', comentario: null } })
    })

    it('refuses a non-PDF, a missing file or status, and a stage without a letter; nothing is left behind', async () => {
      const early = await withAllDocuments(3)
      const w = await withAllDocuments(6)
      const before = await snapshot()
      const id = (x: typeof w) => ({ name: 'idEvento', value: String(x.claim.idEvento) })
      // The administrator may act on any claim, so one session covers the claim in the wrong stage too.
      const cases: [FormPart[], number, string][] = [
        [[id(w), { name: 'dictaminacion', value: '1' }, { name: 'file', filename: 'd.pdf', content: IMAGES.jpg }], 400, 'Error: Se requiere un archivo PDF'],
        [[id(w), { name: 'dictaminacion', value: '1' }], 400, 'Campo requerido: file'],
        [[id(w), await pdf()], 400, 'Campo requerido: dictaminacion'],
        [[id(w), { name: 'dictaminacion', value: '2' }, await pdf()], 400, 'El valor introducido no es válido en dictaminacion'],
        [
          [id(early), { name: 'dictaminacion', value: '1' }, await pdf()],
          409,
          `El trámite C${early.claim.idEvento} está en «Validación de documentos» y no admite esta acción`,
        ],
      ]
      for (const [parts, status, reason] of cases) {
        const res = await postForm('/api/file/add-dictamination', w.sessions.admin, parts)
        expect(res.statusCode).toBe(status)
        expect(res.json().reason).toBe(reason)
      }
      expect(await snapshot()).toEqual(before)
      expect(await t.db.select().from(dictaminations).where(eq(dictaminations.idEvento, early.claim.idEvento))).toEqual([])
    })

    it('refuses a second dictamen once the claim is in Facturación (409): the first dictamen and the stage stay', async () => {
      const w = await withAllDocuments(7)
      const idEvento = w.claim.idEvento
      const first = await attachDictamination(t.db, t.app.fileStore, idEvento, w.owner.idUser, 1)
      const before = await snapshot()
      // Neither a new approval nor a late rejection: README "Claim stages", the dictamen is taken in Carta autorización.
      for (const session of [w.sessions.executiveOwner, w.sessions.admin]) {
        for (const dictaminacion of ['1', '0']) {
          const res = await postForm('/api/file/add-dictamination', session, [
            { name: 'idEvento', value: String(idEvento) },
            { name: 'dictaminacion', value: dictaminacion },
            await pdf('file', 'otro-dictamen.pdf'),
          ])
          expect(res.statusCode, dictaminacion).toBe(409)
          expect(res.json().reason).toBe(`El trámite C${idEvento} está en «Facturación» y no admite esta acción`)
        }
      }
      expect(await snapshot()).toEqual(before)
      expect(await stageOf(idEvento)).toBe(7)
      expect(await t.db.select().from(dictaminations).where(eq(dictaminations.idEvento, idEvento))).toEqual([first])
      expect(await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento))).toHaveLength(1)
    })
  })

  describe('provider invoice', () => {
    const invoiceForm = async (w: Awaited<ReturnType<typeof createRoleWorld>>, idProveedor: number, file?: FormPart) => [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'idProveedor', value: String(idProveedor) },
      file ?? (await pdf('file', 'factura.pdf')),
    ]

    it('the assigned provider uploads it (answer true) and the claim goes to Factura en revisión', async () => {
      const w = await withAllDocuments(7)
      const res = await postForm(
        '/api/file/add-invoice-to-event',
        w.sessions.assignedProvider,
        await invoiceForm(w, w.assignedProvider.provider.idProveedor),
      )
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, response: true, reason: 'Carga de factura exitosa.' })
      expect(await stageOf(w.claim.idEvento)).toBe(9)
      const [row] = await t.db.select().from(invoices).where(eq(invoices.idEvento, w.claim.idEvento))
      expect(row).toMatchObject({ status: 0, nombre: 'factura.pdf', idProveedor: w.assignedProvider.provider.idProveedor })
      expect(await t.app.fileStore.exists(row!.storageKey)).toBe(true)
    })

    it('may be replaced while in review (one invoice per claim, old file removed) but not once approved', async () => {
      const w = await withAllDocuments(9)
      const idProveedor = w.assignedProvider.provider.idProveedor
      const first = await attachInvoice(t.db, t.app.fileStore, w.claim.idEvento, idProveedor, 0)
      const res = await postForm('/api/file/add-invoice-to-event', w.sessions.assignedProvider, await invoiceForm(w, idProveedor))
      expect(res.statusCode).toBe(200)
      const rows = await t.db.select().from(invoices).where(eq(invoices.idEvento, w.claim.idEvento))
      expect(rows).toHaveLength(1)
      expect(rows[0]!.idFactura).toBe(first.idFactura)
      expect(rows[0]!.storageKey).not.toBe(first.storageKey)
      expect(await t.app.fileStore.exists(first.storageKey)).toBe(false)
      expect(await stageOf(w.claim.idEvento)).toBe(9)

      await t.db.update(invoices).set({ status: 1 }).where(eq(invoices.idFactura, first.idFactura))
      const before = await snapshot()
      const late = await postForm('/api/file/add-invoice-to-event', w.sessions.assignedProvider, await invoiceForm(w, idProveedor))
      expect(late.statusCode).toBe(409)
      expect(late.json().reason).toBe('La factura de este trámite ya fue aprobada')
      expect(await snapshot()).toEqual(before)
    })

    it("refuses another provider's id, a non-PDF and a stage before Facturación, writing nothing", async () => {
      const w = await withAllDocuments(7)
      const early = await withAllDocuments(6)
      const before = await snapshot()
      const mine = w.assignedProvider.provider.idProveedor
      const foreignId = await postForm(
        '/api/file/add-invoice-to-event',
        w.sessions.assignedProvider,
        await invoiceForm(w, w.otherProvider.provider.idProveedor),
      )
      expect(foreignId.statusCode).toBe(403)
      expect(foreignId.json().reason).toBe('El proveedor indicado no corresponde a su cuenta')
      const png = await postForm(
        '/api/file/add-invoice-to-event',
        w.sessions.assignedProvider,
        await invoiceForm(w, mine, { name: 'file', filename: 'factura.pdf', content: IMAGES.png, contentType: 'application/pdf' }),
      )
      expect(png.statusCode).toBe(400)
      expect(png.json().reason).toBe('Error: Se requiere un archivo PDF')
      const tooEarly = await postForm(
        '/api/file/add-invoice-to-event',
        early.sessions.assignedProvider,
        await invoiceForm(early, early.assignedProvider.provider.idProveedor),
      )
      expect(tooEarly.statusCode).toBe(409)
      expect(await snapshot()).toEqual(before)
    })
  })

  describe('validate-invoice', () => {
    const validate = async (session: Session, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/file/validate-invoice', headers: await authHeaders(t.app, session), payload: payload as object })

    it('the administrator approves it: status 1 with approvedAt, and the claim is concluded', async () => {
      const w = await withAllDocuments(9)
      const invoice = await attachInvoice(t.db, t.app.fileStore, w.claim.idEvento, w.assignedProvider.provider.idProveedor)
      const res = await validate(w.sessions.admin, { idEvento: w.claim.idEvento })
      expect(res.statusCode).toBe(200)
      expect(res.json().response).toEqual({ statusId: 8 })
      const [row] = await t.db.select().from(invoices).where(eq(invoices.idFactura, invoice.idFactura))
      expect(row!.status).toBe(1)
      expect(row!.approvedAt).not.toBeNull()
      expect(await stageOf(w.claim.idEvento)).toBe(8)
      const again = await validate(w.sessions.admin, { idEvento: w.claim.idEvento })
      expect(again.statusCode).toBe(409)
    })

    it('refuses without an invoice, without the three documents, with extra fields or an unknown claim', async () => {
      const noInvoice = await withAllDocuments(9)
      const twoDocs = await createRoleWorld(t.db, { statusId: 9 })
      for (const tipo of [1, 2] as const) await attachClaimDocument(t.db, t.app.fileStore, twoDocs.claim.idEvento, tipo, 2)
      await attachInvoice(t.db, t.app.fileStore, twoDocs.claim.idEvento, twoDocs.assignedProvider.provider.idProveedor)
      const before = await snapshot()
      const cases: [unknown, number, string][] = [
        [{ idEvento: noInvoice.claim.idEvento }, 404, 'No se encontró la factura del trámite'],
        [{ idEvento: twoDocs.claim.idEvento }, 409, 'No se puede aprobar la factura: faltan documentos del trámite'],
        [{ idEvento: noInvoice.claim.idEvento, status: 1 }, 400, 'Campo no permitido: status'],
        [{ idEvento: 99999999 }, 404, 'No se encontró el trámite'],
        [{ idEvento: 'C1' }, 400, 'Tipo de dato inválido en idEvento'],
      ]
      for (const [payload, status, reason] of cases) {
        const res = await validate(noInvoice.sessions.admin, payload)
        expect(res.statusCode).toBe(status)
        expect(res.json().reason).toBe(reason)
      }
      expect(await snapshot()).toEqual(before)
    })
  })

  describe('downloads', () => {
    it('answer the bytes as a PDF attachment with nosniff and no-store', async () => {
      const w = await withAllDocuments(9)
      const doc = await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, 2, 2)
      const invoice = await attachInvoice(t.db, t.app.fileStore, w.claim.idEvento, w.assignedProvider.provider.idProveedor)
      await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser)
      const urls = [
        `/api/file/download/claim-file/${doc.id}`,
        `/api/file/download/invoice/${invoice.idFactura}`,
        `/api/file/download/dictamination/${w.claim.idEvento}`,
      ]
      for (const url of urls) {
        const res = await get(url, w.sessions.collaboratorOwner)
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-type']).toBe('application/pdf')
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect(res.headers['cache-control']).toBe('no-store')
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pdf"$/)
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      }
      const invoiceRes = await get(urls[1]!, w.sessions.admin)
      expect(invoiceRes.headers['content-disposition']).toBe(`attachment; filename="factura-C${w.claim.idEvento}.pdf"`)
    })

    it('sanitise names with quotes, accents and no extension, and answer 404 for unknown ids', async () => {
      const w = await createRoleWorld(t.db)
      const { payload, headers } = multipartBody([
        { name: 'idEvento', value: String(w.claim.idEvento) },
        { name: 'fileOne', filename: 'Identificación oficial; x', content: await makePdf(), contentType: 'application/pdf' },
      ])
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/file/add-files-to-event',
        payload,
        headers: { ...(await authHeaders(t.app, w.sessions.collaboratorOwner)), ...headers },
      })
      expect(up.statusCode).toBe(200)
      const res = await get(up.json().response.file.url, w.sessions.executiveOwner)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Identificacion oficial_ x.pdf"; filename*=UTF-8''Identificaci%C3%B3n%20oficial%3B%20x.pdf`,
      )
      for (const url of ['/api/file/download/claim-file/99999999', '/api/file/download/invoice/99999999', `/api/file/download/dictamination/${w.claim.idEvento}`]) {
        const missing = await get(url, w.sessions.admin)
        expect(missing.statusCode, url).toBe(404)
        expect(missing.json().success).toBe(false)
      }
      expect((await get('/api/file/download/claim-file/abc', w.sessions.admin)).statusCode).toBe(400)
    })
  })
})
