/**
 * Issue 23, escalation through the outbox: a claim that becomes 'Vencido' is announced once to whom its stage waits
 * on, one overdue by its target again once to the active administrators, never twice for the same stay whatever
 * the number of rounds running at once, and again after the claim entered the stage anew. Controlled clock; runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the two rounds run on two connections at once).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { createClaim, createProvider, createUser } from './helpers/fixtures'
import { notifications } from '../../server/db/schema'
import { backfillClaimClocks, recordStageClock } from '../../server/domain/serviceLevels/clocks'
import { escalateClocks } from '../../server/domain/serviceLevels/escalation'

const t = useTestApp()

/** Monday 2 November 2026 at 09:00 in Mexico City. */
const MONDAY = '2026-11-02T15:00:00Z'

async function claimIn(statusId: number, owner: { idEjecutivo: number; idProveedor?: number }) {
  const { claim } = await createClaim(t.db, { ...owner, statusId })
  await t.db.execute(sql`update status_history set fecha = ${MONDAY}::timestamptz where id_evento = ${claim.idEvento}`)
  return claim.idEvento
}

const rowsOf = (idEvento: number) =>
  t.db
    .select({ kind: notifications.kind, recipient: notifications.recipient, subject: notifications.subject, message: notifications.message, details: notifications.details })
    .from(notifications)
    .where(eq(notifications.idEvento, idEvento))
    .orderBy(asc(notifications.id))

beforeEach(async () => {
  // Each test counts its own notifications: earlier tests' clocks are announced and out of the way.
  await escalateClocks(t.db, new Date('2027-06-01T00:00:00Z'))
})

describe('escalation of overdue claims', () => {
  it('tells the executive once when Validación de documentos is overdue, and the administrators once at twice the target', async () => {
    const exec = await createUser(t.db, 0)
    const admins = [await createUser(t.db, 1), await createUser(t.db, 1)]
    await createUser(t.db, 1, { activo: 1 }) // inactive: never told
    const id = await claimIn(3, { idEjecutivo: exec.idUser })
    await backfillClaimClocks(t.db, new Date(MONDAY))

    // Due on Wednesday 4 at 09:00 (2 business days).
    expect(await escalateClocks(t.db, new Date('2026-11-04T14:59:59Z'))).toBe(0)
    expect(await escalateClocks(t.db, new Date('2026-11-04T15:00:01Z'))).toBe(1)
    expect(await rowsOf(id)).toEqual([
      {
        kind: 'claimOverdue',
        recipient: `user:${exec.idUser}`,
        subject: `Trámite C${id}: vencido`,
        message: `El trámite C${id} venció en «Validación de documentos» y espera su acción.`,
        details: { audience: 'executive', etapa: 'Validación de documentos' },
      },
    ])
    expect(await escalateClocks(t.db, new Date('2026-11-05T15:00:00Z'))).toBe(0)

    // Escalated on Friday 6 at 09:00 (4 business days).
    expect(await escalateClocks(t.db, new Date('2026-11-06T14:59:59Z'))).toBe(0)
    expect(await escalateClocks(t.db, new Date('2026-11-06T15:00:01Z'))).toBe(2)
    const escalated = (await rowsOf(id)).filter((row) => row.kind === 'claimEscalated')
    expect(escalated.map((row) => row.recipient)).toEqual(admins.map((admin) => `user:${admin.idUser}`))
    expect(escalated[0]!.subject).toBe(`Trámite C${id}: vencido por más del doble de su plazo`)
    expect(await escalateClocks(t.db, new Date('2026-11-20T15:00:00Z'))).toBe(0)
  })

  it('tells the assigned provider of a late invoice, and the administrators of a late approval', async () => {
    const exec = await createUser(t.db, 0)
    const admin = await createUser(t.db, 1)
    const { user, provider } = await createProvider(t.db)
    const invoice = await claimIn(7, { idEjecutivo: exec.idUser, idProveedor: provider.idProveedor })
    const approval = await claimIn(9, { idEjecutivo: exec.idUser, idProveedor: provider.idProveedor })
    await backfillClaimClocks(t.db, new Date(MONDAY))
    // Both 5 business days: due Monday 9 at 09:00.
    await escalateClocks(t.db, new Date('2026-11-09T15:00:01Z'))
    expect((await rowsOf(invoice)).map((row) => [row.kind, row.recipient])).toEqual([['claimOverdue', `user:${user.idUser}`]])
    expect((await rowsOf(approval)).map((row) => [row.kind, row.recipient])).toContainEqual(['claimOverdue', `user:${admin.idUser}`])
  })

  it('writes one notification per stay and recipient even when rounds overlap', async () => {
    const exec = await createUser(t.db, 0)
    const id = await claimIn(5, { idEjecutivo: exec.idUser })
    await backfillClaimClocks(t.db, new Date(MONDAY))
    const now = new Date('2026-11-10T15:00:00Z')
    // Two rounds at once (two connections on PostgreSQL), then a round that read the clock before the first committed.
    await Promise.all([escalateClocks(t.db, now), escalateClocks(t.db, now)])
    await t.db.execute(sql`update claim_clocks set overdue_notified = false where id_evento = ${id}`)
    await escalateClocks(t.db, now)
    expect((await rowsOf(id)).filter((row) => row.kind === 'claimOverdue')).toHaveLength(1)
  })

  it('does not announce what was already late when the clocks were first written (the first start after the upgrade)', async () => {
    const exec = await createUser(t.db, 0)
    const id = await claimIn(3, { idEjecutivo: exec.idUser })
    await backfillClaimClocks(t.db, new Date('2026-11-27T15:00:00Z'))
    expect(await escalateClocks(t.db, new Date('2026-11-27T16:00:00Z'))).toBe(0)
    expect(await rowsOf(id)).toEqual([])
  })

  it('announces a new stay in the stage again', async () => {
    const exec = await createUser(t.db, 0)
    const id = await claimIn(5, { idEjecutivo: exec.idUser })
    await backfillClaimClocks(t.db, new Date(MONDAY))
    await escalateClocks(t.db, new Date('2026-11-04T15:00:00Z'))
    // The claim entered the stage again on Monday 9 (a new history row), and is overdue again on Tuesday 10.
    await t.db.execute(sql`insert into status_history (id_evento, status_id, fecha, actor) values (${id}, 5, '2026-11-09T15:00:00Z', ${`user:${exec.idUser}`})`)
    await t.db.transaction((tx) => recordStageClock(tx, id))
    expect(await escalateClocks(t.db, new Date('2026-11-10T15:00:01Z'))).toBeGreaterThanOrEqual(1)
    expect((await rowsOf(id)).filter((row) => row.kind === 'claimOverdue')).toHaveLength(2)
  })
})
