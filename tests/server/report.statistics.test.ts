/**
 * GET /api/event/report/statistics (issue 14): exact figures on a small fixed data set (claims per current stage,
 * median and 90th-percentile days per stage from the status history, claims per week with empty weeks as 0), the
 * period as the CSV reads it (claims created in it, UTC days), an executive's own claims only, the roles refused,
 * and a bad period answered 400 with the Spanish envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createRoleWorld, createUser, sessionOf } from './helpers/fixtures'
import { claims, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'
import { recordStageStays } from '../../server/domain/stageStays'

let t: TestApp
let execA: Awaited<ReturnType<typeof createUser>>
let execB: Awaited<ReturnType<typeof createUser>>
let admin: Awaited<ReturnType<typeof createUser>>
let partner: Awaited<ReturnType<typeof createUser>>

/** A claim created at the first history row's time, whose current stage is the last row's; its ended stays stored as
 * the lifecycle stores them (server/domain/stageStays.ts). */
async function claimWithHistory(idEjecutivo: number, history: [statusId: number, fecha: string][]) {
  const current = history.at(-1)![0]
  const { claim } = await createClaim(t.db, { idEjecutivo, statusId: current })
  await t.db.update(claims).set({ fechaIngreso: history[0]![1] }).where(eq(claims.idEvento, claim.idEvento))
  await t.db.delete(statusHistory).where(eq(statusHistory.idEvento, claim.idEvento))
  await t.db.insert(statusHistory).values(history.map(([statusId, fecha]) => ({ idEvento: claim.idEvento, statusId, fecha, actor: `user:${idEjecutivo}` })))
  await recordStageStays(t.db, sql`c.id_evento = ${claim.idEvento}`)
  return claim
}

beforeAll(async () => {
  t = await buildTestApp()
  execA = await createUser(t.db, 0)
  execB = await createUser(t.db, 0)
  admin = await createUser(t.db, 1)
  partner = await createUser(t.db, 4)
  // Week of Monday 2031-03-03: two claims of A.
  await claimWithHistory(execA.idUser, [
    [1, '2031-03-03T10:00:00Z'],
    [2, '2031-03-04T10:00:00Z'], // 1 day in stage 1
    [3, '2031-03-06T10:00:00Z'], // 2 days in stage 2; stage 3 still open
  ])
  await claimWithHistory(execA.idUser, [
    [1, '2031-03-05T00:00:00Z'],
    [2, '2031-03-08T00:00:00Z'], // 3 days in stage 1
  ])
  // Week of 2031-03-10: one claim of B, never moved.
  await claimWithHistory(execB.idUser, [[1, '2031-03-10T08:00:00Z']])
  // Week of 2031-03-17: one claim of A.
  await claimWithHistory(execA.idUser, [
    [1, '2031-03-20T12:00:00Z'],
    [2, '2031-03-20T18:00:00Z'], // 0.25 days in stage 1
    [3, '2031-03-21T18:00:00Z'], // 1 day in stage 2
    [5, '2031-03-25T18:00:00Z'], // 4 days in stage 3
  ])
  // Created the day after the period: its 10 days in stage 1 must not count.
  await claimWithHistory(execA.idUser, [
    [1, '2031-04-01T00:00:00Z'],
    [2, '2031-04-11T00:00:00Z'],
  ])
})
afterAll(async () => t.close())

const PERIOD = 'initDate=2031-03-01&endDate=2031-03-31'

async function statistics(session: Session | null, query = PERIOD) {
  return t.app.inject({ url: `/api/event/report/statistics?${query}`, headers: await authHeaders(t.app, session) })
}

const STAGE_NAMES = [
  [1, 'Trámite iniciado'],
  [2, 'Carga de documentos'],
  [3, 'Validación de documentos'],
  [4, 'Documentos rechazados'],
  [5, 'Asignación de proveedor'],
  [6, 'Carta autorización'],
  [7, 'Facturación'],
  [9, 'Factura en revisión'],
  [8, 'Trámite concluido'],
  [10, 'Trámite rechazado'],
] as const

const byStage = (counts: Record<number, number>) =>
  STAGE_NAMES.map(([statusId, value]) => ({ statusId, value, claims: counts[statusId] ?? 0 }))

const stageDays = (figures: Record<number, [stays: number, median: number, p90: number]>) =>
  STAGE_NAMES.map(([statusId, value]) => {
    const f = figures[statusId]
    return { statusId, value, stays: f?.[0] ?? 0, medianDays: f?.[1] ?? null, p90Days: f?.[2] ?? null }
  })

