/**
 * Issue 23, service levels on the server: each claim's clock is written with the stage change that starts it
 * (through the real routes), removed when the claim waits on the collaborator, filled at start for claims without
 * one; the targets are read by the office, changed only by administrators with the domain's rule, recorded with who
 * and when, and a change recomputes the open clocks of its stage. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { authHeaders, createClaim, createRoleWorld, createUser, sessionOf } from './helpers/fixtures'
import { makePdf, multipartBody } from './helpers/uploads'
import { claimClocks, serviceTargetChanges, serviceTargets } from '../../server/db/schema'
import { backfillClaimClocks } from '../../server/domain/serviceLevels/clocks'
import { businessInstantAfter } from '../../domain/businessDays'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()

async function send(session: Session | null, method: 'GET' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: await authHeaders(t.app, session), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

const clockOf = async (idEvento: number) => (await t.db.select().from(claimClocks).where(eq(claimClocks.idEvento, idEvento)))[0]
const lastEntry = async (idEvento: number) =>
  String(
    (
      (await t.db.execute(sql`select fecha from status_history where id_evento = ${idEvento} order by fecha desc, id desc limit 1`)) as unknown as {
        rows: { fecha: string }[]
      }
    ).rows[0]!.fecha,
  )
const iso = (value: string) => new Date(value).toISOString()

async function uploadAll(collaborator: Session, idEvento: number) {
  let last: any
  for (const part of ['fileOne', 'fileTwo', 'fileThree']) {
    const { payload, headers } = multipartBody([
      { name: 'idEvento', value: String(idEvento) },
      { name: part, filename: `${part}.pdf`, content: await makePdf(part), contentType: 'application/pdf' },
    ])
    const res = await t.app.inject({ method: 'POST', url: '/api/file/add-files-to-event', payload, headers: { ...(await authHeaders(t.app, collaborator)), ...headers } })
    expect(res.statusCode).toBe(200)
    last = res.json()
  }
  return last
}

describe('the clock of a claim', () => {
  it('starts when the three documents arrive, waits on the executive, and is due two business days later', async () => {
    const exec = await createUser(t.db, 0)
    const { claim, idColaborador } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 1 })
    const collaborator: Session = { kind: 'collaborator', idColaborador, idEvento: claim.idEvento, rol: 2 }
    expect(await clockOf(claim.idEvento)).toBeUndefined()

    expect((await uploadAll(collaborator, claim.idEvento)).response.statusId).toBe(3)
    const clock = await clockOf(claim.idEvento)
    const entered = await lastEntry(claim.idEvento)
    expect(clock).toMatchObject({ statusId: 3, waitsOn: 'executive', idEjecutivo: exec.idUser, idProveedor: null })
    expect(iso(clock!.enteredAt)).toBe(iso(entered))
    expect(iso(clock!.dueAt)).toBe(businessInstantAfter(new Date(entered), 2).toISOString())
    expect(iso(clock!.dueSoonAt)).toBe(businessInstantAfter(new Date(entered), 1.6).toISOString())

    // The executive rejects a document: the claim waits on the collaborator, and the office's clock is gone.
    const { payload, headers } = multipartBody([
      { name: 'idEvento', value: String(claim.idEvento) },
      { name: 'tipo', value: '2' },
      { name: 'estatus', value: '3' },
      { name: 'comentario', value: 'Ilegible' },
    ])
    const rejected = await t.app.inject({ method: 'POST', url: '/api/file/add-files-to-event', payload, headers: { ...(await authHeaders(t.app, sessionOf(exec))), ...headers } })
    expect(rejected.json().response.statusId).toBe(4)
    expect(await clockOf(claim.idEvento)).toBeUndefined()
  })

  it('is filled at start for claims in a timed stage that have none, and only for those', async () => {
    const exec = await createUser(t.db, 0)
    const waiting = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 5 })
    const collaboratorStage = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 2 })
    const concluded = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 8 })
    expect(await backfillClaimClocks(t.db)).toBeGreaterThanOrEqual(1)
    const clock = await clockOf(waiting.claim.idEvento)
    expect(clock).toMatchObject({ statusId: 5, waitsOn: 'executive' })
    expect(iso(clock!.dueAt)).toBe(businessInstantAfter(new Date(await lastEntry(waiting.claim.idEvento)), 1).toISOString())
    expect(await clockOf(collaboratorStage.claim.idEvento)).toBeUndefined()
    expect(await clockOf(concluded.claim.idEvento)).toBeUndefined()
    // A second pass finds nothing to do.
    expect(await backfillClaimClocks(t.db)).toBe(0)
  })
})

describe('/api/service-levels', () => {
  it('shows the defaults to every office role and refuses the collaborator', async () => {
    const world = await createRoleWorld(t.db)
    const read = await send(world.sessions.admin, 'GET', '/api/service-levels')
    expect(read.status).toBe(200)
    expect(read.body.response.objetivos.map((o: any) => [o.statusId, o.etapa, o.esperaA, o.diasHabiles, o.modificado])).toEqual([
      [3, 'Validación de documentos', 'executive', 2, null],
      [5, 'Asignación de proveedor', 'executive', 1, null],
      [6, 'Carta autorización', 'executive', 3, null],
      [7, 'Facturación', 'provider', 5, null],
      [9, 'Factura en revisión', 'administrator', 5, null],
    ])
    for (const caller of ['executiveOwner', 'assignedProvider', 'partner'] as const) expect((await send(world.sessions[caller], 'GET', '/api/service-levels')).status).toBe(200)
    expect((await send(world.sessions.collaboratorOwner, 'GET', '/api/service-levels')).status).toBe(403)
    expect((await send(null, 'GET', '/api/service-levels')).status).toBe(401)
    // The targets alone (no history, no names) are for every session: the collaborator's home says by when.
    const targets = await send(world.sessions.collaboratorOwner, 'GET', '/api/service-levels/targets')
    expect(targets.status).toBe(200)
    expect(targets.body.response).toEqual({
      objetivos: [
        { statusId: 3, diasHabiles: 2 },
        { statusId: 5, diasHabiles: 1 },
        { statusId: 6, diasHabiles: 3 },
        { statusId: 7, diasHabiles: 5 },
        { statusId: 9, diasHabiles: 5 },
      ],
    })
    expect((await send(null, 'GET', '/api/service-levels/targets')).status).toBe(401)
  })

  it('lets only an administrator change a target', async () => {
    const world = await createRoleWorld(t.db)
    for (const caller of ['executiveOwner', 'assignedProvider', 'partner', 'collaboratorOwner'] as const) {
      const res = await send(world.sessions[caller], 'PUT', '/api/service-levels', { objetivos: [{ statusId: 3, diasHabiles: 4 }] })
      expect(res.status).toBe(403)
    }
    expect(await t.db.select().from(serviceTargets)).toHaveLength(0)
  })

  it.each([
    [0, 'Validación de documentos: El objetivo debe estar entre 1 y 60 días hábiles'],
    [61, 'Validación de documentos: El objetivo debe estar entre 1 y 60 días hábiles'],
    [1.5, 'Validación de documentos: Escribe un número entero de días hábiles'],
    [-2, 'Validación de documentos: Escribe un número entero de días hábiles'],
  ])('refuses %s business days with a Spanish reason and writes nothing', async (days, reason) => {
    const admin = await createUser(t.db, 1)
    const res = await send(sessionOf(admin), 'PUT', '/api/service-levels', {
      objetivos: [
        { statusId: 5, diasHabiles: 2 },
        { statusId: 3, diasHabiles: days },
      ],
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ success: false, response: null, reason })
    expect(await t.db.select().from(serviceTargets)).toHaveLength(0)
    expect(await t.db.select().from(serviceTargetChanges)).toHaveLength(0)
  })

  it('refuses a stage named twice, a stage without a clock and a text', async () => {
    const admin = sessionOf(await createUser(t.db, 1))
    const twice = await send(admin, 'PUT', '/api/service-levels', { objetivos: [{ statusId: 3, diasHabiles: 2 }, { statusId: 3, diasHabiles: 4 }] })
    expect([twice.status, twice.body.reason]).toEqual([400, 'Validación de documentos: la etapa aparece más de una vez'])
    expect((await send(admin, 'PUT', '/api/service-levels', { objetivos: [{ statusId: 4, diasHabiles: 2 }] })).status).toBe(400)
    expect((await send(admin, 'PUT', '/api/service-levels', { objetivos: [{ statusId: 3, diasHabiles: 'dos' }] })).status).toBe(400)
    expect((await send(admin, 'PUT', '/api/service-levels', { objetivos: [] })).status).toBe(400)
  })

  it('records who changed what and when, and moves the due instants of the open clocks', async () => {
    const admin = await createUser(t.db, 1, { nombre: 'Laura', apePat: 'Méndez' })
    const exec = await createUser(t.db, 0)
    const { claim } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 3 })
    await backfillClaimClocks(t.db)
    const entered = new Date(await lastEntry(claim.idEvento))

    const saved = await send(sessionOf(admin), 'PUT', '/api/service-levels', {
      objetivos: [
        { statusId: 3, diasHabiles: 4 },
        { statusId: 9, diasHabiles: 5 }, // unchanged: not recorded
      ],
    })
    expect(saved.status).toBe(200)
    const target = saved.body.response.objetivos.find((o: any) => o.statusId === 3)
    expect(target).toMatchObject({ diasHabiles: 4, predeterminado: 2, modificadoPor: 'Laura Méndez' })
    expect(saved.body.response.cambios.map((c: any) => [c.etapa, c.antes, c.despues, c.usuario])).toEqual([
      ['Validación de documentos', 2, 4, 'Laura Méndez'],
    ])
    const clock = await clockOf(claim.idEvento)
    expect(iso(clock!.dueAt)).toBe(businessInstantAfter(entered, 4).toISOString())
    expect(iso(clock!.dueSoonAt)).toBe(businessInstantAfter(entered, 3.2).toISOString())

    // The next claim to enter the stage gets the new target too.
    const { claim: next, idColaborador } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 1 })
    await uploadAll({ kind: 'collaborator', idColaborador, idEvento: next.idEvento, rol: 2 }, next.idEvento)
    expect(iso((await clockOf(next.idEvento))!.dueAt)).toBe(businessInstantAfter(new Date(await lastEntry(next.idEvento)), 4).toISOString())
  })
})
