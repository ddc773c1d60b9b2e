/**
 * The figures of Reportes (issue 14; docs/decisions/report-statistics.md), computed in SQL for the claims whose
 * fechaIngreso falls in the period (UTC calendar days, both ends included; an executive's own claims only), the same
 * claims as the CSV:
 * - claims per current stage (claims.status_id);
 * - days spent in each stage: each status-history row is a stay that ends at the claim's next row; the lifecycle
 *   stores each ended stay's days in stage_stays (server/domain/stageStays.ts), with its claim's fecha_ingreso and
 *   id_ejecutivo; median and 90th percentile with `percentile_cont`. A claim's last row is its current stage, still
 *   open, and is not a stay;
 * - claims created per week (`date_trunc('week')`, Monday, UTC), from the first to the last week that has claims,
 *   with 0 for the weeks between.
 *
 * The queries run in one read-only, repeatable-read transaction, so the figures agree with each other. The indexes
 * they use cover them (index-only scans): claims_fecha_idx (fecha_ingreso, id_evento, id_ejecutivo, status_id), see
 * migration 0004_report_stats, and stage_stays_cohort_idx (fecha_ingreso, status_id, days, id_ejecutivo), see
 * migration 0007_stage_stays.
 */
import { sql, type SQL } from 'drizzle-orm'
import { CLAIM_STAGE_IDS, CLAIM_STAGES } from '../../domain/claimStages'
import type { ReportStatistics } from '../../domain/contract/claims'
import type { Db } from '../db/client'
import type { ReportFilter } from './claimsReport'

/** The period (and owner) condition on claims aliased `c`. */
function claimsOfPeriod(filter: ReportFilter): SQL {
  const range = sql`c.fecha_ingreso >= (${filter.initDate}::date)::timestamp at time zone 'UTC'
    and c.fecha_ingreso < (${filter.endDate}::date + 1)::timestamp at time zone 'UTC'`
  return filter.idEjecutivo === undefined ? range : sql`${range} and c.id_ejecutivo = ${filter.idEjecutivo}`
}

/** The same condition on stage_stays aliased `s`, which carries its claim's fecha_ingreso and id_ejecutivo. */
function staysOfPeriod(filter: ReportFilter): SQL {
  const range = sql`s.fecha_ingreso >= (${filter.initDate}::date)::timestamp at time zone 'UTC'
    and s.fecha_ingreso < (${filter.endDate}::date + 1)::timestamp at time zone 'UTC'`
  return filter.idEjecutivo === undefined ? range : sql`${range} and s.id_ejecutivo = ${filter.idEjecutivo}`
}

type Rows<T> = { rows: T[] }

/** Days with two decimals (the page shows one). */
const days = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100)

/** float8[] as the driver gives it: an array (pg, PGlite) or its text form '{0.5,2.6}'. */
const percentilesOf = (value: unknown[] | string): unknown[] =>
  Array.isArray(value) ? value : String(value).replace(/[{}]/g, '').split(',')

export async function reportStatistics(db: Db, filter: ReportFilter): Promise<ReportStatistics> {
  const where = claimsOfPeriod(filter)
  return db.transaction(
    async (tx) => {
      // The per-stage sort of a large period stays in memory (the default 4 MB spilled to disk at 1 000 000 claims).
      await tx.execute(sql`set local work_mem = '64MB'`)
      const byStage = (await tx.execute(sql`
        select c.status_id as "statusId", count(*)::int as claims
        from claims c where ${where}
        group by c.status_id`)) as unknown as Rows<{ statusId: number; claims: number }>

      // The stored stays (stage_stays) of the period, from one index range of their own (no claims, no lead()), then
      // one in-memory sort per stage for both percentiles.
      const stays = (await tx.execute(sql`
        select s.status_id as "statusId", count(*)::int as stays,
               percentile_cont(array[0.5, 0.9]) within group (order by s.days) as percentiles
        from stage_stays s where ${staysOfPeriod(filter)}
        group by s.status_id`)) as unknown as Rows<{ statusId: number; stays: number; percentiles: unknown[] | string }>

      const weekly = (await tx.execute(sql`
        with weeks as (
          select date_trunc('week', c.fecha_ingreso at time zone 'UTC') as week, count(*)::int as claims
          from claims c where ${where}
          group by 1
        )
        select to_char(w, 'YYYY-MM-DD') as "weekStart", coalesce(weeks.claims, 0)::int as claims
        from generate_series((select min(week) from weeks), (select max(week) from weeks), interval '1 week') w
        left join weeks on weeks.week = w
        order by w`)) as unknown as Rows<{ weekStart: string; claims: number }>

      const stages = CLAIM_STAGE_IDS.map((statusId) => ({ statusId: statusId as number, value: CLAIM_STAGES[statusId] as string }))
      const countOf = new Map(byStage.rows.map((r) => [Number(r.statusId), Number(r.claims)]))
      const stayOf = new Map(stays.rows.map((r) => [Number(r.statusId), r]))
      return {
        initDate: filter.initDate,
        endDate: filter.endDate,
        totalClaims: [...countOf.values()].reduce((a, b) => a + b, 0),
        byStage: stages.map((s) => ({ ...s, claims: countOf.get(s.statusId) ?? 0 })),
        stageDays: stages.map((s) => {
          const row = stayOf.get(s.statusId)
          const [median, p90] = row ? percentilesOf(row.percentiles) : [null, null]
          return { ...s, stays: row ? Number(row.stays) : 0, medianDays: days(median), p90Days: days(p90) }
        }),
        weekly: weekly.rows.map((r) => ({ weekStart: String(r.weekStart), claims: Number(r.claims) })),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
