/**
 * /api/file documents: listing, uploading (each form variant), replacing, reviewer comments and verification,
 * with the lifecycle moving the claim and every refused request leaving the database and the file store as they
 * were — including a refusal that happens after the file was already written (illegal lifecycle event).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, type TestApp, useTestApp } from './helpers/testApp'
import { attachClaimDocument, authHeaders, createRoleWorld } from './helpers/fixtures'
import { fileTablesSnapshot, IMAGES, makePdf, multipartBody, storeSnapshot, type FormPart } from './helpers/uploads'
import { claimFiles, claims, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'
import { withExifGps } from '../fixtures/exifJpeg'

const UPLOAD = '/api/file/add-files-to-event'

describe('claim documents', () => {
  const t = useTestApp()

  const post = async (session: Session | null, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts)
    return t.app.inject({ method: 'POST', url: UPLOAD, payload, headers: { ...(await authHeaders(t.app, session)), ...headers } })
  }
  const pdfPart = async (name: string, filename = 'solicitud.pdf', text = name): Promise<FormPart> => ({
    name,
    filename,
    content: await makePdf(text),
    contentType: 'application/pdf',
  })
  const stageOf = async (idEvento: number) =>
    (await t.db.select({ s: claims.statusId }).from(claims).where(eq(claims.idEvento, idEvento)))[0]!.s
  const snapshot = async () => ({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) })
  const info = async (session: Session, idEvento: number) =>
    t.app.inject({ url: `/api/file/get-info-by-event/${idEvento}`, headers: await authHeaders(t.app, session) })

  it('lets the collaborator upload the first document: stored, listed, downloadable, claim moves to Carga de documentos', async () => {
    const w = await createRoleWorld(t.db)
    const idEvento = w.claim.idEvento
    const pdf = await makePdf('Formato de solicitud firmado')
    const res = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(idEvento) },
      { name: 'comentario', value: '' },
      { name: 'estatus', value: '1' },
      { name: 'fileOne', filename: 'Formato de solicitud.pdf', content: pdf, contentType: 'application/pdf' },
    ])
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    expect(body.response.statusId).toBe(2)
    expect(body.response.file).toMatchObject({ tipo: '1', status: 1, nombre: 'Formato de solicitud.pdf', comentario: null })
    expect(body.response.file.url).toBe(`/api/file/download/claim-file/${body.response.file.id}`)

    expect(await stageOf(idEvento)).toBe(2)
    const history = await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento))
    expect(history.map((h) => h.statusId)).toEqual([1, 2])
    expect(history[1]!.actor).toBe(`colaborador:${w.claim.idColaborador}`)

    const listed = await info(w.sessions.executiveOwner, idEvento)
    expect(listed.statusCode).toBe(200)
    expect(listed.headers['cache-control']).toBe('no-store')
    expect(listed.json().response).toEqual({ files: [body.response.file], numSended: 1 })

    const [row] = await t.db.select().from(claimFiles).where(eq(claimFiles.idEvento, idEvento))
    expect(await t.app.fileStore.exists(row!.storageKey)).toBe(true)
    expect(row!.storageKey).not.toContain('Formato')
    const download = await t.app.inject({ url: body.response.file.url, headers: await authHeaders(t.app, w.sessions.partner) })
    expect(download.statusCode).toBe(200)
    expect(Buffer.compare(download.rawPayload, Buffer.from(pdf))).toBe(0)
  })

  it('accepts fileTwo and `file` with tipo; the third document moves the claim to Validación de documentos', async () => {
    const w = await createRoleWorld(t.db)
    const idEvento = w.claim.idEvento
    const id = { name: 'idEvento', value: String(idEvento) }
    expect((await post(w.sessions.executiveOwner, [id, await pdfPart('fileOne')])).statusCode).toBe(200)
    const second = await post(w.sessions.admin, [id, await pdfPart('fileTwo', 'resumen.pdf')])
    expect(second.json().response).toMatchObject({ statusId: 2, file: { tipo: '2' } })
    const third = await post(w.sessions.collaboratorOwner, [id, { name: 'tipo', value: '3' }, await pdfPart('file', 'ine.pdf')])
    expect(third.statusCode).toBe(200)
    expect(third.json().response).toMatchObject({ statusId: 3, file: { tipo: '3', nombre: 'ine.pdf' } })
    const listed = (await info(w.sessions.collaboratorOwner, idEvento)).json().response
    expect(listed.numSended).toBe(3)
    expect(listed.files.map((f: { tipo: string }) => f.tipo)).toEqual(['1', '2', '3'])
    expect((await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento))).map((h) => h.statusId)).toEqual([
      1, 2, 3,
    ])
  })

  it('replaces the previous file of the same tipo: same row and url, new bytes, the old file removed after commit', async () => {
    const w = await createRoleWorld(t.db)
    const id = { name: 'idEvento', value: String(w.claim.idEvento) }
    const first = (await post(w.sessions.collaboratorOwner, [id, await pdfPart('fileTwo', 'v1.pdf', 'version 1')])).json().response
    const [before] = await t.db.select().from(claimFiles).where(eq(claimFiles.id, first.file.id))
    const newPdf = await makePdf('version 2')
    const second = await post(w.sessions.collaboratorOwner, [
      id,
      { name: 'fileTwo', filename: 'v2.pdf', content: newPdf, contentType: 'application/pdf' },
    ])
    expect(second.statusCode).toBe(200)
    expect(second.json().response.file).toMatchObject({ id: first.file.id, url: first.file.url, nombre: 'v2.pdf', status: 1 })
    const rows = await t.db.select().from(claimFiles).where(eq(claimFiles.idEvento, w.claim.idEvento))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.storageKey).not.toBe(before!.storageKey)
    expect(await t.app.fileStore.exists(before!.storageKey)).toBe(false)
    const download = await t.app.inject({ url: first.file.url, headers: await authHeaders(t.app, w.sessions.admin) })
    expect(Buffer.compare(download.rawPayload, Buffer.from(newPdf))).toBe(0)
  })

  it('parallel uploads of the same document leave one row and exactly one stored file', async () => {
    const w = await createRoleWorld(t.db)
    const before = await storeSnapshot(t.app)
    const results = await Promise.all(
      // Three: one user's uploads at the same time (uploadStreaming.test.ts checks the fourth is refused).
      [1, 2, 3].map(async (n) =>
        post(w.sessions.collaboratorOwner, [{ name: 'idEvento', value: String(w.claim.idEvento) }, await pdfPart('fileOne', `v${n}.pdf`, `v${n}`)]),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200])
    const rows = await t.db.select().from(claimFiles).where(eq(claimFiles.idEvento, w.claim.idEvento))
    expect(rows).toHaveLength(1)
    const added = (await storeSnapshot(t.app)).filter((k) => !before.includes(k))
    expect(added).toEqual([rows[0]!.storageKey])
  })

  it('refuses a PNG named x.pdf with application/pdf, by content, writing nothing', async () => {
    const w = await createRoleWorld(t.db)
    const before = await snapshot()
    const res = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'x.pdf', content: IMAGES.png, contentType: 'application/pdf' },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'Error: Se requiere un archivo PDF' })
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a phone photo sent as it is (JPEG with its EXIF location): only PDFs are stored (issue 22)', async () => {
    const w = await createRoleWorld(t.db)
    const before = await snapshot()
    const res = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileTwo', filename: 'IMG_2041.jpg', content: Buffer.from(withExifGps(IMAGES.jpg)), contentType: 'image/jpeg' },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'Error: Se requiere un archivo PDF' })
    expect(await snapshot()).toEqual(before)
  })

  it('accepts a real PDF whatever its name or declared type', async () => {
    const w = await createRoleWorld(t.db)
    const res = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileThree', filename: 'foto.png', content: await makePdf('ine'), contentType: 'image/png' },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json().response.file.nombre).toBe('foto.png')
  })

  it('keeps only a cleaned original name (no folders, no control characters, at most 255 characters)', async () => {
    const w = await createRoleWorld(t.db)
    const id = { name: 'idEvento', value: String(w.claim.idEvento) }
    const res = await post(w.sessions.collaboratorOwner, [
      id,
      { name: 'fileOne', filename: `..\\..\\etc\\pass\twd${'ñ'.repeat(400)}.pdf`, content: await makePdf(), contentType: 'application/pdf' },
    ])
    expect(res.statusCode).toBe(200)
    const nombre: string = res.json().response.file.nombre
    expect(nombre.startsWith('passwd')).toBe(true)
    expect([...nombre].length).toBe(255)
    expect(nombre).not.toMatch(/[\\/\t]/)
  })

  it('removes the written file when the lifecycle refuses the upload (claim already past document upload)', async () => {
    const w = await createRoleWorld(t.db, { statusId: 5 })
    const idEvento = w.claim.idEvento
    const old = await attachClaimDocument(t.db, t.app.fileStore, idEvento, 1, 2)
    const before = await snapshot()
    expect(before.store).toContain(old.storageKey)
    // A new document and a replacement: both are written to the store, then the transaction is refused with 409.
    for (const field of ['fileTwo', 'fileOne']) {
      const res = await post(w.sessions.executiveOwner, [{ name: 'idEvento', value: String(idEvento) }, await pdfPart(field)])
      expect(res.statusCode).toBe(409)
      expect(res.json().reason).toBe(`El trámite C${idEvento} está en «Asignación de proveedor» y no admite esta acción`)
      expect(await snapshot()).toEqual(before)
    }
    expect(await t.app.fileStore.exists(old.storageKey)).toBe(true)
  })

  describe('replacing a document until the reviewer verifies it (issue 21)', () => {
    /** A claim in Validación de documentos whose documents have these statuses. */
    async function claimInValidation(statuses: [number, number, number]) {
      const w = await createRoleWorld(t.db, { statusId: 3 })
      for (const tipo of [1, 2, 3] as const) await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, statuses[tipo - 1]!)
      return w
    }

    it('the collaborator replaces a document nobody reviewed yet, while another one is already verified', async () => {
      const w = await claimInValidation([2, 1, 1])
      const res = await post(w.sessions.collaboratorOwner, [{ name: 'idEvento', value: String(w.claim.idEvento) }, await pdfPart('fileTwo', 'resumen correcto.pdf')])
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ success: true, response: { statusId: 3, file: { tipo: '2', status: 1, nombre: 'resumen correcto.pdf' } } })
      expect(await stageOf(w.claim.idEvento)).toBe(3)
    })

    for (const verified of [2, 4]) {
      it(`refuses with 409 and writes nothing when the document is verified (status ${verified}), for the collaborator and the executive`, async () => {
        const w = await claimInValidation([verified, 1, 1])
        const before = await snapshot()
        for (const session of [w.sessions.collaboratorOwner, w.sessions.executiveOwner]) {
          const res = await post(session, [{ name: 'idEvento', value: String(w.claim.idEvento) }, await pdfPart('fileOne')])
          expect(res.statusCode).toBe(409)
          expect(res.json()).toEqual({ success: false, response: null, reason: 'Documento verificado: ya no se reemplaza.' })
          expect(await snapshot()).toEqual(before)
        }
      })
    }

    it('a rejected document is uploaded again and the claim goes back to Validación de documentos', async () => {
      const w = await createRoleWorld(t.db, { statusId: 4 })
      for (const [tipo, status] of [[1, 2], [2, 5], [3, 2]] as const) await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, status)
      const res = await post(w.sessions.collaboratorOwner, [{ name: 'idEvento', value: String(w.claim.idEvento) }, await pdfPart('fileTwo')])
      expect(res.statusCode).toBe(200)
      expect(res.json().response.statusId).toBe(3)
    })
  })

  it('refuses malformed forms with 4xx and writes nothing', async () => {
    const w = await createRoleWorld(t.db)
    const idEvento = String(w.claim.idEvento)
    const s = w.sessions.executiveOwner
    const before = await snapshot()
    const pdf = await pdfPart('fileOne')
    const cases: [FormPart[], number, string | RegExp][] = [
      [[{ name: 'idEvento', value: idEvento }, { name: 'idUser', value: '1' }, pdf], 400, 'Campo no permitido: idUser'],
      [[{ name: 'idEvento', value: idEvento }, pdf, await pdfPart('fileTwo')], 400, 'Solo se permite un archivo por solicitud'],
      [[{ name: 'idEvento', value: idEvento }, { name: 'idEvento', value: idEvento }, pdf], 400, 'Campo repetido: idEvento'],
      [[{ name: 'idEvento', value: idEvento }, { name: 'fileOne', value: 'no soy un archivo' }], 400, 'Se requiere un archivo en fileOne'],
      [[{ name: 'idEvento', value: idEvento }, await pdfPart('file')], 400, 'Campo requerido: tipo'],
      [[{ name: 'idEvento', value: idEvento }, { name: 'tipo', value: '2' }, pdf], 400, 'El tipo no corresponde al documento enviado'],
      [[{ name: 'idEvento', value: idEvento }, { name: 'tipo', value: '4' }, await pdfPart('file')], 400, /tipo/],
      [[{ name: 'idEvento', value: 'C12' }, pdf], 400, /idEvento/],
      [[pdf], 400, 'Campo requerido: idEvento'],
      [[{ name: 'idEvento', value: idEvento }, await pdfPart('fileFour')], 400, 'Campo no permitido: fileFour'],
      [[{ name: 'idEvento', value: '99999999' }, pdf], 404, 'No se encontró el trámite'],
    ]
    for (const [parts, status, reason] of cases) {
      const res = await post(s, parts)
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(status)
      expect(res.json().success).toBe(false)
      if (typeof reason === 'string') expect(res.json().reason).toBe(reason)
      else expect(res.json().reason).toMatch(reason)
    }
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: await authHeaders(t.app, s),
      payload: { idEvento: Number(idEvento), tipo: 1, estatus: '3', comentario: 'hola' },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json().reason).toBe('La solicitud debe enviarse como multipart/form-data')
    const broken = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...(await authHeaders(t.app, s)), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="idEvento"\r\n\r\n1',
    })
    expect(broken.statusCode).toBeGreaterThanOrEqual(400)
    expect(broken.statusCode).toBeLessThan(500)
    expect(await snapshot()).toEqual(before)
  })

  describe('reviewer comment (no file)', () => {
    async function claimInValidation() {
      const w = await createRoleWorld(t.db, { statusId: 3 })
      const docs = []
      for (const tipo of [1, 2, 3] as const) docs.push(await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, 1))
      return { w, docs }
    }

    it('stores status and comment of the document named by its url; a rejection sends the claim back', async () => {
      const { w, docs } = await claimInValidation()
      const url = `/api/file/download/claim-file/${docs[1]!.id}`
      const res = await post(w.sessions.executiveOwner, [
        { name: 'idEvento', value: String(w.claim.idEvento) },
        { name: 'fileUrl', value: url },
        { name: 'estatus', value: '3' },
        { name: 'comentario', value: 'El resumen médico no es legible' },
      ])
      expect(res.statusCode).toBe(200)
      expect(res.json().response).toMatchObject({
        statusId: 4,
        file: { id: docs[1]!.id, tipo: '2', status: 3, comentario: 'El resumen médico no es legible', url },
      })
      expect(await stageOf(w.claim.idEvento)).toBe(4)
    })

    it('accepts tipo instead of the url and keeps the stage while nothing is rejected', async () => {
      const { w } = await claimInValidation()
      const res = await post(w.sessions.admin, [
        { name: 'idEvento', value: String(w.claim.idEvento) },
        { name: 'tipo', value: '1' },
        { name: 'estatus', value: '2' },
        { name: 'comentario', value: 'Correcto' },
      ])
      expect(res.statusCode).toBe(200)
      expect(res.json().response).toMatchObject({ statusId: 3, file: { tipo: '1', status: 2, comentario: 'Correcto' } })
    })

    it('requires a status (2–5) and a comment, with the spec message, and writes nothing otherwise', async () => {
      const { w } = await claimInValidation()
      const before = await snapshot()
      const variants: FormPart[][] = [
        [{ name: 'tipo', value: '1' }, { name: 'estatus', value: '3' }],
        [{ name: 'tipo', value: '1' }, { name: 'estatus', value: '3' }, { name: 'comentario', value: '   ' }],
        [{ name: 'tipo', value: '1' }, { name: 'comentario', value: 'Sin estatus' }],
        [{ name: 'tipo', value: '1' }, { name: 'estatus', value: '0' }, { name: 'comentario', value: 'x' }],
        [{ name: 'tipo', value: '1' }, { name: 'estatus', value: '' }, { name: 'comentario', value: 'x' }],
        [{ name: 'tipo', value: '1' }, { name: 'estatus', value: '1' }, { name: 'comentario', value: 'x' }],
      ]
      for (const parts of variants) {
        const res = await post(w.sessions.executiveOwner, [{ name: 'idEvento', value: String(w.claim.idEvento) }, ...parts])
        expect(res.statusCode).toBe(400)
        expect(res.json().reason).toBe('Debe seleccionar una opción y escribir un comentario antes de enviar')
      }
      expect(await snapshot()).toEqual(before)
    })

    it('refuses the collaborator, a document of another claim and a missing document', async () => {
      const { w } = await claimInValidation()
      const other = await attachClaimDocument(t.db, t.app.fileStore, w.otherClaim.idEvento, 1)
      const base = [
        { name: 'idEvento', value: String(w.claim.idEvento) },
        { name: 'estatus', value: '3' },
        { name: 'comentario', value: 'No' },
      ]
      const w2 = await createRoleWorld(t.db, { statusId: 2 })
      const before = await snapshot()
      const asCollaborator = await post(w.sessions.collaboratorOwner, [...base, { name: 'tipo', value: '1' }])
      expect(asCollaborator.statusCode).toBe(403)
      const foreign = await post(w.sessions.executiveOwner, [...base, { name: 'fileUrl', value: `/api/file/download/claim-file/${other.id}` }])
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json().reason).toBe('No se encontró el documento')
      const missing = await post(w2.sessions.executiveOwner, [
        { name: 'idEvento', value: String(w2.claim.idEvento) },
        { name: 'tipo', value: '2' },
        { name: 'estatus', value: '3' },
        { name: 'comentario', value: 'No' },
      ])
      expect(missing.statusCode).toBe(404)
      expect(await snapshot()).toEqual(before)
    })
  })

  describe('verify-file', () => {
    const verify = async (session: Session, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/file/verify-file', headers: await authHeaders(t.app, session), payload: payload as object })
    async function claimWithDocs(statusId = 3, tipos: (1 | 2 | 3)[] = [1, 2, 3]) {
      const w = await createRoleWorld(t.db, { statusId })
      for (const tipo of tipos) await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, 1)
      return w
    }

    it('all three verified (digital or physical) makes provider assignment possible', async () => {
      const w = await claimWithDocs()
      const res = await verify(w.sessions.executiveOwner, {
        idEvento: w.claim.idEvento,
        preguntas: [
          { tipo: 1, idStatus: 2 },
          { tipo: 3, idStatus: 4 },
          { tipo: 2, idStatus: 2 },
        ],
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().response.statusId).toBe(5)
      expect(res.json().response.files.map((f: { status: number }) => f.status)).toEqual([2, 2, 4])
      expect(await stageOf(w.claim.idEvento)).toBe(5)
    })

    it('a rejected document sends the claim back to the collaborator', async () => {
      const w = await claimWithDocs()
      const res = await verify(w.sessions.admin, {
        idEvento: w.claim.idEvento,
        preguntas: [
          { tipo: 1, idStatus: 2 },
          { tipo: 2, idStatus: 5 },
          { tipo: 3, idStatus: 2 },
        ],
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().response.statusId).toBe(4)
    })

    it('refuses missing documents, repeated or missing tipos, out-of-range statuses and a stage that does not verify', async () => {
      const missing = await claimWithDocs(2, [1, 2])
      const full = await claimWithDocs()
      const late = await claimWithDocs(6)
      const before = await snapshot()
      const three = [
        { tipo: 1, idStatus: 2 },
        { tipo: 2, idStatus: 2 },
        { tipo: 3, idStatus: 2 },
      ]
      const cases: [Session, unknown, number][] = [
        [missing.sessions.executiveOwner, { idEvento: missing.claim.idEvento, preguntas: three }, 409],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: [three[0], three[0], three[2]] }, 400],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: three.slice(0, 2) }, 400],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: [...three, { tipo: 1, idStatus: 2 }] }, 400],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: [{ tipo: 1, idStatus: 1 }, three[1], three[2]] }, 400],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: [{ tipo: 1, idStatus: 6 }, three[1], three[2]] }, 400],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: three, statusId: 8 }, 400],
        [full.sessions.executiveOwner, { idEvento: full.claim.idEvento, preguntas: [{ ...three[0], extra: 1 }, three[1], three[2]] }, 400],
        [full.sessions.executiveOwner, { preguntas: three }, 400],
        [full.sessions.executiveOwner, { idEvento: 99999999, preguntas: three }, 404],
        [late.sessions.executiveOwner, { idEvento: late.claim.idEvento, preguntas: three }, 409],
      ]
      for (const [session, payload, status] of cases) {
        const res = await verify(session, payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(status)
        expect(res.json().success).toBe(false)
      }
      expect((await verify(missing.sessions.executiveOwner, { idEvento: missing.claim.idEvento, preguntas: three })).json().reason).toBe(
        'Faltan documentos por cargar: se requieren los tres documentos',
      )
      const asMultipart = multipartBody([{ name: 'idEvento', value: String(full.claim.idEvento) }])
      const mp = await t.app.inject({
        method: 'POST',
        url: '/api/file/verify-file',
        payload: asMultipart.payload,
        headers: { ...(await authHeaders(t.app, full.sessions.executiveOwner)), ...asMultipart.headers },
      })
      expect(mp.statusCode).toBe(400)
      expect(await snapshot()).toEqual(before)
    })
  })
})

