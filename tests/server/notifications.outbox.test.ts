/**
 * Issue 14, the transactional outbox: the stage changes that hand a claim to someone write their notification in
 * the same transaction (through the real routes), a refused or rolled-back change writes none, and each signed-in
 * user reads and marks read only their own notifications.
 */
import { describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachClaimDocument, authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { makePdf, multipartBody, type FormPart } from './helpers/uploads'
import { notifications } from '../../server/db/schema'
import { applyClaimEvent } from '../../server/domain/claimLifecycle'
import { plannedNotifications } from '../../server/notifications/outbox'
import { renderMail } from '../../server/notifications/messages'
import type { Session } from '../../server/auth/roles'

const t = useTestApp({ publicUrl: 'https://portal.example' })

async function rowsOf(idEvento: number) {
  return t.db.select().from(notifications).where(eq(notifications.idEvento, idEvento)).orderBy(asc(notifications.id))
}

/** A claim in 'Factura en revisión' with its three documents verified: what an invoice approval needs (issue 26's guard). */
async function awaitingApproval(idEjecutivo: number) {
  const created = await createClaim(t.db, { idEjecutivo, statusId: 9 })
  for (const tipo of [1, 2, 3] as const) await attachClaimDocument(t.db, t.app.fileStore, created.claim.idEvento, tipo, 2)
  return created
}

async function send(session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: await authHeaders(t.app, session), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

async function form(session: Session, url: string, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts)
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...(await authHeaders(t.app, session)), ...headers } })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

const upload = async (session: Session, idEvento: number, part: 'fileOne' | 'fileTwo' | 'fileThree') =>
  form(session, '/api/file/add-files-to-event', [
    { name: 'idEvento', value: String(idEvento) },
    { name: part, filename: `${part}.pdf`, content: await makePdf(part), contentType: 'application/pdf' },
  ])

