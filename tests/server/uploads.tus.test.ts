/**
 * Resumable uploads (tus 1.0, issue 22) at /api/uploads, step by step: creation refused for each role and ownership
 * case the multipart call refuses, an upload belongs to its creator (HEAD/PATCH/DELETE by anyone else → 404), the
 * protocol's refusals (wrong offset 409, Tus-Resumable 412, too large 413) in the Spanish envelope, a completed file
 * that is not a PDF refused with nothing stored, a completed upload attached exactly as the multipart call attaches
 * it, the limit of three unfinished uploads, an upload whose completion failed being gone for its client, and the
 * sweep of expired ones.
 */
import { appendFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachClaimDocument, authHeaders, createRoleWorld, type RoleCaller } from './helpers/fixtures'
import { fileTablesSnapshot, IMAGES, makePdf, multipartBody, storeSnapshot } from './helpers/uploads'
import { tusClient } from './helpers/tus'
import { claims, notifications, resumableUploads, statusHistory } from '../../server/db/schema'
import { sweepOrphans } from '../../server/storage/orphans'

describe('resumable uploads (tus)', () => {
  const t = useTestApp()
  const tus = () => tusClient(t.app)
  const tusFiles = async () => (await readdir(path.join(t.app.fileStore.where, '.tus')).catch(() => [] as string[])).sort()
  const documentMeta = (idEvento: number, tipo: 1 | 2 | 3, filename = 'ine.pdf') => ({
    call: 'add-files-to-event',
    idEvento: String(idEvento),
    tipo: String(tipo),
    filename,
    filetype: 'application/pdf',
  })
  /** What a claim shows after an upload: stage, numSended, history stages, notification kinds. */
  const claimState = async (idEvento: number) => {
    const [claim] = await t.db.select({ statusId: claims.statusId }).from(claims).where(eq(claims.idEvento, idEvento))
    const history = await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento)).orderBy(statusHistory.id)
    const mails = await t.db.select().from(notifications).where(eq(notifications.idEvento, idEvento)).orderBy(notifications.id)
    return { statusId: claim!.statusId, history: history.map((h) => [h.statusId, h.actor.replace(/\d+/g, 'n')]), notifications: mails.map((n) => n.kind) }
  }

  it('creates with Upload-Expires 24 h ahead, resumes from the offset HEAD gives, and the last PATCH attaches like the multipart call', async () => {
    // Two claims in the same state; the third document arrives by multipart on one and by tus on the other.
    const viaForm = await createRoleWorld(t.db)
    const viaTus = await createRoleWorld(t.db)
    for (const w of [viaForm, viaTus]) {
      for (const tipo of [1, 2] as const) {
        const { payload, headers } = multipartBody([
          { name: 'idEvento', value: String(w.claim.idEvento) },
          { name: 'tipo', value: String(tipo) },
          { name: 'file', filename: `doc${tipo}.pdf`, content: await makePdf(`doc ${tipo}`), contentType: 'application/pdf' },
        ])
        const res = await t.app.inject({ method: 'POST', url: '/api/file/add-files-to-event', payload, headers: { ...(await authHeaders(t.app, w.sessions.collaboratorOwner)), ...headers } })
        expect(res.statusCode).toBe(200)
      }
    }
    const pdf = await makePdf('Identificación oficial, ambos lados')
    const { payload, headers } = multipartBody([
      { name: 'idEvento', value: String(viaForm.claim.idEvento) },
      { name: 'fileThree', filename: 'ine.pdf', content: pdf, contentType: 'application/pdf' },
    ])
    const form = await t.app.inject({ method: 'POST', url: '/api/file/add-files-to-event', payload, headers: { ...(await authHeaders(t.app, viaForm.sessions.collaboratorOwner)), ...headers } })
    expect(form.statusCode).toBe(200)

    const me = viaTus.sessions.collaboratorOwner
    const before = Date.now()
    const created = await tus().create(me, documentMeta(viaTus.claim.idEvento, 3), pdf.length)
    expect(created.statusCode).toBe(201)
    expect(created.headers['tus-resumable']).toBe('1.0.0')
    const location = String(created.headers.location)
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/)
    const expires = Date.parse(String(created.headers['upload-expires']))
    expect(expires - before).toBeGreaterThan(24 * 3600_000 - 60_000)
    expect(expires - before).toBeLessThan(24 * 3600_000 + 60_000)

    const half = Math.floor(pdf.length / 2)
    const first = await tus().patch(me, location, 0, pdf.subarray(0, half))
    expect(first.statusCode).toBe(204)
    expect(first.headers['upload-offset']).toBe(String(half))
    // A dropped connection: the client asks where to continue.
    const head = await tus().head(me, location)
    expect(head.statusCode).toBe(200)
    expect(head.headers['upload-offset']).toBe(String(half))
    expect(head.headers['upload-length']).toBe(String(pdf.length))
    const last = await tus().patch(me, location, half, pdf.subarray(half))
    expect(last.statusCode).toBe(200)
    const body = last.json()
    expect(body).toMatchObject({ success: true, reason: form.json().reason })
    expect(body.response).toMatchObject({ statusId: 3, file: { tipo: '3', status: 1, nombre: 'ine.pdf', comentario: null } })

    const a = await claimState(viaForm.claim.idEvento)
    const b = await claimState(viaTus.claim.idEvento)
    expect(b.statusId).toBe(3)
    expect(b).toEqual(a)
    expect(b.notifications.length).toBeGreaterThan(0)
    const info = await t.app.inject({ url: `/api/file/get-info-by-event/${viaTus.claim.idEvento}`, headers: await authHeaders(t.app, me) })
    expect(info.json().response.numSended).toBe(3)
    const stored = info.json().response.files.find((f: { tipo: string }) => f.tipo === '3')
    const download = await t.app.inject({ url: stored.url, headers: await authHeaders(t.app, me) })
    expect(Buffer.compare(download.rawPayload, Buffer.from(pdf))).toBe(0)
    // Nothing of the upload is left but the stored file.
    expect(await tusFiles()).toEqual([])
    expect(await t.db.select().from(resumableUploads)).toEqual([])
  })

  it('refuses creation as the multipart call refuses it, before any byte, and records nothing', async () => {
    const w = await createRoleWorld(t.db)
    const store = await storeSnapshot(t.app)
    const expected: [RoleCaller, number][] = [
      ['otherExecutive', 403],
      ['otherCollaborator', 403],
      ['assignedProvider', 403],
      ['partner', 403],
      ['noToken', 401],
    ]
    for (const [caller, status] of expected) {
      const res = await tus().create(w.sessions[caller], documentMeta(w.claim.idEvento, 1), 1000)
      expect({ caller, status: res.statusCode }).toEqual({ caller, status })
      expect(res.json()).toMatchObject({ success: false, response: null })
      expect(res.json().reason).toMatch(/[a-záéíóúñ]/i)
    }
    const owner = w.sessions.executiveOwner
    const unknown = await tus().create(owner, documentMeta(999_999, 1), 1000)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().reason).toBe('No se encontró el trámite')
    // The stage: a dictamen before a provider's letter stage, an invoice before Facturación.
    const dictamen = await tus().create(owner, { call: 'add-dictamination', idEvento: String(w.claim.idEvento), dictaminacion: '1', filename: 'd.pdf' }, 1000)
    expect(dictamen.statusCode).toBe(409)
    expect(dictamen.json().reason).toBe('Disponible cuando el trámite tenga proveedor asignado.')
    const providerId = String(w.assignedProvider.provider.idProveedor)
    const invoice = await tus().create(w.sessions.assignedProvider, { call: 'add-invoice-to-event', idEvento: String(w.claim.idEvento), idProveedor: providerId, filename: 'f.pdf' }, 1000)
    expect(invoice.statusCode).toBe(409)
    // The declared type and size; metadata that names no call, or a bad id.
    const png = await tus().create(owner, { ...documentMeta(w.claim.idEvento, 1), filetype: 'image/png' }, 1000)
    expect(png.json()).toEqual({ success: false, response: null, reason: 'Error: Se requiere un archivo PDF' })
    const big = await tus().create(owner, documentMeta(w.claim.idEvento, 1), 10 * 1024 * 1024 + 1)
    expect(big.statusCode).toBe(413)
    expect(big.json().reason).toBe('El archivo excede el tamaño permitido')
    const noCall = await tus().create(owner, { idEvento: String(w.claim.idEvento), filename: 'x.pdf' }, 1000)
    expect(noCall.statusCode).toBe(400)
    expect(noCall.json().reason).toBe('Campo requerido en Upload-Metadata: call')
    const badId = await tus().create(owner, { ...documentMeta(w.claim.idEvento, 1), idEvento: '01' }, 1000)
    expect(badId.statusCode).toBe(400)
    const badTipo = await tus().create(owner, { ...documentMeta(w.claim.idEvento, 1), tipo: '4' }, 1000)
    expect(badTipo.statusCode).toBe(400)

    expect(await tusFiles()).toEqual([])
    expect(await t.db.select().from(resumableUploads)).toEqual([])
    expect(await storeSnapshot(t.app)).toEqual(store)
  })

  it('an upload is its creator’s: HEAD, PATCH and DELETE by anyone else answer 404; the creator cancels it and its bytes go', async () => {
    const w = await createRoleWorld(t.db)
    const me = w.sessions.executiveOwner
    const pdf = await makePdf('propio')
    const location = String((await tus().create(me, documentMeta(w.claim.idEvento, 2), pdf.length)).headers.location)
    expect((await tus().patch(me, location, 0, pdf.subarray(0, 10))).statusCode).toBe(204)
    for (const other of [w.sessions.admin, w.sessions.otherExecutive, w.sessions.collaboratorOwner]) {
      const head = await tus().head(other, location)
      expect(head.statusCode).toBe(404)
      const patch = await tus().patch(other, location, 10, pdf.subarray(10))
      expect(patch.statusCode).toBe(404)
      expect(patch.json()).toEqual({ success: false, response: null, reason: 'No se encontró la carga' })
      expect((await tus().remove(other, location)).statusCode).toBe(404)
    }
    expect((await tus().head(me, location)).headers['upload-offset']).toBe('10')
    expect((await tus().remove(me, location)).statusCode).toBe(204)
    expect((await tus().head(me, location)).statusCode).toBe(404)
    expect(await tusFiles()).toEqual([])
  })

  it('answers the protocol’s refusals in Spanish: wrong offset 409, Tus-Resumable missing or wrong 412', async () => {
    const w = await createRoleWorld(t.db)
    const me = w.sessions.collaboratorOwner
    const pdf = await makePdf('offset')
    const location = String((await tus().create(me, documentMeta(w.claim.idEvento, 1), pdf.length)).headers.location)
    expect((await tus().patch(me, location, 0, pdf.subarray(0, 20))).statusCode).toBe(204)
    const wrong = await tus().patch(me, location, 5, pdf.subarray(5))
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json().reason).toMatch(/^El desplazamiento \(Upload-Offset\) no corresponde/)
    const noVersion = await t.app.inject({ method: 'HEAD', url: location, headers: await authHeaders(t.app, me) })
    expect(noVersion.statusCode).toBe(412)
    const oldVersion = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...(await authHeaders(t.app, me)), 'tus-resumable': '0.2.2', 'upload-length': '10' },
    })
    expect(oldVersion.statusCode).toBe(412)
    expect(oldVersion.headers['tus-version']).toBe('1.0.0')
    expect(oldVersion.json().reason).toBe('Se requiere el encabezado Tus-Resumable: 1.0.0')
    expect((await tus().head(me, location)).headers['upload-offset']).toBe('20')
    expect((await tus().remove(me, location)).statusCode).toBe(204)
  })

  it('refuses a completed file that is not a PDF (or a PDF cut short) and keeps nothing of it', async () => {
    const w = await createRoleWorld(t.db)
    const me = w.sessions.collaboratorOwner
    const before = { store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }
    const pdf = await makePdf('cortado')
    for (const bytes of [IMAGES.png, pdf.subarray(0, pdf.length - 40)]) {
      const location = String((await tus().create(me, documentMeta(w.claim.idEvento, 1), bytes.length)).headers.location)
      const last = await tus().patch(me, location, 0, bytes)
      expect(last.statusCode).toBe(400)
      expect(last.json()).toEqual({ success: false, response: null, reason: 'Error: Se requiere un archivo PDF' })
      expect((await tus().head(me, location)).statusCode).toBe(404)
    }
    expect({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }).toEqual(before)
    expect(await tusFiles()).toEqual([])
    expect(await t.db.select().from(resumableUploads)).toEqual([])
  })

  it('asks again at the last byte: a document verified meanwhile is refused (409) and the upload removed', async () => {
    const w = await createRoleWorld(t.db, { statusId: 2 })
    const me = w.sessions.collaboratorOwner
    const pdf = await makePdf('tarde')
    const location = String((await tus().create(me, documentMeta(w.claim.idEvento, 1), pdf.length)).headers.location)
    await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, 1, 2)
    const last = await tus().patch(me, location, 0, pdf)
    expect(last.statusCode).toBe(409)
    expect(last.json().reason).toBe('Documento verificado: ya no se reemplaza.')
    expect(await tusFiles()).toEqual([])
  })

  it('an upload whose bytes are all in but that was never attached (its completion failed) is gone for its client: HEAD 404, removed', async () => {
    const w = await createRoleWorld(t.db)
    const me = w.sessions.collaboratorOwner
    const pdf = await makePdf('sin adjuntar')
    const location = String((await tus().create(me, documentMeta(w.claim.idEvento, 1), pdf.length)).headers.location)
    expect((await tus().patch(me, location, 0, pdf.subarray(0, pdf.length - 1))).statusCode).toBe(204)
    // The last byte reached the store but the completion never ran (the process or the store failed right then).
    await appendFile(path.join(t.app.fileStore.where, '.tus', location.slice(location.lastIndexOf('/') + 1)), pdf.subarray(pdf.length - 1))
    const head = await tus().head(me, location)
    expect(head.statusCode).toBe(404)
    expect(await tusFiles()).toEqual([])
    expect(await t.db.select().from(resumableUploads)).toEqual([])
  })

  it('allows three unfinished uploads per user and refuses the fourth; the sweep removes expired ones, bytes and row', async () => {
    const w = await createRoleWorld(t.db)
    const me = w.sessions.executiveOwner
    const locations: string[] = []
    for (const tipo of [1, 2, 3] as const) {
      const res = await tus().create(me, documentMeta(w.claim.idEvento, tipo), 100)
      expect(res.statusCode).toBe(201)
      locations.push(String(res.headers.location))
      expect((await tus().patch(me, locations.at(-1)!, 0, new Uint8Array(30).fill(37))).statusCode).toBe(204)
    }
    const fourth = await tus().create(me, { call: 'image-profile', filename: 'yo.png', filetype: 'image/png' }, 100)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().reason).toBe('Tienes 3 cargas sin terminar; termina o cancela una antes de iniciar otra')
    // Another user is not limited by these.
    const admin = await tus().create(w.sessions.admin, { call: 'image-profile', filename: 'yo.png', filetype: 'image/png' }, IMAGES.png.length)
    expect(admin.statusCode).toBe(201)
    const photo = await tus().patch(w.sessions.admin, String(admin.headers.location), 0, IMAGES.png)
    expect(photo.statusCode).toBe(200)
    expect(photo.json().response.foto).toMatch(/^\/api\/file\/photo\//)

    expect((await tusFiles()).length).toBe(6) // bytes and record of each
    // A day later nothing has expired; 24 h and a minute later the sweep takes all three.
    const sweepAt = async (ms: number) => sweepOrphans(t.db, t.app.fileStore, { graceMs: 3_600_000, now: Date.now() + ms })
    expect((await sweepAt(23 * 3_600_000)).removed.filter((key) => key.startsWith('.tus/'))).toEqual([])
    const swept = await sweepAt(24 * 3_600_000 + 60_000)
    expect(swept.removed.filter((key) => key.startsWith('.tus/')).length).toBe(3)
    expect(await tusFiles()).toEqual([])
    expect((await tus().head(me, locations[0]!)).statusCode).toBe(404)
    expect((await tus().create(me, documentMeta(w.claim.idEvento, 1), 100)).statusCode).toBe(201)
  })
})
