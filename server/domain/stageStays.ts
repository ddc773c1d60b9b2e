/**
 * Stores the ended stays of claims (stage_stays, docs/decisions/report-statistics.md) after their status_history
 * rows are written, in the same transaction, so the report statistics read stored durations.
 *
 * A history row is a stay in its stage that lasts until the claim's next row in (fecha, id) order; the claim's last
 * row is still open and is not stored. The claims' history is recomputed (a few rows each, through the claim's own
 * index range) rather than only "the previous row", so a row that lands between two others (a fecha earlier than the
 * last one) still leaves every stay as lead() gives it; stays already stored with the same days are left untouched.
 * Migration 0007_stage_stays backfills the same figures with one window over the whole table.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'

/** `claimsCondition` selects claims aliased `c` (e.g. sql`c.id_evento = ${id}`). */
export async function recordStageStays(tx: Tx | Db, claimsCondition: SQL): Promise<void> {
  await tx.execute(sql`
    insert into stage_stays (id_history, status_id, days, fecha_ingreso, id_ejecutivo)
    select s.id, s.status_id, s.days, c.fecha_ingreso, c.id_ejecutivo
    from claims c
    cross join lateral (
      select h.id, h.status_id,
             (extract(epoch from (lead(h.fecha) over (order by h.fecha, h.id) - h.fecha)) / 86400.0)::double precision as days
      from status_history h where h.id_evento = c.id_evento
    ) s
    where ${claimsCondition} and s.days is not null
    on conflict (id_history) do update set days = excluded.days where stage_stays.days is distinct from excluded.days`)
}