describe('the stage changes that hand the claim to someone write their notification', () => {
  it('walks a claim from upload to conclusion through the routes', async () => {
    const exec = await createUser(t.db, 0, { email: 'ejecutiva.notif@coppel.com' })
    const admin = await createUser(t.db, 1)
    const { user: providerUser, provider } = await createProvider(t.db, { email: 'contacto@clinica.example' })
    const { claim, idColaborador } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 1 })
    const id = claim.idEvento
    const collaborator: Session = { kind: 'collaborator', idColaborador, idEvento: id, rol: 2 }
    const execSession = sessionOf(exec)

    // Two uploads: Carga de documentos, nobody to tell yet.
    expect((await upload(collaborator, id, 'fileOne')).status).toBe(200)
    expect((await upload(collaborator, id, 'fileTwo')).status).toBe(200)
    expect(await rowsOf(id)).toHaveLength(0)
    // The third: Validación de documentos, the owning executive is told.
    expect((await upload(collaborator, id, 'fileThree')).body.response.statusId).toBe(3)
    let rows = await rowsOf(id)
    expect(rows.map((r) => [r.kind, r.recipient, r.email, r.delivery])).toEqual([
      ['documentsUploaded', `user:${exec.idUser}`, 'ejecutiva.notif@coppel.com', 'pending'],
    ])
    expect(rows[0]!.subject).toBe(`Trámite C${id}: documentos listos para validar`)

    // The reviewer rejects the official ID with a comment: the collaborator, at the claim's address.
    const rejected = await form(execSession, '/api/file/add-files-to-event', [
      { name: 'idEvento', value: String(id) },
      { name: 'tipo', value: '3' },
      { name: 'estatus', value: '3' },
      { name: 'comentario', value: 'La identificación está vencida; cargue una vigente' },
    ])
    expect(rejected.body.response.statusId).toBe(4)
    rows = await rowsOf(id)
    const rejection = rows[1]!
    expect([rejection.kind, rejection.recipient, rejection.email]).toEqual(['documentsRejected', `colaborador:${idColaborador}`, 'maria@correo.com'])
    expect(rejection.details).toEqual({
      audience: 'collaborator',
      documentos: [{ nombre: 'Identificación oficial', comentario: 'La identificación está vencida; cargue una vigente' }],
    })
    const mail = renderMail(rejection, 'https://portal.example')
    expect(mail.subject).toBe(`Trámite C${id}: documentos rechazados`)
    expect(mail.text).toContain('Identificación oficial: La identificación está vencida; cargue una vigente')
    expect(mail.text).toContain('https://portal.example/login-colaborador')
    expect(mail.text).toContain(`número de trámite ${id}`)
    expect(mail.html).toContain('<a href="https://portal.example/login-colaborador">')
    expect(mail.html).toContain('La identificación está vencida; cargue una vigente')
    // Nothing beyond what the collaborator sees: no beneficiary name, amount or executive address.
    expect(mail.text).not.toMatch(/María|10[,.]?000|ejecutiva\.notif/)

    // The collaborator replaces it: back to the executive.
    expect((await upload(collaborator, id, 'fileThree')).body.response.statusId).toBe(3)
    expect((await rowsOf(id)).map((r) => r.kind)).toEqual(['documentsUploaded', 'documentsRejected', 'documentsUploaded'])

    // The executive verifies (their own step, nobody else's turn) and assigns the provider: the provider is told.
    const verified = await send(execSession, 'POST', '/api/file/verify-file', {
      idEvento: id,
      preguntas: [1, 2, 3].map((tipo) => ({ tipo, idStatus: 2 })),
    })
    expect(verified.body.response.statusId).toBe(5)
    expect(await rowsOf(id)).toHaveLength(3)
    expect((await send(execSession, 'PUT', '/api/event/assign-provider', { idEvento: id, idProveedor: provider.idProveedor })).status).toBe(200)
    rows = await rowsOf(id)
    expect(rows.slice(3).map((r) => [r.kind, r.recipient, r.email, r.link])).toEqual([
      ['providerAssigned', `user:${providerUser.idUser}`, 'contacto@clinica.example', '/proveedores/mis-tramites'],
    ])

    // Dictamen approved (executive's own step), the provider's invoice → the executive, approval → both.
    const dictamen = await form(execSession, '/api/file/add-dictamination', [
      { name: 'idEvento', value: String(id) },
      { name: 'dictaminacion', value: '1' },
      { name: 'file', filename: 'dictamen.pdf', content: await makePdf('dictamen'), contentType: 'application/pdf' },
    ])
    expect(dictamen.body.response.statusId).toBe(7)
    const invoice = await form(sessionOf(providerUser), '/api/file/add-invoice-to-event', [
      { name: 'idEvento', value: String(id) },
      { name: 'idProveedor', value: String(provider.idProveedor) },
      { name: 'file', filename: 'factura.pdf', content: await makePdf('factura'), contentType: 'application/pdf' },
    ])
    expect(invoice.status).toBe(200)
    expect((await send(sessionOf(admin), 'POST', '/api/file/validate-invoice', { idEvento: id })).body.response.statusId).toBe(8)
    rows = await rowsOf(id)
    expect(rows.slice(4).map((r) => [r.kind, r.recipient, r.link])).toEqual([
      ['invoiceUploaded', `user:${exec.idUser}`, `/mis-tramites/proceso-general-tramites/${id}`],
      ['claimConcluded', `colaborador:${idColaborador}`, '/home-colaborador'],
      ['claimConcluded', `user:${exec.idUser}`, `/mis-tramites/proceso-general-tramites/${id}`],
    ])
  })

  it('a rejected dictamen tells the collaborator and the executive; a reassignment tells the new provider', async () => {
    const exec = await createUser(t.db, 0)
    const admin = await createUser(t.db, 1)
    const { provider: first } = await createProvider(t.db)
    const { user: second, provider: secondProvider } = await createProvider(t.db)
    const { claim, idColaborador } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 6, idProveedor: first.idProveedor })
    const id = claim.idEvento
    // An administrator reassigns: the claim stays in Carta autorización, the new provider is told.
    expect((await send(sessionOf(admin), 'PUT', '/api/event/assign-provider', { idEvento: id, idProveedor: secondProvider.idProveedor })).status).toBe(200)
    const dictamen = await form(sessionOf(admin), '/api/file/add-dictamination', [
      { name: 'idEvento', value: String(id) },
      { name: 'dictaminacion', value: '0' },
      { name: 'file', filename: 'dictamen.pdf', content: await makePdf('dictamen'), contentType: 'application/pdf' },
    ])
    expect(dictamen.body.response.statusId).toBe(10)
    expect((await rowsOf(id)).map((r) => [r.kind, r.recipient])).toEqual([
      ['providerAssigned', `user:${second.idUser}`],
      ['claimRejected', `colaborador:${idColaborador}`],
      ['claimRejected', `user:${exec.idUser}`],
    ])
  })

  it('the table of (from → to) pairs', () => {
    const kinds = (from: number, to: number, event: Parameters<typeof plannedNotifications>[2]) =>
      plannedNotifications(from, to, event).map((p) => `${p.kind}→${p.to.join('+')}`)
    expect(kinds(1, 2, { type: 'document.upload', tipo: 1 })).toEqual([])
    expect(kinds(2, 3, { type: 'document.upload', tipo: 3 })).toEqual(['documentsUploaded→executive'])
    expect(kinds(3, 4, { type: 'document.comment', tipo: 1, status: 3 })).toEqual(['documentsRejected→collaborator'])
    expect(kinds(3, 4, { type: 'documents.verify', statuses: { '1': 5, '2': 2, '3': 2 } })).toEqual(['documentsRejected→collaborator'])
    expect(kinds(4, 4, { type: 'document.comment', tipo: 2, status: 3 })).toEqual([])
    expect(kinds(4, 3, { type: 'document.comment', tipo: 1, status: 2 })).toEqual([])
    expect(kinds(3, 5, { type: 'documents.verify', statuses: { '1': 2, '2': 2, '3': 2 } })).toEqual([])
    expect(kinds(5, 6, { type: 'provider.assign' })).toEqual(['providerAssigned→provider'])
    expect(kinds(6, 6, { type: 'provider.assign' })).toEqual(['providerAssigned→provider'])
    expect(kinds(6, 6, { type: 'letter.save' })).toEqual([])
    expect(kinds(6, 7, { type: 'dictamen.save', approved: true })).toEqual([])
    expect(kinds(6, 10, { type: 'dictamen.save', approved: false })).toEqual(['claimRejected→collaborator+executive'])
    expect(kinds(7, 9, { type: 'invoice.upload' })).toEqual(['invoiceUploaded→executive'])
    expect(kinds(9, 9, { type: 'invoice.upload' })).toEqual([])
    expect(kinds(9, 8, { type: 'invoice.approve' })).toEqual(['claimConcluded→collaborator+executive'])
  })
})

