/**
 * The figures of Reportes (issue 14; docs/decisions/report-statistics.md) for the claims whose fechaIngreso falls in
 * the period (UTC calendar days, both ends included; an executive's own claims only), the same claims as the CSV:
 * - claims per current stage;
 * - days spent in each stage: each status-history row is a stay that ends at the claim's next row; median and 90th
 *   percentile as `percentile_cont` gives them, exact to the histogram's bin (server/report/stayPercentiles.ts). A
 *   claim's last row is its current stage, still open, and is not a stay;
 * - claims created per week (Monday, UTC), from the first to the last week that has claims, with 0 for the weeks
 *   between.
 *
 * All three come from aggregates per UTC day, stage and executive (issue 27, migration 0011_stats_aggregate):
 * claim_day_counts (claims per current stage) and stay_day_bins (the stays' duration histogram), kept by triggers in
 * the transaction of every write to claims and stage_stays. A period reads its days' rows (at most days × stages ×
 * executives, and × bins for the stays), never its claims, so a year costs about what a week of claims did. One
 * prepared statement gives the three, from one snapshot, in one round trip.
 */
import { sql } from 'drizzle-orm'
import { CLAIM_STAGE_IDS, CLAIM_STAGES } from '../../domain/claimStages'
import type { ReportStatistics } from '../../domain/contract/claims'
import type { Db } from '../db/client'
import { prepareInSession } from '../db/sessionStatements'
import { getOrMake } from '../lib/getOrMake'
import type { ReportFilter } from './claimsReport'
import { stayPercentile, type StayBin } from './stayPercentiles'

/** Days with two decimals (the page shows one). */
const days = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100)

/** json as the driver gives it: parsed (pg) or its text (PGlite may leave a json column as text). */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

const WEEK_MS = 7 * 86_400_000

/** Every Monday from the first to the last week with claims, 0 for the weeks without. */
function everyWeek(weeks: Array<[weekStart: string, claims: number]>): ReportStatistics['weekly'] {
  if (weeks.length === 0) return []
  const counts = new Map(weeks)
  const last = Date.parse(`${weeks.at(-1)![0]}T00:00:00Z`)
  const all: ReportStatistics['weekly'] = []
  for (let at = Date.parse(`${weeks[0]![0]}T00:00:00Z`); at <= last; at += WEEK_MS) {
    const weekStart = new Date(at).toISOString().slice(0, 10)
    all.push({ weekStart, claims: counts.get(weekStart) ?? 0 })
  }
  return all
}

type Shape = 'all' | 'executive'

/**
 * The statement of one shape (everybody's claims, or an executive's), named and built once per database handle: its
 * three subqueries took 1–8 ms to plan against about 1 ms to run, so PostgreSQL keeps its plan (the period's bounds
 * are parameters; the tables are small, the plan is the same for any period).
 */
function buildStatement(db: Db, shape: Shape) {
  const range = sql`day between ${sql.placeholder('initDate')}::date and ${sql.placeholder('endDate')}::date`
  const where = shape === 'all' ? range : sql`${range} and id_ejecutivo = ${sql.placeholder('idEjecutivo')}::int`
  return prepareInSession(db, `report_statistics_${shape}`, (name) =>
    db
      .select({
        byStage: sql<Array<[number, number]> | string>`(select coalesce(json_agg(json_build_array(status_id, claims)), '[]') from (
           select status_id, sum(claims)::int as claims from claim_day_counts where ${where}
           group by status_id having sum(claims) > 0) s)`,
        bins: sql<Array<[number, number, number]> | string>`(select coalesce(json_agg(json_build_array(status_id, stays, days) order by status_id, bin), '[]') from (
           select status_id, bin, sum(stays)::int as stays, sum(days) as days from stay_day_bins where ${where}
           group by status_id, bin having sum(stays) > 0) b)`,
        weeks: sql<Array<[string, number]> | string>`(select coalesce(json_agg(json_build_array(to_char(week, 'YYYY-MM-DD'), claims) order by week), '[]') from (
           select date_trunc('week', day::timestamp) as week, sum(claims)::int as claims from claim_day_counts where ${where}
           group by 1 having sum(claims) > 0) w)`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name),
  )
}

const statements = new WeakMap<Db, Map<Shape, ReturnType<typeof buildStatement>>>()

export async function reportStatistics(db: Db, filter: ReportFilter): Promise<ReportStatistics> {
  const shape: Shape = filter.idEjecutivo === undefined ? 'all' : 'executive'
  const ofDb = getOrMake(statements, db, () => new Map<Shape, ReturnType<typeof buildStatement>>())
  const statement = getOrMake(ofDb, shape, () => buildStatement(db, shape))
  const [row] = await statement.execute({ initDate: filter.initDate, endDate: filter.endDate, idEjecutivo: filter.idEjecutivo })
  const countOf = new Map(parsed(row!.byStage).map(([statusId, claims]) => [Number(statusId), Number(claims)]))
  const binsOf = new Map<number, StayBin[]>()
  for (const [statusId, stays, sum] of parsed(row!.bins)) {
    const bins = binsOf.get(Number(statusId)) ?? []
    bins.push({ stays: Number(stays), days: Number(sum) })
    binsOf.set(Number(statusId), bins)
  }
  const stages = CLAIM_STAGE_IDS.map((statusId) => ({ statusId: statusId as number, value: CLAIM_STAGES[statusId] as string }))
  return {
    initDate: filter.initDate,
    endDate: filter.endDate,
    totalClaims: [...countOf.values()].reduce((a, b) => a + b, 0),
    byStage: stages.map((s) => ({ ...s, claims: countOf.get(s.statusId) ?? 0 })),
    stageDays: stages.map((s) => {
      const bins = binsOf.get(s.statusId) ?? []
      return {
        ...s,
        stays: bins.reduce((sum, bin) => sum + bin.stays, 0),
        medianDays: days(stayPercentile(bins, 0.5)),
        p90Days: days(stayPercentile(bins, 0.9)),
      }
    }),
    weekly: everyWeek(parsed(row!.weeks).map(([weekStart, claims]) => [String(weekStart), Number(claims)])),
  }
}
