/**
 * The morning digest reads each recipient's claims from their scope's partial index (issue 23: the digest of 200
 * executives at a million claims within 2× the statistics of a month). Each role's statement is explained with
 * sequential scans switched off on 6,000 clocks copied inside a transaction that is rolled back, as the queue's plan
 * test does: if a statement stops matching its index, the plan reads claim_clocks whole and this test fails. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { claims } from '../../server/db/schema'
import { digestStatement } from '../../server/domain/serviceLevels/digest'
import { createClaim, createProvider, createUser } from './helpers/fixtures'
import { openTestDb } from './helpers/testApp'
import { claimColumnsButNumber, explainText, inRolledBackTransaction } from './helpers/rolledBack'

let opened: Awaited<ReturnType<typeof openTestDb>>
const plans = new Map<string, string>()
const NOW = new Date('2026-11-25T14:00:00Z')
const HORIZON = new Date('2026-11-26T14:00:00Z')

beforeAll(async () => {
  opened = await openTestDb()
  const db = opened.handle.db
  const executive = await createUser(db, 0)
  await createUser(db, 1)
  const { provider } = await createProvider(db)
  await createClaim(db, { idEjecutivo: executive.idUser, statusId: 3, idProveedor: provider.idProveedor })
  const columns = claimColumnsButNumber()
  await inRolledBackTransaction(db, async (tx) => {
    await tx.execute(sql`insert into ${claims} (${columns}) select ${columns} from ${claims}, generate_series(1, 6000)`)
    // Spread over 200 executives and 50 providers (the clocks name them without a foreign key), as at a million claims.
    await tx.execute(sql`
      insert into claim_clocks (id_evento, status_id, waits_on, id_ejecutivo, id_proveedor, entered_at, due_soon_at, due_at, escalate_at)
      select c.id_evento, s.status_id, s.waits_on, c.id_ejecutivo + c.id_evento % 200, c.id_proveedor + c.id_evento % 50,
             timestamptz '2026-11-01' + c.id_evento * interval '7 minutes',
             timestamptz '2026-11-02' + c.id_evento * interval '7 minutes',
             timestamptz '2026-11-03' + c.id_evento * interval '7 minutes',
             timestamptz '2026-11-05' + c.id_evento * interval '7 minutes'
      from ${claims} c
      cross join lateral (select (array[3, 7, 9])[1 + c.id_evento % 3] as status_id,
                                 (array['executive', 'provider', 'administrator'])[1 + c.id_evento % 3] as waits_on) s`)
    await tx.execute(sql`analyze claim_clocks`)
    await tx.execute(sql`set local enable_seqscan = off`)
    for (const audience of ['executive', 'admin', 'provider'] as const) {
      plans.set(audience, await explainText(tx, digestStatement(audience, NOW, HORIZON)))
    }
  })
})
afterAll(async () => opened.drop())

describe('the morning digest reads its scope index', () => {
  // Each count and the list read the index; an audience whose scope is per recipient also reads it to find the
  // recipients that own a clock (a skip scan: a recursive union of one-row probes), instead of probing every recipient.
  it.each([
    ['executive', 'claim_clocks_executive_due_idx', 4, true],
    ['admin', 'claim_clocks_office_due_idx', 3, false],
    ['provider', 'claim_clocks_provider_due_idx', 4, true],
  ] as const)('%s: %s for each count and the list, no scan of the clocks', (audience, index, reads, skipScan) => {
    const plan = plans.get(audience) ?? ''
    expect(plan.split('\n').filter((line) => line.includes(index)), plan).toHaveLength(reads)
    expect(plan.includes('Recursive Union'), plan).toBe(skipScan)
    expect(plan, plan).not.toMatch(/Seq Scan on claim_clocks/)
  })
})