describe('upload size limit', () => {
  let t: TestApp
  // 64 KiB keeps the test fast; the limit is the same option MAX_UPLOAD_MB sets (default 10).
  beforeAll(async () => {
    t = await buildTestApp({ maxUploadMb: 0.0625 })
  })
  afterAll(async () => t.close())

  it('refuses a file over the limit with 413 and writes nothing; a file just under it is accepted', async () => {
    const w = await createRoleWorld(t.db)
    const before = { store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024, 0x20)])
    const { payload, headers } = multipartBody([
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'grande.pdf', content: big, contentType: 'application/pdf' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload,
      headers: { ...(await authHeaders(t.app, w.sessions.collaboratorOwner)), ...headers },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'El archivo excede el tamaño permitido' })
    expect({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }).toEqual(before)

    const fits = multipartBody([
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'cabe.pdf', content: big.subarray(0, 64 * 1024), contentType: 'application/pdf' },
    ])
    const ok = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: fits.payload,
      headers: { ...(await authHeaders(t.app, w.sessions.collaboratorOwner)), ...fits.headers },
    })
    expect(ok.statusCode).toBe(200)
  })
})

describe('upload size limit over a real socket (default MAX_UPLOAD_MB)', () => {
  const t = useTestApp()

  it('defaults to 10 MB: 11 MB gets 413 while the client is still sending, and the next upload on the server works', async () => {
    expect(t.config.maxUploadMb).toBe(10)
    const w = await createRoleWorld(t.db)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const before = { store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }
    const send = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData()
      form.append('idEvento', String(w.claim.idEvento))
      form.append('fileOne', new Blob([bytes], { type: 'application/pdf' }), name)
      return fetch(`${address}${UPLOAD}`, { method: 'POST', body: form, headers: await authHeaders(t.app, w.sessions.collaboratorOwner) })
    }
    const big = new Uint8Array(11 * 1024 * 1024)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    const refused = await send(big, 'grande.pdf')
    expect(refused.status).toBe(413)
    expect((await refused.json()).reason).toBe('El archivo excede el tamaño permitido')
    expect({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }).toEqual(before)

    const accepted = await send(new Uint8Array(await makePdf('pequeño')), 'pequeño.pdf')
    expect(accepted.status).toBe(200)
    expect((await accepted.json()).response.file.nombre).toBe('pequeño.pdf')
  })
})
