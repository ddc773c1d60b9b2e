/**
 * The mails search (Notificaciones) must be answerable from indexes: the mails outgrow the claims (several per
 * claim). As in claimSearchIndex.test.ts, the plan is taken with sequential scans off on 5,001 mails made inside a
 * transaction that is rolled back: if the condition stops matching the trigram indexes' expressions (migration 0008),
 * the plan reads the table and this test fails. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { notifications } from '../../server/db/schema'
import { mailSearch } from '../../server/notifications/repository'
import { createClaim, createUser } from './helpers/fixtures'
import { openTestDb } from './helpers/testApp'
import { explainText, inRolledBackTransaction } from './helpers/rolledBack'

let opened: Awaited<ReturnType<typeof openTestDb>>
const plans = new Map<string, string>()
const SEARCHES = ['ana.soto@', 'Documentos rechazados', 'C523456']

beforeAll(async () => {
  opened = await openTestDb()
  const db = opened.handle.db
  const executive = await createUser(db, 0)
  const { claim } = await createClaim(db, { idEjecutivo: executive.idUser })
  await inRolledBackTransaction(db, async (tx) => {
    await tx.execute(sql`
      insert into ${notifications} (id_evento, kind, recipient, email, subject, message, link, details)
      select ${claim.idEvento}, 'documentsRejected', 'user:1', 'persona' || n || '@ejemplo.mx', 'Aviso ' || n, 'Mensaje', '/', '{}'::jsonb
      from generate_series(1, 5001) n`)
    // New rows wait in the GIN indexes' pending lists, which the planner rightly prices high; move them in.
    await tx.execute(sql`select gin_clean_pending_list('notifications_email_trgm_idx'::regclass)`)
    await tx.execute(sql`select gin_clean_pending_list('notifications_subject_trgm_idx'::regclass)`)
    await tx.execute(sql`analyze ${notifications}`)
    await tx.execute(sql`set local enable_seqscan = off`)
    for (const q of SEARCHES) {
      plans.set(q, await explainText(tx, sql`select count(*) from ${notifications} where ${mailSearch(q)}`))
    }
  })
})
afterAll(async () => opened.drop())

describe('the mails search uses its indexes', () => {
  for (const q of SEARCHES) {
    it(`'${q}' is answered by the address and subject trigram indexes, never by reading the mails`, () => {
      const plan = plans.get(q) ?? ''
      expect(plan, plan).toContain('notifications_email_trgm_idx')
      expect(plan, plan).toContain('notifications_subject_trgm_idx')
      expect(plan).not.toMatch(/Seq Scan on notifications/)
    })
  }

  it('a claim number also finds the mails of that claim, from their claim index', () => {
    expect(plans.get('C523456')).toContain('notifications_evento_idx')
  })

  it('a blank search is no condition', () => {
    expect(mailSearch('  ')).toBeUndefined()
  })
})
