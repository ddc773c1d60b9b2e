/**
 * The report statistics' aggregates per UTC day, stage and executive (issue 27, migration 0011_stats_aggregate):
 * kept by triggers through inserts, stage changes, stays whose days change and rolled-back writes; equal to the
 * migration's backfill; and the figures they give equal the exact computation (counts and weeks exactly, medians and
 * 90th percentiles within one bin: 0.05 day below 10 days, 0.5 % of the value above) on varied durations, for several
 * periods and an executive's scope.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { openTestDb } from './helpers/testApp'
import { createClaim, createUser } from './helpers/fixtures'
import { claims, statusHistory } from '../../server/db/schema'
import type { DbHandle } from '../../server/db/client'
import { recordStageStays } from '../../server/domain/stageStays'
import { reportStatistics } from '../../server/report/reportStatistics'
import type { ReportFilter } from '../../server/report/claimsReport'

const MIGRATION = path.join(import.meta.dirname, '../../server/db/migrations/0011_stats_aggregate.sql')
const DAY_MS = 86_400_000
const START = Date.parse('2032-01-05T00:00:00Z')

let handle: DbHandle
let drop: () => Promise<void>
let executives: number[]

type Rows<T> = { rows: T[] }
const query = async <T>(statement: ReturnType<typeof sql>) => ((await handle.db.execute(statement)) as unknown as Rows<T>).rows

/** A small deterministic generator (the durations must vary, and be the same on every run). */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

/** Durations of every kind: minutes, hours, whole days (many equal ones), weeks, months past the 10-day bins. */
function duration(next: () => number): number {
  const kind = next()
  if (kind < 0.25) return Math.round(next() * 600) / 1440
  if (kind < 0.45) return 1 + Math.floor(next() * 3)
  if (kind < 0.8) return next() * 10
  return 10 + next() * next() * 120
}

async function claimWithHistory(next: () => number, idEjecutivo: number) {
  const stays = 1 + Math.floor(next() * 5)
  const path = [1, 2, 3, 5, 6, 7].slice(0, stays + 1)
  const { claim } = await createClaim(handle.db, { idEjecutivo, statusId: path.at(-1)! })
  let at = START + Math.floor(next() * 70 * DAY_MS)
  const fechaIngreso = new Date(at).toISOString()
  await handle.db.update(claims).set({ fechaIngreso }).where(eq(claims.idEvento, claim.idEvento))
  await handle.db.delete(statusHistory).where(eq(statusHistory.idEvento, claim.idEvento))
  const rows = path.map((statusId, k) => {
    if (k > 0) at += Math.round(duration(next) * DAY_MS)
    return { idEvento: claim.idEvento, statusId, fecha: new Date(at).toISOString(), actor: `user:${idEjecutivo}` }
  })
  await handle.db.insert(statusHistory).values(rows)
  return claim.idEvento
}

/** The figures as computed before the aggregates: from claims and every stored stay, percentile_cont exactly. */
async function exact(filter: ReportFilter) {
  const owner = filter.idEjecutivo === undefined ? sql`true` : sql`id_ejecutivo = ${filter.idEjecutivo}`
  const period = (column: string) =>
    sql`${sql.raw(column)} >= (${filter.initDate}::date)::timestamp at time zone 'UTC'
        and ${sql.raw(column)} < (${filter.endDate}::date + 1)::timestamp at time zone 'UTC' and ${owner}`
  const byStage = await query<{ status_id: number; n: number }>(
    sql`select status_id, count(*)::int as n from claims where ${period('fecha_ingreso')} group by 1`,
  )
  const weeks = await query<{ week: string; n: number }>(sql`
    select to_char(date_trunc('week', fecha_ingreso at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n
    from claims where ${period('fecha_ingreso')} group by 1 order by 1`)
  const stays = await query<{ status_id: number; n: number; median: number; p90: number }>(sql`
    select status_id, count(*)::int as n, percentile_cont(0.5) within group (order by days) as median,
           percentile_cont(0.9) within group (order by days) as p90
    from stage_stays where ${period('fecha_ingreso')} group by 1`)
  return { byStage, weeks, stays }
}

/** The widest a bin can be around `value` days (stay_bin in the migration), plus the two-decimal rounding. */
const tolerance = (value: number) => Math.max(0.05, 0.005 * value) + 0.01

