/**
 * Claim-number and name search must be answerable from indexes (issue 12: at a million claims the old condition
 * scanned the whole table twice, 2.0–2.7 s). The list's own condition (claimSearch) is explained with sequential
 * scans switched off: if the condition stops matching a trigram index's expression, the plan falls back to reading
 * the table and this test fails. A test database holds one claim, where reading the table or any index whole is as cheap as any
 * plan, so the plan is taken inside a transaction that first copies one claim 5,000 times and analyses the table,
 * then rolls back. Whole and long numbers go to the primary key (claimNumberContains.ts), with 4 digits the numbers
 * ending in them to claims_number_tail_idx, a short one among a million claim numbers to the trigram index. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { claims } from '../../server/db/schema'
import { claimSearch } from '../../server/domain/claims/claimSearch'
import { createClaim, createUser } from './helpers/fixtures'
import { openTestDb } from './helpers/testApp'
import { claimColumnsButNumber, explainText, inRolledBackTransaction } from './helpers/rolledBack'

let opened: Awaited<ReturnType<typeof openTestDb>>

beforeAll(async () => {
  opened = await openTestDb()
  const executive = await createUser(opened.handle.db, 0)
  await createClaim(opened.handle.db, { idEjecutivo: executive.idUser })
  await explainAll()
})
afterAll(async () => opened.drop())

/** Whole and long partial numbers: the numbers containing them are listed and read by primary key. */
const QUERIES = ['C523456', 'c523456', '523456', '2345']
/** Three digits with a million claims (more than 200 numbers contain them): the trigram index instead. */
const SHORT = '523'
const MILLION = 1_000_000
/** A name: the beneficiary, the coverage and the collaborator, each from its own trigram index (migration 0006). */
const NAME = 'Ana Soto'
const NAME_INDEXES = ['claims_beneficiary_trgm_idx', 'coverages_descripcion_trgm_idx', 'collaborators_full_name_trgm_idx']
const plans = new Map<string, string>()

/** The plan of each query's count, taken on 5,001 claims inside a transaction that is rolled back. */
async function explainAll(): Promise<void> {
  const db = opened.handle.db
  const columns = claimColumnsButNumber()
  await inRolledBackTransaction(db, async (tx) => {
    await tx.execute(
      sql`insert into ${claims} (${columns}) select ${columns} from ${claims}, generate_series(1, 5000)
          where ${claims.idEvento} = (select min(${claims.idEvento}) from ${claims})`,
    )
    // New rows wait in the GIN index's pending list, which the planner rightly prices high; move them in.
    await tx.execute(sql`select gin_clean_pending_list('claims_id_text_trgm_idx'::regclass)`)
    await tx.execute(sql`select gin_clean_pending_list('claims_beneficiary_trgm_idx'::regclass)`)
    await tx.execute(sql`analyze ${claims}`)
    // Asks whether the index CAN answer the condition: on a small table the planner may still prefer reading it
    // all, which says nothing about a million rows (there it takes 0.3 ms against a full scan's 2 s).
    await tx.execute(sql`set local enable_seqscan = off`)
    const [{ top } = { top: 0 }] = await tx.select({ top: sql<number>`max(${claims.idEvento})`.mapWith(Number) }).from(claims)
    for (const [q, largest] of [...QUERIES.map((q) => [q, top] as const), [NAME, top] as const, [SHORT, MILLION] as const]) {
      const search = claimSearch(q, largest)
      if (!search || search.byName !== (q === NAME)) throw new Error(`${q} is not the expected kind of search`)
      plans.set(q, await explainText(tx, sql`select count(*) from ${claims} where ${search.condition}`))
    }
  })
}

describe('claim search uses its indexes', () => {
  for (const q of QUERIES) {
    it(`'${q}' is answered by the primary key`, () => {
      const plan = plans.get(q) ?? ''
      expect(plan, plan).toContain('claims_pkey')
      expect(plan).not.toContain('claims_id_text_trgm_idx')
      expect(plan).not.toMatch(/Seq Scan on claims/)
    })
  }

  it("'2345' reads the numbers ending in it from claims_number_tail_idx (one range, not a probe per prefix)", () => {
    const plan = plans.get('2345') ?? ''
    expect(plan, plan).toContain('claims_number_tail_idx')
  })

  it(`'${SHORT}' among a million claim numbers is answered by claims_id_text_trgm_idx`, () => {
    const plan = plans.get(SHORT) ?? ''
    expect(plan, plan).toContain('claims_id_text_trgm_idx')
    expect(plan).not.toMatch(/Seq Scan on claims/)
  })

  it('a name is not a claim-number search', () => {
    expect(claimSearch(NAME, MILLION)?.byName).toBe(true)
  })

  it(`a name ('${NAME}') is answered by the three name indexes, never by reading claims`, () => {
    const plan = plans.get(NAME) ?? ''
    for (const index of NAME_INDEXES) expect(plan, plan).toContain(index)
    expect(plan).not.toMatch(/Seq Scan on claims/)
  })
})
