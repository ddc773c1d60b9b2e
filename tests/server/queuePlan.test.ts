/**
 * 'Pendientes' must be answered from its scope's index in due order (issue 23: fast at a million claims). Each queue
 * statement — an executive's, the office's and a provider's first page, each badge filter, the next page by key — is
 * explained with sequential scans switched off on 6,000 clocks copied inside a transaction that is rolled back: if a
 * statement stops matching its partial index, the plan reads the table (or sorts it) and this test fails. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { claims } from '../../server/db/schema'
import { queueStatement } from '../../server/domain/serviceLevels/queue'
import type { QueueQuery } from '../../domain/contract/serviceLevels'
import type { Session } from '../../server/auth/roles'
import { createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { openTestDb } from './helpers/testApp'
import { claimColumnsButNumber, explainText, inRolledBackTransaction } from './helpers/rolledBack'

let opened: Awaited<ReturnType<typeof openTestDb>>
const plans = new Map<string, string>()
const NOW = new Date('2026-11-25T10:00:00Z')

beforeAll(async () => {
  opened = await openTestDb()
  const db = opened.handle.db
  const executive = sessionOf(await createUser(db, 0))
  const admin = sessionOf(await createUser(db, 1))
  const { user, provider } = await createProvider(db)
  const providerSession = sessionOf(user)
  if (executive.kind !== 'user') throw new Error('executive')
  await createClaim(db, { idEjecutivo: executive.idUser, statusId: 3, idProveedor: provider.idProveedor })
  const shapes: [string, Session, QueueQuery][] = [
    ['executive', executive, {}],
    ['executive overdue', executive, { estado: 'overdue' }],
    ['executive due soon', executive, { estado: 'dueSoon' }],
    ['executive on time', executive, { estado: 'onTime' }],
    ['executive next page', executive, { after: 1, vence: '2026-11-20T00:00:00Z' }],
    ['office', admin, {}],
    ['office due soon', admin, { estado: 'dueSoon' }],
    ['office previous page', admin, { before: 9, vence: '2026-12-20T00:00:00Z' }],
    ['provider', providerSession, {}],
  ]
  const columns = claimColumnsButNumber()
  await inRolledBackTransaction(db, async (tx) => {
    await tx.execute(sql`insert into ${claims} (${columns}) select ${columns} from ${claims}, generate_series(1, 6000)`)
    // A third of the clocks wait on the executive, a third on the provider, a third on the administrator.
    await tx.execute(sql`
      insert into claim_clocks (id_evento, status_id, waits_on, id_ejecutivo, id_proveedor, entered_at, due_soon_at, due_at, escalate_at)
      select c.id_evento, s.status_id, s.waits_on, c.id_ejecutivo, c.id_proveedor,
             timestamptz '2026-11-01' + c.id_evento * interval '7 minutes',
             timestamptz '2026-11-02' + c.id_evento * interval '7 minutes',
             timestamptz '2026-11-03' + c.id_evento * interval '7 minutes',
             timestamptz '2026-11-05' + c.id_evento * interval '7 minutes'
      from ${claims} c
      cross join lateral (select (array[3, 7, 9])[1 + c.id_evento % 3] as status_id,
                                 (array['executive', 'provider', 'administrator'])[1 + c.id_evento % 3] as waits_on) s`)
    await tx.execute(sql`analyze claim_clocks`)
    await tx.execute(sql`set local enable_seqscan = off`)
    for (const [name, session, query] of shapes) {
      const { statement } = await queueStatement(tx, session, query, NOW)
      plans.set(name, await explainText(tx, statement))
    }
  })
})
afterAll(async () => opened.drop())

describe('the queue reads its scope index in due order', () => {
  it.each([
    ['executive', 'claim_clocks_executive_due_idx'],
    ['executive overdue', 'claim_clocks_executive_due_idx'],
    ['executive due soon', 'claim_clocks_executive_due_idx'],
    ['executive on time', 'claim_clocks_executive_due_idx'],
    ['executive next page', 'claim_clocks_executive_due_idx'],
    ['office', 'claim_clocks_office_due_idx'],
    ['office due soon', 'claim_clocks_office_due_idx'],
    ['office previous page', 'claim_clocks_office_due_idx'],
    ['provider', 'claim_clocks_provider_due_idx'],
  ])('%s: %s, no scan of the table, no sort of the clocks', (name, index) => {
    const plan = plans.get(name) ?? ''
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(/Seq Scan on claim_clocks/)
    // The page's order comes from the index: the only sort allowed is the final one of at most a page of rows.
    const sorts = plan.split('\n').filter((line) => /Sort\b/.test(line) && !/Sort Key/.test(line))
    expect(sorts.length, plan).toBeLessThanOrEqual(1)
    // A badge is decided on the index entry (due_soon_at is one of its columns, migration 0013), not on the table's row.
    expect(plan, plan).not.toMatch(/Filter: .*due_soon_at/)
  })

  it("'Por vencer' ends its range at the due-soon horizon, not at the queue's last due entry", () => {
    const plan = plans.get('executive due soon') ?? ''
    expect(plan, plan).toMatch(/Index Cond: \(\(id_ejecutivo = \d+\) AND \(due_at >= [^\n]*\) AND \(due_at <= /)
  })

  it("'A tiempo' starts its range at now in due order, not at the queue's most overdue entry", () => {
    const plan = plans.get('executive on time') ?? ''
    expect(plan, plan).toMatch(/Index (Only )?Scan using claim_clocks_executive_due_idx[^\n]*\n\s*Index Cond: \(\(id_ejecutivo = \d+\) AND \(due_at > /)
  })
})
