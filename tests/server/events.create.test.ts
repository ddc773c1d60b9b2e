/**
 * POST /api/event (create a claim): the 'Crear nuevo trámite' rule re-checked by the server, the executive taken
 * from the session, the first history row, and refusals that write nothing.
 */
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { authHeaders, createClaim, createCollaboratorWithCoverage, createUser, newClaimBody, sessionOf } from './helpers/fixtures'
import { claims, coverages, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()

async function post(session: Session | null, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/api/event', headers: await authHeaders(t.app, session), payload: payload as never })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

async function counts() {
  const [c] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(claims)
  const [h] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(statusHistory)
  return { claims: c!.n, history: h!.n }
}

describe('create claim', () => {
  it('creates the claim at Trámite iniciado for the session executive, with its first history row', async () => {
    const exec = await createUser(t.db, 0)
    const owner = await createCollaboratorWithCoverage(t.db, 50_000)
    const res = await post(sessionOf(exec), newClaimBody(owner, { idEjecutivo: exec.idUser, montoAutorizado: 15_000 }))
    expect(res.status).toBe(200)
    const id = res.body.response.insertId as number
    const [row] = await t.db.select().from(claims).where(eq(claims.idEvento, id))
    expect(row).toMatchObject({ idEjecutivo: exec.idUser, statusId: 1, montoAutorizado: 15_000, tipo: 'Digital', idProveedor: null })
    expect(await t.db.select({ s: statusHistory.statusId, a: statusHistory.actor }).from(statusHistory).where(eq(statusHistory.idEvento, id))).toEqual([
      { s: 1, a: `user:${exec.idUser}` },
    ])
    const read = await t.app.inject({ url: `/api/event/by-id/${id}`, headers: await authHeaders(t.app, sessionOf(exec)) })
    expect(read.json().response).toMatchObject({ value: 'Trámite iniciado', montoUtilizado: 15_000, montoDisponible: 35_000 })
  })

  it('lets an administrator create, and accepts exactly the available amount once every earlier claim is final', async () => {
    const admin = await createUser(t.db, 1)
    const base = await createClaim(t.db, { idEjecutivo: admin.idUser, statusId: 8, montoAutorizado: 20_000, monto: 30_000 })
    // A rejected claim gives its amount back.
    await t.db.insert(claims).values({ ...base.claim, idEvento: undefined, statusId: 10, montoAutorizado: 9_000 })
    const res = await post(sessionOf(admin), newClaimBody(base, { montoAutorizado: 10_000 }))
    expect(res.status).toBe(200)
  })

  it('refuses every broken rule with a 4xx and a Spanish reason, and writes nothing', async () => {
    const exec = await createUser(t.db, 0)
    const other = await createUser(t.db, 0)
    const free = await createCollaboratorWithCoverage(t.db, 10_000)
    const open = await createClaim(t.db, { idEjecutivo: other.idUser, statusId: 3, montoAutorizado: 1_000, monto: 50_000 })
    const spent = await createClaim(t.db, { idEjecutivo: other.idUser, statusId: 8, montoAutorizado: 5_000, monto: 5_000 })
    const hidden = await createCollaboratorWithCoverage(t.db, 10_000)
    await t.db.update(coverages).set({ showCtaBtn: 0 }).where(eq(coverages.idCobertura, hidden.coverage.idCobertura))
    const stranger = await createCollaboratorWithCoverage(t.db, 10_000)

    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ['over the available amount', newClaimBody(free, { montoAutorizado: 10_000.01 }), 400, /excede la suma disponible .*10000\.00 MXN/],
      ['a zero amount', newClaimBody(free, { montoAutorizado: 0 }), 400, /^Costo: El valor ingresado es menor al permitido\(min\)$/],
      ['a negative amount', newClaimBody(free, { montoAutorizado: -5 }), 400, /^Costo:/],
      ['three decimals', newClaimBody(free, { montoAutorizado: 10.005 }), 400, /dos decimales/],
      ['a claim still open on the coverage', newClaimBody(open, { montoAutorizado: 100 }), 409, /trámite en curso/],
      ['nothing available', newClaimBody(spent, { montoAutorizado: 1 }), 409, /no tiene suma disponible/],
      ['showCtaBtn 0', newClaimBody(hidden, { montoAutorizado: 100 }), 409, /no permite crear/],
      ['another executive as idEjecutivo', newClaimBody(free, { idEjecutivo: other.idUser }), 403, /otro ejecutivo/],
      ["another collaborator's coverage", newClaimBody(free, { idCobertura: stranger.coverage.idCobertura }), 404, /cobertura/],
      ['an unknown state', newClaimBody(free, { state: 999 }), 400, /^Estado:/],
      ['a city of another state', newClaimBody(free, { city: 999_999 }), 400, /^Ciudad:/],
      ['a status field', newClaimBody(free, { statusId: 8 }), 400, /^Campo no permitido: statusId$/],
      ['a short phone', newClaimBody(free, { phone: '667111' }), 400, /^Teléfono: Valor inválido$/],
      ['a bad email', newClaimBody(free, { email: 'maria@' }), 400, /^Correo electrónico: Correo inválido$/],
      ['gender 3', newClaimBody(free, { gender: 3 }), 400, /^Género: El valor introducido no es válido$/],
      ['a blank name', newClaimBody(free, { beneficiary: '   ' }), 400, /^Nombre:/],
      ['a missing amount', { ...newClaimBody(free), montoAutorizado: undefined }, 400, /^Costo: Campo requerido$/],
      ['a huge name', newClaimBody(free, { beneficiary: 'x'.repeat(100_000) }), 400, /^Nombre: El texto excede 200 caracteres$/],
    ]
    const before = await counts()
    for (const [name, payload, status, reason] of cases) {
      const res = await post(sessionOf(exec), payload)
      expect(res.status, name).toBe(status)
      expect(res.body.success, name).toBe(false)
      expect(res.body.reason, name).toMatch(reason)
    }
    expect(await counts()).toEqual(before)
  })

  it('refuses creation by collaborators, providers, the partner and anonymous callers', async () => {
    const owner = await createCollaboratorWithCoverage(t.db, 10_000)
    const partner = await createUser(t.db, 4)
    const provider = await createUser(t.db, 3)
    const before = await counts()
    expect((await post(sessionOf(partner), newClaimBody(owner))).status).toBe(403)
    expect((await post(sessionOf(provider), newClaimBody(owner))).status).toBe(403)
    expect((await post({ kind: 'collaborator', idColaborador: owner.idColaborador, idEvento: 1, rol: 2 }, newClaimBody(owner))).status).toBe(403)
    expect((await post(null, newClaimBody(owner))).status).toBe(401)
    expect(await counts()).toEqual(before)
  })

  it('lets only one of two simultaneous creations on the same coverage through', async () => {
    const a = await createUser(t.db, 0)
    const b = await createUser(t.db, 0)
    const owner = await createCollaboratorWithCoverage(t.db, 10_000)
    const results = await Promise.all([post(sessionOf(a), newClaimBody(owner, { montoAutorizado: 6_000 })), post(sessionOf(b), newClaimBody(owner, { montoAutorizado: 6_000 }))])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const rows = await t.db.select().from(claims).where(eq(claims.idCobertura, owner.coverage.idCobertura))
    expect(rows).toHaveLength(1)
  })
})
