/**
 * stage_stays (docs/decisions/report-statistics.md): a stage change stores the stay it ends, with its days, in the
 * lifecycle's own transaction; a refused change or a rolled-back action stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { createClaim, createUser } from './helpers/fixtures'
import { claimFiles, stageStays, statusHistory } from '../../server/db/schema'
import type { Db, Tx } from '../../server/db/client'
import { applyClaimEvent } from '../../server/domain/claimLifecycle'

let t: TestApp
let idEjecutivo: number

beforeAll(async () => {
  t = await buildTestApp()
  idEjecutivo = (await createUser(t.db, 0)).idUser
})
afterAll(async () => t.close())

const historyOf = (db: Db | Tx, idEvento: number) =>
  db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento)).orderBy(statusHistory.fecha, statusHistory.id)

async function staysOf(db: Db | Tx, idEvento: number) {
  const ids = (await historyOf(db, idEvento)).map((h) => h.id)
  return db.select().from(stageStays).where(inArray(stageStays.idHistory, ids)).orderBy(stageStays.idHistory)
}

/** A claim in stage 1 since 2020-01-01 whose first two documents are uploaded: uploading the third moves it to 3. */
async function claimAwaitingThirdDocument() {
  const { claim } = await createClaim(t.db, { idEjecutivo, statusId: 1 })
  await t.db.update(statusHistory).set({ fecha: '2020-01-01T00:00:00Z' }).where(eq(statusHistory.idEvento, claim.idEvento))
  for (const tipo of [1, 2] as const) {
    await t.db.insert(claimFiles).values({ idEvento: claim.idEvento, tipo, status: 1, storageKey: `2031/01/doc${tipo}.pdf`, nombre: `doc${tipo}.pdf`, size: 10, uploadedBy: 'test' })
  }
  return claim
}

const uploadThird = async (tx: Tx, idEvento: number) => {
  await tx.insert(claimFiles).values({ idEvento, tipo: 3, status: 1, storageKey: '2031/01/doc3.pdf', nombre: 'doc3.pdf', size: 10, uploadedBy: 'test' })
  return applyClaimEvent(tx, { idEvento, event: { type: 'document.upload', tipo: 3 }, actor: 'user:1' })
}

describe('a stage change stores the stay it ends', () => {
  it('writes the ended stay (stage, days to the new row, the claim’s cohort keys) in the same transaction', async () => {
    const claim = await claimAwaitingThirdDocument()
    expect(await staysOf(t.db, claim.idEvento)).toEqual([])
    const seenInside = await t.db.transaction(async (tx) => {
      expect(await uploadThird(tx, claim.idEvento)).toEqual({ statusId: 3, changed: true })
      return staysOf(tx, claim.idEvento)
    })
    const [first, second] = await historyOf(t.db, claim.idEvento)
    const expectedDays = (Date.parse(second!.fecha) - Date.parse('2020-01-01T00:00:00Z')) / 86_400_000
    expect(seenInside).toEqual(await staysOf(t.db, claim.idEvento))
    expect(seenInside).toHaveLength(1)
    expect(seenInside[0]).toMatchObject({ idHistory: first!.id, statusId: 1, idEjecutivo, fechaIngreso: claim.fechaIngreso })
    // The new row's fecha is the transaction's now(): more than six years after 2020-01-01.
    expect(seenInside[0]!.days).toBeCloseTo(expectedDays, 6)
    expect(seenInside[0]!.days).toBeGreaterThan(6 * 365)
  })

  it('stores nothing for a refused change or a rolled-back action', async () => {
    const claim = await claimAwaitingThirdDocument()
    const refused = t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'letter.save' }, actor: 'user:1' }))
    await expect(refused).rejects.toMatchObject({ statusCode: 409 })
    const rolledBack = t.db.transaction(async (tx) => {
      await uploadThird(tx, claim.idEvento)
      throw new Error('la acción falla después del cambio de etapa')
    })
    await expect(rolledBack).rejects.toThrow(/falla/)
    expect(await staysOf(t.db, claim.idEvento)).toEqual([])
    expect(await historyOf(t.db, claim.idEvento)).toHaveLength(1)
  })
})
