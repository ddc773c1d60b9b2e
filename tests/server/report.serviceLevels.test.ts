/**
 * GET /api/event/report/service-levels (issue 23, item 6): per stage with a service level, the ended stays of the
 * period's claims (created in it, UTC days; an executive's own only, as the statistics) on time or late against the
 * target in force, and their median business days — Mexico City's calendar, so a weekend and Monday 16 November 2026
 * (Día de la Revolución) do not count. Roles refused, a bad period answered 400 in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createRoleWorld, createUser, sessionOf } from './helpers/fixtures'
import { claims, serviceTargets, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'
import { recordStageStays } from '../../server/domain/stageStays'

let t: TestApp
let execA: Awaited<ReturnType<typeof createUser>>
let execB: Awaited<ReturnType<typeof createUser>>
let admin: Awaited<ReturnType<typeof createUser>>
let partner: Awaited<ReturnType<typeof createUser>>

/** A claim created at its first history row, its ended stays stored as the lifecycle stores them. */
async function claimWithHistory(idEjecutivo: number, history: [statusId: number, fecha: string][]) {
  const { claim } = await createClaim(t.db, { idEjecutivo, statusId: history.at(-1)![0] })
  await t.db.update(claims).set({ fechaIngreso: history[0]![1] }).where(eq(claims.idEvento, claim.idEvento))
  await t.db.delete(statusHistory).where(eq(statusHistory.idEvento, claim.idEvento))
  await t.db.insert(statusHistory).values(history.map(([statusId, fecha]) => ({ idEvento: claim.idEvento, statusId, fecha, actor: `user:${idEjecutivo}` })))
  await recordStageStays(t.db, sql`c.id_evento = ${claim.idEvento}`)
}

beforeAll(async () => {
  t = await buildTestApp()
  execA = await createUser(t.db, 0)
  execB = await createUser(t.db, 0)
  admin = await createUser(t.db, 1)
  partner = await createUser(t.db, 4)
  // Times in Mexico City (UTC−6).
  await claimWithHistory(execA.idUser, [
    [1, '2026-11-02T15:00:00Z'],
    [3, '2026-11-02T17:00:00Z'], // Validación Monday 2 at 11:00 …
    [5, '2026-11-04T17:00:00Z'], // … to Wednesday 4 at 11:00: 2 business days, on time (target 2)
    [6, '2026-11-05T17:00:00Z'], // Asignación: 1 business day, on time (target 1); Carta still open
  ])
  await claimWithHistory(execA.idUser, [
    [1, '2026-11-12T15:00:00Z'],
    [3, '2026-11-13T15:00:00Z'], // Validación Friday 13 at 09:00 …
    [5, '2026-11-18T21:00:00Z'], // … to Wednesday 18 at 15:00: 0.625 + Tuesday 1 + 0.625 = 2.25 business days (5.25 calendar), late
  ])
  await claimWithHistory(execB.idUser, [
    [1, '2026-11-09T15:00:00Z'],
    [3, '2026-11-09T18:00:00Z'], // Validación: Monday 9 at 12:00 to Tuesday 10 at 12:00, 1 business day, on time
    [5, '2026-11-10T18:00:00Z'], // Asignación: to Friday 13 at 12:00, 3 business days, late
    [6, '2026-11-13T18:00:00Z'], // Carta: to Monday 16 at 12:00 (a rest day), 0.5 business days, on time
    [7, '2026-11-16T18:00:00Z'],
  ])
  // Created in December: outside the period.
  await claimWithHistory(execA.idUser, [
    [1, '2026-12-01T15:00:00Z'],
    [3, '2026-12-01T16:00:00Z'],
    [5, '2026-12-10T16:00:00Z'],
  ])
})
afterAll(async () => t.close())

const PERIOD = 'initDate=2026-11-01&endDate=2026-11-30'

async function compliance(session: Session | null, query = PERIOD) {
  return t.app.inject({ url: `/api/event/report/service-levels?${query}`, headers: await authHeaders(t.app, session) })
}

