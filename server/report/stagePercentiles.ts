/**
 * Median and 90th percentile of the stored stays (stage_stays) per stage, equal to
 * `percentile_cont(array[0.5, 0.9]) within group (order by days)` without sorting the period's stays
 * (docs/decisions/report-statistics.md):
 * 1. one hash aggregate counts the stays per (stage, bucket of 0.01 day) with each bucket's min and max, and a
 *    running sum over that small histogram finds the buckets holding the ranks percentile_cont reads
 *    (floor and ceil of p·(n−1), 0-based);
 * 2. a rank in a bucket whose stays all have one value (min = max) is that value; for the others (at most four
 *    buckets a stage) a second hash aggregate gives the bucket's distinct values with their counts, and the rank is
 *    found by walking them in order;
 * 3. the interpolation is percentile_cont's own, in the same float8 arithmetic (lo + (hi − lo) · (p·(n−1) − floor)).
 * Both queries must run in the caller's repeatable-read transaction so that they read the same stays.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'

export const PERCENTILES = [0.5, 0.9] as const

export interface StagePercentiles {
  stays: number
  /** In the order of PERCENTILES, in days (unrounded). */
  values: number[]
}

interface Bucket {
  statusId: number
  total: number
  bucket: number
  /** Stays of the stage in lower buckets: the 0-based rank of this bucket's first stay. */
  before: number
  n: number
  minDays: number
  maxDays: number
}

type Rows<T> = { rows: T[] }
const ranksOf = (p: number, total: number) => [Math.floor(p * (total - 1)), Math.ceil(p * (total - 1))]

/** `where` selects stage_stays rows aliased `s` (the period and owner). */
export async function stagePercentiles(tx: Tx, where: SQL): Promise<Map<number, StagePercentiles>> {
  const percentiles = sql.raw(`array[${PERCENTILES.join(', ')}]::float8[]`)
  const located = (await tx.execute(sql`
    with hist as (
      select s.status_id, floor(s.days * 100) as bucket, count(*)::int as n, min(s.days) as min_days, max(s.days) as max_days
      from stage_stays s where ${where}
      group by 1, 2
    ), ranked as (
      select h.*, (sum(n) over (partition by status_id order by bucket) - n)::int as before,
             (sum(n) over (partition by status_id))::int as total
      from hist h
    )
    select status_id as "statusId", total, bucket, before, n, min_days as "minDays", max_days as "maxDays"
    from ranked r
    where exists (select from unnest(${percentiles}) p
                  where floor(p * (r.total - 1)) between r.before and r.before + r.n - 1
                     or ceil(p * (r.total - 1)) between r.before and r.before + r.n - 1)`)) as unknown as Rows<Bucket>
  const buckets = located.rows.map((r) => ({
    statusId: Number(r.statusId), total: Number(r.total), bucket: Number(r.bucket), before: Number(r.before),
    n: Number(r.n), minDays: Number(r.minDays), maxDays: Number(r.maxDays),
  }))

  // The distinct values of the buckets that hold more than one, with their counts, in order: a hash aggregate again,
  // never a sort of the stays (a bucket may hold most of a stage's stays, e.g. 1.9 M stays of about one day).
  const mixed = buckets.filter((b) => b.minDays !== b.maxDays)
  const valuesOf = new Map<string, { days: number; n: number }[]>()
  if (mixed.length > 0) {
    const pairs = sql.join(mixed.map((b) => sql`(${b.statusId}::int, ${b.bucket}::float8)`), sql`, `)
    const rows = (await tx.execute(sql`
      select s.status_id as "statusId", floor(s.days * 100) as bucket, s.days, count(*)::int as n
      from stage_stays s where ${where} and (s.status_id, floor(s.days * 100)) in (${pairs})
      group by 1, 2, 3
      order by 1, 2, 3`)) as unknown as Rows<{ statusId: number; bucket: number; days: number; n: number }>
    for (const r of rows.rows) {
      const key = `${Number(r.statusId)}:${Number(r.bucket)}`
      if (!valuesOf.has(key)) valuesOf.set(key, [])
      valuesOf.get(key)!.push({ days: Number(r.days), n: Number(r.n) })
    }
  }

  const result = new Map<number, StagePercentiles>()
  for (const statusId of new Set(buckets.map((b) => b.statusId))) {
    const own = buckets.filter((b) => b.statusId === statusId)
    const total = own[0]!.total
    const valueAt = (rank: number): number => {
      const b = own.find((x) => rank >= x.before && rank < x.before + x.n)!
      if (b.minDays === b.maxDays) return b.minDays
      let first = b.before // rank of the first stay with this value
      for (const v of valuesOf.get(`${statusId}:${b.bucket}`)!) {
        if (rank < first + v.n) return v.days
        first += v.n
      }
      throw new Error(`rank ${rank} outside its bucket`)
    }
    const values = PERCENTILES.map((p) => {
      const [lo, hi] = ranksOf(p, total) as [number, number]
      const low = valueAt(lo)
      return lo === hi ? low : low + (valueAt(hi) - low) * (p * (total - 1) - lo)
    })
    result.set(statusId, { stays: total, values })
  }
  return result
}