async function expectFiguresMatch(filter: ReportFilter) {
  const answer = await reportStatistics(handle.db, filter)
  const truth = await exact(filter)
  const count = new Map(truth.byStage.map((r) => [Number(r.status_id), Number(r.n)]))
  expect(answer.byStage.map((s) => [s.statusId, s.claims])).toEqual(answer.byStage.map((s) => [s.statusId, count.get(s.statusId) ?? 0]))
  expect(answer.totalClaims).toBe([...count.values()].reduce((a, b) => a + b, 0))
  const weeks = answer.weekly.filter((w) => w.claims > 0).map((w) => [w.weekStart, w.claims])
  expect(weeks).toEqual(truth.weeks.map((w) => [w.week, Number(w.n)]))
  const stays = new Map(truth.stays.map((r) => [Number(r.status_id), r]))
  let compared = 0
  for (const stage of answer.stageDays) {
    const real = stays.get(stage.statusId)
    expect(stage.stays).toBe(real ? Number(real.n) : 0)
    if (!real) {
      expect([stage.medianDays, stage.p90Days]).toEqual([null, null])
      continue
    }
    for (const [got, want] of [
      [stage.medianDays!, Number(real.median)],
      [stage.p90Days!, Number(real.p90)],
    ] as const) {
      expect(Math.abs(got - want)).toBeLessThanOrEqual(tolerance(want))
      compared++
    }
  }
  return compared
}

beforeAll(async () => {
  ;({ handle, drop } = await openTestDb())
  executives = []
  for (let k = 0; k < 3; k++) executives.push((await createUser(handle.db, 0)).idUser)
  const next = random(27)
  for (let k = 0; k < 60; k++) await claimWithHistory(next, executives[k % 3]!)
  await recordStageStays(handle.db, sql`true`)
}, 60_000)
afterAll(async () => drop())

/** The aggregates as the migration's backfill computes them from claims and stage_stays (sums rounded: float8). */
async function recomputed() {
  const migration = await readFile(MIGRATION, 'utf8')
  const backfills = migration.split('--> statement-breakpoint').filter((s) => /INSERT INTO "(claim_day_counts|stay_day_bins)"/.test(s))
  expect(backfills).toHaveLength(2)
  const read = async () => ({
    counts: await query(sql`select day::text, status_id, id_ejecutivo, claims from claim_day_counts where claims <> 0 order by 1, 2, 3`),
    bins: await query(sql`select day::text, status_id, id_ejecutivo, bin, stays, round(days::numeric, 6)::text as days
      from stay_day_bins where stays <> 0 order by 1, 2, 3, 4`),
  })
  const kept = await read()
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`delete from claim_day_counts`)
    await tx.execute(sql`delete from stay_day_bins`)
    for (const statement of backfills) await tx.execute(sql.raw(statement))
  })
  return { kept, backfilled: await read() }
}

describe('the statistics aggregates', () => {
  it('are kept by every write exactly as the migration backfills them', async () => {
    // A stay whose days change: a row lands between two others (recordStageStays updates the stay it shortens).
    const [claim] = await query<{ id: number; fecha: string }>(sql`
      select h.id_evento as id, min(h.fecha)::text as fecha from status_history h group by 1 having count(*) > 2 order by 1 limit 1`)
    await handle.db.insert(statusHistory).values({
      idEvento: claim!.id,
      statusId: 4,
      fecha: new Date(Date.parse(claim!.fecha) + 3_600_000).toISOString(),
      actor: 'user:1',
    })
    await recordStageStays(handle.db, sql`c.id_evento = ${claim!.id}`)
    // Stage changes, one moved back and forth, and an executive's claim handed to another.
    await handle.db.execute(sql`update claims set status_id = 8 where id_evento % 7 = 0`)
    await handle.db.execute(sql`update claims set status_id = 2 where id_evento % 14 = 0`)
    await handle.db.execute(sql`update claims set id_ejecutivo = ${executives[0]!} where id_evento % 11 = 0`)
    // A rolled-back stage change leaves nothing behind.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update claims set status_id = 10`)
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    const { kept, backfilled } = await recomputed()
    expect(kept.counts.length).toBeGreaterThan(50)
    expect(kept.bins.length).toBeGreaterThan(100)
    expect(kept).toEqual(backfilled)
  })

  it('give the exact counts and weeks, and the percentiles within one bin, for any period and an executive', async () => {
    const filters: ReportFilter[] = [
      { initDate: '2032-01-01', endDate: '2032-12-31' },
      { initDate: '2032-02-01', endDate: '2032-02-29' },
      { initDate: '2032-01-12', endDate: '2032-01-18' },
      { initDate: '2032-01-20', endDate: '2032-01-20' },
      { initDate: '2032-01-01', endDate: '2032-12-31', idEjecutivo: executives[1] },
      { initDate: '2032-02-01', endDate: '2032-02-29', idEjecutivo: executives[0] },
    ]
    let compared = 0
    for (const filter of filters) compared += await expectFiguresMatch(filter)
    expect(compared).toBeGreaterThan(30)
  })
})
