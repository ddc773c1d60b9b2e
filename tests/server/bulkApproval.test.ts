/**
 * Issue 23, bulk approval of invoices: each claim goes through one approval's rule on its own (three documents, an
 * invoice waiting, the stage), so one ineligible claim is refused with the single approval's reason while the others
 * are approved; only administrators may call it; a bad body is a 400 in Spanish. PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachClaimDocument, attachInvoice, authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()

async function post(session: Session | null, body: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/api/queue/approve-invoices', payload: body as object, headers: await authHeaders(t.app, session) })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

let admin: Session
let exec: Session
const ids: Record<string, number> = {}

async function approvalWaiting(idEjecutivo: number, idProveedor: number, documents: (1 | 2 | 3)[]) {
  const { claim } = await createClaim(t.db, { idEjecutivo, idProveedor, statusId: 9 })
  for (const tipo of documents) await attachClaimDocument(t.db, t.app.fileStore, claim.idEvento, tipo, 2)
  await attachInvoice(t.db, t.app.fileStore, claim.idEvento, idProveedor)
  return claim.idEvento
}

beforeAll(async () => {
  const execUser = await createUser(t.db, 0)
  exec = sessionOf(execUser)
  admin = sessionOf(await createUser(t.db, 1))
  const { provider } = await createProvider(t.db)
  ids.first = await approvalWaiting(execUser.idUser, provider.idProveedor, [1, 2, 3])
  ids.second = await approvalWaiting(execUser.idUser, provider.idProveedor, [1, 2, 3])
  // Only two of the three documents: one approval would refuse it, so the bulk approval does too.
  ids.missing = await approvalWaiting(execUser.idUser, provider.idProveedor, [1, 2])
})

describe('POST /api/queue/approve-invoices', () => {
  it('approves each eligible claim on its own and refuses the ineligible one with its reason', async () => {
    const res = await post(admin, { idEventos: [ids.first, ids.missing, ids.second, 999_999] })
    expect(res.status).toBe(200)
    expect(res.body.response.aprobados).toEqual([
      { idEvento: ids.first, statusId: 8 },
      { idEvento: ids.second, statusId: 8 },
    ])
    expect(res.body.response.rechazados).toEqual([
      { idEvento: ids.missing, motivo: expect.stringMatching(/documentos/i) },
      { idEvento: 999_999, motivo: expect.any(String) },
    ])
    expect(res.body.reason).toBe('Facturas aprobadas: 2; no aprobadas: 2')
    const stages = await t.db.execute(sql`select id_evento as "idEvento", status_id as "statusId" from claims where id_evento in (${ids.first}, ${ids.second}, ${ids.missing}) order by id_evento`)
    expect((stages as unknown as { rows: { statusId: number }[] }).rows.map((row) => Number(row.statusId))).toEqual([8, 8, 9])
  })

  it('refuses an invoice already approved, as one approval would', async () => {
    const res = await post(admin, { idEventos: [ids.first] })
    expect(res.body.response).toEqual({ aprobados: [], rechazados: [{ idEvento: ids.first, motivo: expect.any(String) }] })
  })

  it('is for administrators only', async () => {
    expect((await post(exec, { idEventos: [ids.missing] })).status).toBe(403)
    expect((await post(null, { idEventos: [ids.missing] })).status).toBe(401)
  })

  it('refuses a bad body with a Spanish reason', async () => {
    for (const body of [{ idEventos: [] }, { idEventos: [ids.missing, ids.missing] }, { idEventos: Array.from({ length: 51 }, (_, i) => i + 1) }, {}]) {
      const res = await post(admin, body)
      expect(res.status).toBe(400)
      expect(res.body.success).toBe(false)
      expect(res.body.reason).toMatch(/Trámites|idEventos|Campo/)
    }
  })
})
