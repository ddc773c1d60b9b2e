/**
 * The stored clocks of claims (claim_clocks, issue 23): written in the transaction of every stage change, recomputed
 * when a target changes, and filled at start for claims that have none (a database from before the clocks, or
 * claims written by the seeds without the lifecycle).
 *
 * A clock's instants come from domain/serviceLevels.ts (business days of Mexico City); the server stores them so a
 * queue is one index range in due order and a badge is a comparison with now().
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { TIMED_STAGE_IDS, isTimedStage, timedStageWaitsOn, stageDeadlines, type ServiceTargets } from '../../../domain/serviceLevels'
import { loadServiceTargets } from './targets'

/** What a clock is computed from: the claim's current stage, its owner and provider, and when it entered the stage. */
interface ClockSource {
  idEvento: number
  statusId: number
  idEjecutivo: number
  idProveedor: number | null
  enteredAt: string
}

type Rows<T> = { rows: T[] }

/** The clock sources of the claims `condition` selects (claims aliased `c`); the stage's entry is its last history row. */
async function clockSources(db: Db | Tx, condition: SQL, limit?: number): Promise<ClockSource[]> {
  const result = (await db.execute(sql`
    select c.id_evento as "idEvento", c.status_id as "statusId", c.id_ejecutivo as "idEjecutivo",
           c.id_proveedor as "idProveedor", coalesce(h.fecha, c.fecha_ingreso) as "enteredAt"
    from claims c
    left join lateral (
      select h.fecha from status_history h where h.id_evento = c.id_evento order by h.fecha desc, h.id desc limit 1
    ) h on true
    where ${condition}
    order by c.id_evento
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`)) as unknown as Rows<ClockSource>
  return result.rows.map((row) => ({
    idEvento: Number(row.idEvento),
    statusId: Number(row.statusId),
    idEjecutivo: Number(row.idEjecutivo),
    idProveedor: row.idProveedor === null ? null : Number(row.idProveedor),
    enteredAt: new Date(row.enteredAt).toISOString(),
  }))
}

interface ClockRow {
  idEvento: number
  statusId: number
  waitsOn: string
  idEjecutivo: number
  idProveedor: number | null
  enteredAt: string
  dueSoonAt: string
  dueAt: string
  escalateAt: string
  /** Already announced: a clock written by the backfill that was overdue (or escalated) before anyone watched. */
  overdueNotified: boolean
  escalated: boolean
}

function clockOf(source: ClockSource, targets: ServiceTargets, announcedBefore?: Date): ClockRow | null {
  if (!isTimedStage(source.statusId)) return null
  const deadlines = stageDeadlines(new Date(source.enteredAt), targets[source.statusId])
  return {
    ...source,
    waitsOn: timedStageWaitsOn(source.statusId),
    dueSoonAt: deadlines.dueSoonAt.toISOString(),
    dueAt: deadlines.dueAt.toISOString(),
    escalateAt: deadlines.escalateAt.toISOString(),
    overdueNotified: announcedBefore !== undefined && deadlines.dueAt < announcedBefore,
    escalated: announcedBefore !== undefined && deadlines.escalateAt < announcedBefore,
  }
}

/**
 * A PostgreSQL array literal ('{"1","2",NULL}') sent as one text parameter: drizzle's `sql` spreads a JS array into a
 * list of parameters, and both drivers read the literal the same way. Our values are numbers, ISO instants and words.
 */