const STAGES = [
  [3, 'Validación de documentos', 2],
  [5, 'Asignación de proveedor', 1],
  [6, 'Carta autorización', 3],
  [7, 'Facturación', 5],
  [9, 'Factura en revisión', 5],
] as const

const stagesOf = (figures: Record<number, [onTime: number, late: number, median: number]>, targets: Record<number, number> = {}) =>
  STAGES.map(([statusId, value, targetDays]) => {
    const f = figures[statusId]
    return { statusId, value, targetDays: targets[statusId] ?? targetDays, onTime: f?.[0] ?? 0, late: f?.[1] ?? 0, medianBusinessDays: f?.[2] ?? null }
  })

describe('service-level compliance in Reportes', () => {
  it('gives an administrator every claim of the period: on time, late and the median business days per stage', async () => {
    const res = await compliance(sessionOf(admin))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      reason: '',
      response: {
        initDate: '2026-11-01',
        endDate: '2026-11-30',
        // Validación 2, 2.25 and 1 business days; Asignación 1 and 3; Carta 0.5.
        stages: stagesOf({ 3: [2, 1, 2], 5: [1, 1, 2], 6: [1, 0, 0.5] }),
      },
    })
  })

  it('gives the retail partner the same figures', async () => {
    expect((await compliance(sessionOf(partner))).json().response.stages).toEqual(stagesOf({ 3: [2, 1, 2], 5: [1, 1, 2], 6: [1, 0, 0.5] }))
  })

  it('gives an executive only their own claims', async () => {
    expect((await compliance(sessionOf(execA))).json().response.stages).toEqual(stagesOf({ 3: [1, 1, 2.13], 5: [1, 0, 1] }))
    expect((await compliance(sessionOf(execB))).json().response.stages).toEqual(stagesOf({ 3: [1, 0, 1], 5: [0, 1, 3], 6: [1, 0, 0.5] }))
  })

  it('counts December only in a December period', async () => {
    expect((await compliance(sessionOf(admin), 'initDate=2026-12-01&endDate=2026-12-01')).json().response.stages).toEqual(
      stagesOf({ 3: [0, 1, 7] }), // Tuesday 1 at 10:00 to Thursday 10 at 10:00: 7 business days
    )
  })

  it('judges the stays against the targets in force', async () => {
    await t.db.insert(serviceTargets).values({ statusId: 3, targetDays: 3, updatedBy: admin.idUser })
    try {
      expect((await compliance(sessionOf(admin))).json().response.stages).toEqual(stagesOf({ 3: [3, 0, 2], 5: [1, 1, 2], 6: [1, 0, 0.5] }, { 3: 3 }))
    } finally {
      await t.db.delete(serviceTargets).where(eq(serviceTargets.statusId, 3))
    }
  })

  it('answers every stage with zeros for a period without claims', async () => {
    expect((await compliance(sessionOf(admin), 'initDate=2030-01-01&endDate=2030-12-31')).json().response.stages).toEqual(stagesOf({}))
  })

  it('refuses collaborators and providers (403) and a missing token (401)', async () => {
    const world = await createRoleWorld(t.db)
    for (const session of [world.sessions.collaboratorOwner, world.sessions.assignedProvider]) {
      const res = await compliance(session)
      expect(res.statusCode).toBe(403)
      expect(res.json().success).toBe(false)
    }
    expect((await compliance(null)).statusCode).toBe(401)
  })

  it.each([
    ['initDate=2026-02-30&endDate=2026-03-31', 'Fecha inválida: use el formato AAAA-MM-DD'],
    ['initDate=2026-04-01&endDate=2026-03-31', 'La fecha de inicio no puede ser posterior a la fecha de fin'],
    ['initDate=2026-03-01', 'Fecha de fin: Campo requerido'],
  ])('refuses the period %s with 400 and a Spanish reason', async (query, reason) => {
    const res = await compliance(sessionOf(admin), query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, response: null, reason })
  })
})
