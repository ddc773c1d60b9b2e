/**
 * Times the whole report-statistics call (server/report/reportStatistics.ts) on a PostgreSQL database, 3 runs per
 * period, for docs/decisions/report-statistics.md: `DATABASE_URL=postgres://… tsx scripts/statsTiming.ts`.
 * Periods: the first week and the whole month of the month with most claims, that month for the executive with most
 * claims, and the whole range. Opening the database runs pending migrations (their time is printed too).
 */
import { sql } from 'drizzle-orm'
import { openDb } from '../server/db/client'
import { reportStatistics } from '../server/report/reportStatistics'
import type { ReportFilter } from '../server/report/claimsReport'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required')
const opened = performance.now()
const { db, close } = await openDb({ databaseUrl: url })
console.log(`open + migrations: ${Math.round(performance.now() - opened)} ms`)

type Row = Record<string, unknown>
const one = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows[0]!
const busiest = await one(sql`select to_char(date_trunc('month', fecha_ingreso at time zone 'UTC'), 'YYYY-MM-DD') as m
  from claims group by 1 order by count(*) desc limit 1`)
const month = String(busiest.m)
const monthEnd = String((await one(sql`select to_char((${month}::date + interval '1 month - 1 day'), 'YYYY-MM-DD') as e`)).e)
const exec = Number((await one(sql`select id_ejecutivo as id from claims group by 1 order by count(*) desc limit 1`)).id)
const range = await one(sql`select to_char(min(fecha_ingreso) at time zone 'UTC', 'YYYY-MM-DD') as a,
  to_char(max(fecha_ingreso) at time zone 'UTC', 'YYYY-MM-DD') as b from claims`)
const weekEnd = String((await one(sql`select to_char(${month}::date + 6, 'YYYY-MM-DD') as e`)).e)

const periods: [string, ReportFilter][] = [
  ['one week', { initDate: month, endDate: weekEnd }],
  ['one month, one executive', { initDate: month, endDate: monthEnd, idEjecutivo: exec }],
  ['one month', { initDate: month, endDate: monthEnd }],
  ['whole range', { initDate: String(range.a), endDate: String(range.b) }],
]
for (const [name, filter] of periods) {
  const times: number[] = []
  let result
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    result = await reportStatistics(db, filter)
    times.push(Math.round(performance.now() - t))
  }
  const stays = result!.stageDays.reduce((a, s) => a + s.stays, 0)
  console.log(`${name} (${JSON.stringify(filter)}): ${result!.totalClaims} claims, ${stays} stays: ${times.join(' / ')} ms`)
  console.log(`  ${result!.stageDays.map((s) => `${s.statusId}:${s.medianDays}/${s.p90Days}`).join(' ')}`)
}
console.log(`load average: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`)
await close()