const arrayLiteral = (values: readonly (string | number | boolean | null)[]): string =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`

/** Inserts or replaces clocks, as one statement over arrays (one round trip whatever their number). */
async function writeClocks(db: Db | Tx, clocks: readonly ClockRow[]): Promise<void> {
  if (clocks.length === 0) return
  const column = <K extends keyof ClockRow>(key: K) => arrayLiteral(clocks.map((clock) => clock[key]))
  await db.execute(sql`
    insert into claim_clocks (id_evento, status_id, waits_on, id_ejecutivo, id_proveedor, entered_at, due_soon_at, due_at, escalate_at,
                              overdue_notified, escalated)
    select * from unnest(${column('idEvento')}::int[], ${column('statusId')}::smallint[], ${column('waitsOn')}::varchar[],
                         ${column('idEjecutivo')}::int[], ${column('idProveedor')}::int[], ${column('enteredAt')}::timestamptz[],
                         ${column('dueSoonAt')}::timestamptz[], ${column('dueAt')}::timestamptz[], ${column('escalateAt')}::timestamptz[],
                         ${column('overdueNotified')}::boolean[], ${column('escalated')}::boolean[])
    on conflict (id_evento) do update set status_id = excluded.status_id, waits_on = excluded.waits_on,
      id_ejecutivo = excluded.id_ejecutivo, id_proveedor = excluded.id_proveedor, entered_at = excluded.entered_at,
      due_soon_at = excluded.due_soon_at, due_at = excluded.due_at, escalate_at = excluded.escalate_at,
      -- A new stay (another stage, or the same stage entered again) is announced again; the same stay keeps its flags.
      overdue_notified = claim_clocks.overdue_notified and claim_clocks.status_id = excluded.status_id and claim_clocks.entered_at = excluded.entered_at,
      escalated = claim_clocks.escalated and claim_clocks.status_id = excluded.status_id and claim_clocks.entered_at = excluded.entered_at`)
}

/**
 * The clock of one claim as its stage now is: written for a timed stage, removed otherwise. Called by applyClaimEvent
 * in the transaction of the change, after the history row is written.
 */
export async function recordStageClock(tx: Tx, idEvento: number): Promise<void> {
  const [source] = await clockSources(tx, sql`c.id_evento = ${idEvento}`)
  const clock = source ? clockOf(source, await loadServiceTargets(tx)) : null
  if (clock) await writeClocks(tx, [clock])
  else await tx.execute(sql`delete from claim_clocks where id_evento = ${idEvento}`)
}

/** Recomputes the clocks of one stage with the targets in force (a target changed), in the caller's transaction. */
export async function recomputeStageClocks(tx: Tx, statusId: number, targets: ServiceTargets, batch = 5000): Promise<number> {
  let after = 0
  let count = 0
  for (;;) {
    const sources = await clockSources(
      tx,
      sql`c.id_evento = any(array(
            select k.id_evento from claim_clocks k where k.status_id = ${statusId} and k.id_evento > ${after}
            order by k.id_evento limit ${batch}))`,
    )
    if (sources.length === 0) return count
    await writeClocks(tx, sources.flatMap((source) => clockOf(source, targets) ?? []))
    count += sources.length
    after = sources[sources.length - 1]!.idEvento
  }
}

/**
 * Writes the clocks that are missing: claims in a timed stage without one (a database from before migration 0009,
 * or claims the seeds wrote without the lifecycle). Batches of `batch` claims, each its own statement, so a million
 * claims never sit in memory. Returns how many were written.
 *
 * A claim already overdue (or escalated) at `now` became so before the portal kept clocks: it is written as
 * announced, so the first start after the upgrade does not mail every old late claim at once. It is still 'Vencido'
 * in every queue.
 */
export async function backfillClaimClocks(db: Db, now = new Date(), batch = 5000): Promise<number> {
  const targets = await loadServiceTargets(db)
  let after = 0
  let count = 0
  for (;;) {
    const sources = await clockSources(
      db,
      sql`c.status_id = any(${arrayLiteral(TIMED_STAGE_IDS)}::smallint[]) and c.id_evento > ${after}
          and not exists (select 1 from claim_clocks k where k.id_evento = c.id_evento)`,
      batch,
    )
    if (sources.length === 0) return count
    await writeClocks(db, sources.flatMap((source) => clockOf(source, targets, now) ?? []))
    count += sources.length
    after = sources[sources.length - 1]!.idEvento
  }
}
