/**
 * Service-level compliance in Reportes (issue 23, item 6): for the claims of the report's period (created in it, UTC
 * days, an executive's own only — the statistics' claims), each ended stay in a stage with a service level, on time
 * when its business days (Mexico City's calendar, domain/businessDays.ts) are within the stage's target in force, late
 * otherwise, and the median business days per stage.
 *
 * The stays come from stage_stays (its cohort index gives the period's stays of the timed stages; the start is the
 * history row's instant, the end that plus its stored days). Business days need the domain's calendar, so they are
 * counted here rather than in SQL; the stays of the stages without a service level are never read.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { ReportServiceLevels } from '../../domain/contract/claims'
import { CLAIM_STAGES } from '../../domain/claimStages'
import { businessDaysElapsed } from '../../domain/businessDays'
import { TIMED_STAGE_IDS } from '../../domain/serviceLevels'
import { loadServiceTargets } from '../domain/serviceLevels/targets'
import type { ReportFilter } from './claimsReport'

const DAY_MS = 86_400_000

type Rows<T> = { rows: T[] }

/** The middle value (the mean of the two middle ones for an even count), of values sorted in place. */
function median(values: number[]): number | null {
  if (values.length === 0) return null
  values.sort((a, b) => a - b)
  const middle = values.length >> 1
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2
}

const twoDecimals = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100)

export async function serviceCompliance(db: Db, filter: ReportFilter): Promise<ReportServiceLevels> {
  const from = `${filter.initDate}T00:00:00Z`
  const until = new Date(Date.parse(`${filter.endDate}T00:00:00Z`) + DAY_MS).toISOString()
  const [targets, result] = await Promise.all([
    loadServiceTargets(db),
    db.execute(sql`
      select s.status_id as "statusId", h.fecha as "enteredAt", s.days
      from stage_stays s join status_history h on h.id = s.id_history
      where s.fecha_ingreso >= ${from}::timestamptz and s.fecha_ingreso < ${until}::timestamptz
        and s.status_id in (${sql.join(TIMED_STAGE_IDS.map((id) => sql`${id}`), sql`, `)})
        ${filter.idEjecutivo === undefined ? sql`` : sql`and s.id_ejecutivo = ${filter.idEjecutivo}`}`) as unknown as Promise<
      Rows<{ statusId: number; enteredAt: string; days: number }>
    >,
  ])
  const businessDays = new Map<number, number[]>(TIMED_STAGE_IDS.map((id) => [id, []]))
  for (const row of result.rows) {
    const entered = new Date(row.enteredAt)
    businessDays.get(Number(row.statusId))?.push(businessDaysElapsed(entered, new Date(entered.getTime() + Number(row.days) * DAY_MS)))
  }
  return {
    initDate: filter.initDate,
    endDate: filter.endDate,
    stages: TIMED_STAGE_IDS.map((statusId) => {
      const stays = businessDays.get(statusId)!
      const onTime = stays.filter((days) => days <= targets[statusId]).length
      return {
        statusId,
        value: CLAIM_STAGES[statusId],
        targetDays: targets[statusId],
        onTime,
        late: stays.length - onTime,
        medianBusinessDays: twoDecimals(median(stays)),
      }
    }),
  }
}