describe('report statistics', () => {
  it('gives an administrator every claim created in the period: stages now, days per stage, claims per week', async () => {
    const res = await statistics(sessionOf(admin))
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      success: true,
      reason: '',
      response: {
        initDate: '2031-03-01',
        endDate: '2031-03-31',
        totalClaims: 4,
        byStage: byStage({ 1: 1, 2: 1, 3: 1, 5: 1 }),
        // Stage 1 stays 0.25, 1 and 3 days: median 1, p90 1 + 0.8 × (3 − 1) = 2.6. Stage 2: 2 and 1 → 1.5 and 1.9.
        stageDays: stageDays({ 1: [3, 1, 2.6], 2: [2, 1.5, 1.9], 3: [1, 4, 4] }),
        weekly: [
          { weekStart: '2031-03-03', claims: 2 },
          { weekStart: '2031-03-10', claims: 1 },
          { weekStart: '2031-03-17', claims: 1 },
        ],
      },
    })
  })

  it('gives the retail partner the same figures', async () => {
    const res = await statistics(sessionOf(partner))
    expect(res.statusCode).toBe(200)
    expect(res.json().response.totalClaims).toBe(4)
  })

  it('gives an executive only their own claims, as the CSV does, with the empty week between as 0', async () => {
    const res = await statistics(sessionOf(execA))
    expect(res.statusCode).toBe(200)
    const answer = res.json().response
    expect(answer.totalClaims).toBe(3)
    expect(answer.byStage).toEqual(byStage({ 2: 1, 3: 1, 5: 1 }))
    expect(answer.stageDays).toEqual(stageDays({ 1: [3, 1, 2.6], 2: [2, 1.5, 1.9], 3: [1, 4, 4] }))
    expect(answer.weekly).toEqual([
      { weekStart: '2031-03-03', claims: 2 },
      { weekStart: '2031-03-10', claims: 0 },
      { weekStart: '2031-03-17', claims: 1 },
    ])
    const csv = await t.app.inject({ url: `/api/event/report?${PERIOD}`, headers: await authHeaders(t.app, sessionOf(execA)) })
    expect(csv.body.replace('\uFEFF', '').split('\n').filter(Boolean)).toHaveLength(1 + 3)

    const other = (await statistics(sessionOf(execB))).json().response
    expect(other.totalClaims).toBe(1)
    expect(other.byStage).toEqual(byStage({ 1: 1 }))
    expect(other.stageDays).toEqual(stageDays({}))
    expect(other.weekly).toEqual([{ weekStart: '2031-03-10', claims: 1 }])
  })

  it('counts both ends of the period as whole UTC days', async () => {
    const one = (await statistics(sessionOf(admin), 'initDate=2031-03-20&endDate=2031-03-20')).json().response
    expect(one.totalClaims).toBe(1)
    expect(one.byStage).toEqual(byStage({ 5: 1 }))
    const april = (await statistics(sessionOf(admin), 'initDate=2031-04-01&endDate=2031-04-01')).json().response
    expect(april.stageDays).toEqual(stageDays({ 1: [1, 10, 10] }))
  })

  it('answers zeros and no weeks for a period without claims', async () => {
    const res = await statistics(sessionOf(admin), 'initDate=2030-01-01&endDate=2030-12-31')
    expect(res.statusCode).toBe(200)
    expect(res.json().response).toEqual({
      initDate: '2030-01-01',
      endDate: '2030-12-31',
      totalClaims: 0,
      byStage: byStage({}),
      stageDays: stageDays({}),
      weekly: [],
    })
  })

  it('refuses collaborators and providers (403) and a missing token (401)', async () => {
    const world = await createRoleWorld(t.db)
    for (const session of [world.sessions.collaboratorOwner, world.sessions.assignedProvider]) {
      const res = await statistics(session)
      expect(res.statusCode).toBe(403)
      expect(res.json().success).toBe(false)
    }
    expect((await statistics(null)).statusCode).toBe(401)
  })

  it.each([
    ['initDate=2031-02-30&endDate=2031-03-31', 'Fecha inválida: use el formato AAAA-MM-DD'],
    ['initDate=31-03-2031&endDate=2031-03-31', 'Fecha inválida: use el formato AAAA-MM-DD'],
    ['initDate=1899-12-31&endDate=2031-03-31', 'Fecha inválida: use el formato AAAA-MM-DD'],
    ['initDate=2031-04-01&endDate=2031-03-31', 'La fecha de inicio no puede ser posterior a la fecha de fin'],
  ])('refuses the period %s with 400 and a Spanish reason', async (query, reason) => {
    const res = await statistics(sessionOf(admin), query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, response: null, reason })
  })

  it('refuses a period without its end with 400 and a Spanish reason', async () => {
    const res = await statistics(sessionOf(admin), 'initDate=2031-03-01')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'Fecha de fin: Campo requerido' })
  })
})