describe('written in the same transaction as the change', () => {
  it('a refused change (409) writes no notification', async () => {
    const exec = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const { claim } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 3 })
    const refused = await send(sessionOf(exec), 'PUT', '/api/event/assign-provider', { idEvento: claim.idEvento, idProveedor: provider.idProveedor })
    expect(refused.status).toBe(409)
    expect(await rowsOf(claim.idEvento)).toHaveLength(0)
  })

  it('a transaction that fails after the change rolls its notification back with it', async () => {
    const exec = await createUser(t.db, 0)
    const { claim } = await awaitingApproval(exec.idUser)
    await expect(
      t.db.transaction(async (tx) => {
        const stage = await applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'invoice.approve' }, actor: 'user:999999' })
        expect(stage.statusId).toBe(8)
        expect(await tx.select().from(notifications).where(eq(notifications.idEvento, claim.idEvento))).toHaveLength(2)
        throw new Error('falla después del cambio')
      }),
    ).rejects.toThrow('falla después del cambio')
    expect(await rowsOf(claim.idEvento)).toHaveLength(0)
  })

  it('nobody is told about their own action', async () => {
    const exec = await createUser(t.db, 0)
    const { claim } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 7 })
    await t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'invoice.upload' }, actor: `user:${exec.idUser}` }))
    expect(await rowsOf(claim.idEvento)).toHaveLength(0)
  })
})

