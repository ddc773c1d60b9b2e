/**
 * coverages.used_amount (migration 0015, issue 27): what each coverage has used, kept by triggers on claims, equals
 * the sum the records computed before (montoAutorizado of the coverage's claims that are not 'Trámite rechazado',
 * stage 10) after every kind of write: a claim created, several in one statement, rejected and taken back, its amount
 * changed, moved to another coverage, deleted; and the API's figures (a claim's record, the fund summary, the
 * creation's availability check) read it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { createClaim, createCollaboratorWithCoverage, createUser } from './helpers/fixtures'
import { claims, statusHistory } from '../../server/db/schema'
import { getClaimRecord } from '../../server/domain/claims/claimRecord'
import { fundSummary } from '../../server/domain/claims/procedures'

let t: TestApp
let executiveId: number

beforeAll(async () => {
  t = await buildTestApp({ rateLimitStore: 'memory' })
  executiveId = (await createUser(t.db, 0)).idUser
})
afterAll(async () => t.close())

/** Coverages whose kept amount differs from the exact sum over their claims (none when the triggers are right). */
async function coveragesOff(): Promise<Array<{ id: number; kept: number; exact: number }>> {
  const { rows } = (await t.db.execute(sql`
    select c.id_cobertura as id, c.used_amount::float8 as kept,
      coalesce((select sum(u.monto_autorizado) from claims u where u.id_cobertura = c.id_cobertura and u.status_id <> 10), 0)::float8 as exact
    from coverages c`)) as unknown as { rows: Array<{ id: number; kept: number; exact: number }> }
  return rows.filter((row) => Math.abs(row.kept - row.exact) > 0.001)
}

describe('the used amount kept per coverage', () => {
  it('equals the exact sum after the seed, inserts, rejections, amount changes, moves and deletes', async () => {
    expect(await coveragesOff()).toEqual([])
    const a = await createClaim(t.db, { idEjecutivo: executiveId, montoAutorizado: 1_234.5, monto: 50_000 })
    const b = await createClaim(t.db, { idEjecutivo: executiveId, montoAutorizado: 700, statusId: 10 })
    expect(await coveragesOff()).toEqual([])
    const [aUsed] = await t.db.execute(sql`select used_amount::float8 as used from coverages where id_cobertura = ${a.coverage.idCobertura}`).then((r) => (r as unknown as { rows: Array<{ used: number }> }).rows)
    expect(aUsed?.used).toBe(1_234.5)

    // Several claims of one coverage in one statement (the triggers' transition table, grouped per coverage).
    const { claim: template } = a
    const { idEvento: _id, fechaIngreso: _f, ...copy } = template
    await t.db.insert(claims).values([
      { ...copy, montoAutorizado: 100, statusId: 7 },
      { ...copy, montoAutorizado: 200.25, statusId: 10 },
      { ...copy, montoAutorizado: 300, statusId: 2 },
    ])
    expect(await coveragesOff()).toEqual([])

    await t.db.update(claims).set({ statusId: 10 }).where(eq(claims.idEvento, a.claim.idEvento)) // rejected
    expect(await coveragesOff()).toEqual([])
    await t.db.update(claims).set({ statusId: 3 }).where(eq(claims.idEvento, b.claim.idEvento)) // taken back
    expect(await coveragesOff()).toEqual([])
    await t.db.update(claims).set({ montoAutorizado: 999.99 }).where(eq(claims.idEvento, b.claim.idEvento))
    await t.db.update(claims).set({ statusId: 4 }).where(eq(claims.idEvento, b.claim.idEvento)) // a stage that changes nothing
    expect(await coveragesOff()).toEqual([])
    const other = await createCollaboratorWithCoverage(t.db)
    await t.db.update(claims).set({ idCobertura: other.coverage.idCobertura, montoAutorizado: 50 }).where(eq(claims.idEvento, b.claim.idEvento))
    expect(await coveragesOff()).toEqual([])
    // Claims are never deleted by the portal; a repair may (its history first, which references the claim).
    const gone = t.db.select({ id: claims.idEvento }).from(claims).where(eq(claims.idCobertura, a.coverage.idCobertura))
    await t.db.delete(statusHistory).where(inArray(statusHistory.idEvento, gone))
    await t.db.delete(claims).where(eq(claims.idCobertura, a.coverage.idCobertura))
    expect(await coveragesOff()).toEqual([])
  })

  it("gives the records, the fund summary and the creation's check the kept figures", async () => {
    const { claim, coverage, idColaborador } = await createClaim(t.db, { idEjecutivo: executiveId, montoAutorizado: 8_000, monto: 10_000 })
    const record = await getClaimRecord(t.db, claim.idEvento)
    expect(record).toMatchObject({ monto: 10_000, montoUtilizado: 8_000, usedAmount: 8_000, montoDisponible: 2_000 })
    expect(await fundSummary(t.db, idColaborador, coverage.idCobertura)).toMatchObject({ montoUtilizado: 8_000, montoDisponible: 2_000 })
    await t.db.update(claims).set({ statusId: 10 }).where(eq(claims.idEvento, claim.idEvento))
    expect(await getClaimRecord(t.db, claim.idEvento)).toMatchObject({ montoUtilizado: 0, montoDisponible: 10_000 })
    expect(await fundSummary(t.db, idColaborador, coverage.idCobertura)).toMatchObject({ montoUtilizado: 0, montoDisponible: 10_000 })
  })
})