describe('each user reads and marks read their own notifications', () => {
  it('lists the newest with the unread count, marks by id or all, never someone else’s', async () => {
    const exec = await createUser(t.db, 0)
    const other = await createUser(t.db, 0)
    const { claim, idColaborador } = await awaitingApproval(exec.idUser)
    await t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'invoice.approve' }, actor: 'user:999999' }))
    const [forCollaborator, forExec] = await rowsOf(claim.idEvento)

    const mine = await send(sessionOf(exec), 'GET', '/api/notifications/mine')
    expect(mine.status).toBe(200)
    expect(mine.body.response.noLeidas).toBe(1)
    expect(mine.body.response.notificaciones).toEqual([
      {
        idNotificacion: forExec!.id,
        idEvento: claim.idEvento,
        titulo: `Trámite C${claim.idEvento} concluido`,
        mensaje: `La factura fue aprobada y el trámite C${claim.idEvento} concluyó.`,
        enlace: `/mis-tramites/proceso-general-tramites/${claim.idEvento}`,
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        leida: false,
      },
    ])
    // Another executive sees nothing and cannot mark it.
    expect((await send(sessionOf(other), 'GET', '/api/notifications/mine')).body.response).toEqual({ noLeidas: 0, notificaciones: [] })
    expect((await send(sessionOf(other), 'PUT', '/api/notifications/read', { ids: [forExec!.id] })).body.response).toEqual({ noLeidas: 0 })
    expect((await send(sessionOf(exec), 'GET', '/api/notifications/mine')).body.response.noLeidas).toBe(1)
    // The owner marks it.
    expect((await send(sessionOf(exec), 'PUT', '/api/notifications/read', { ids: [forExec!.id] })).body.response).toEqual({ noLeidas: 0 })
    expect((await send(sessionOf(exec), 'GET', '/api/notifications/mine')).body.response.notificaciones[0].leida).toBe(true)

    // The collaborator signed in for this claim sees its notification; signed in for another claim, not.
    const collaborator: Session = { kind: 'collaborator', idColaborador, idEvento: claim.idEvento, rol: 2 }
    const seen = await send(collaborator, 'GET', '/api/notifications/mine')
    expect(seen.body.response.notificaciones.map((n: { idNotificacion: number }) => n.idNotificacion)).toEqual([forCollaborator!.id])
    const elsewhere: Session = { kind: 'collaborator', idColaborador, idEvento: claim.idEvento + 100000, rol: 2 }
    expect((await send(elsewhere, 'GET', '/api/notifications/mine')).body.response.noLeidas).toBe(0)
    expect((await send(collaborator, 'PUT', '/api/notifications/read', { todas: true })).body.response).toEqual({ noLeidas: 0 })
  })

  it('refuses a mark-read that names neither ids nor todas, or both (400, Spanish)', async () => {
    const exec = await createUser(t.db, 0)
    for (const payload of [{}, { todas: false }, { ids: [1], todas: true }]) {
      const res = await send(sessionOf(exec), 'PUT', '/api/notifications/read', payload)
      expect(res.status).toBe(400)
      expect(res.body.reason).toBe('Indique las notificaciones (ids) o todas')
    }
    const bad = await send(sessionOf(exec), 'PUT', '/api/notifications/read', { ids: [] })
    expect(bad.status).toBe(400)
  })

  it('only administrators read every mail with its delivery state', async () => {
    const exec = await createUser(t.db, 0)
    const admin = await createUser(t.db, 1)
    const { claim } = await awaitingApproval(exec.idUser)
    await t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'invoice.approve' }, actor: `user:${admin.idUser}` }))
    expect((await send(sessionOf(exec), 'GET', '/api/notifications/all')).status).toBe(403)
    const all = await send(sessionOf(admin), 'GET', `/api/notifications/all?q=C${claim.idEvento}`)
    expect(all.status).toBe(200)
    expect(all.body.response.total).toBe(2)
    expect(all.body.response.items[0]).toMatchObject({
      idEvento: claim.idEvento,
      tipo: 'claimConcluded',
      correo: exec.email,
      asunto: `Trámite C${claim.idEvento} concluido`,
      estado: 'pending',
      intentos: 0,
      ultimoError: null,
      enviada: null,
    })
    expect(all.body.response.items[0].texto).toContain('https://portal.example/mis-tramites/proceso-general-tramites/')
  })
})

describe('authorization of /api/notifications', () => {
  it('every route × every role (and no token, and no client header)', async () => {
    const roles = {
      executive: sessionOf(await createUser(t.db, 0)),
      admin: sessionOf(await createUser(t.db, 1)),
      provider: sessionOf(await createUser(t.db, 3)),
      partner: sessionOf(await createUser(t.db, 4)),
      collaborator: { kind: 'collaborator', idColaborador: 1, idEvento: 1, rol: 2 } as Session,
    }
    const routes = [
      { method: 'GET', url: '/api/notifications/mine', allowed: Object.keys(roles) },
      { method: 'PUT', url: '/api/notifications/read', payload: { todas: true }, allowed: Object.keys(roles) },
      { method: 'GET', url: '/api/notifications/all', allowed: ['admin'] },
    ] as const
    for (const route of routes) {
      for (const [role, session] of Object.entries(roles)) {
        const res = await t.app.inject({ method: route.method, url: route.url, headers: await authHeaders(t.app, session), ...('payload' in route ? { payload: route.payload } : {}) })
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe((route.allowed as readonly string[]).includes(role) ? 200 : 403)
      }
      const anonymous = await t.app.inject({ method: route.method, url: route.url, headers: await authHeaders(t.app, null) })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().reason).toMatch(/^Token inválido/)
      const noClient = await t.app.inject({ method: route.method, url: route.url })
      expect(noClient.statusCode).toBe(401)
    }
    // Every route of the group is in the table above.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/notifications/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort())
  })
})
