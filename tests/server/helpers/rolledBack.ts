/**
 * Work on data that must not stay: the plan and search tests copy a claim thousands of times, look, and leave the
 * database as it was.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../../server/db/client'
import { claims } from '../../../server/db/schema'

class RollBack extends Error {}

/** Runs `work` in a transaction that is then rolled back, and gives back what it returned. */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined
  await db
    .transaction(async (tx) => {
      result = { value: await work(tx) }
      throw new RollBack()
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error
    })
  return result!.value
}

/** Every column of `claims` but its number, as an SQL list: what a copy of a claim inserts. */
export const claimColumnsButNumber = (): SQL =>
  sql.join(
    Object.values(getTableColumns(claims))
      .filter((column) => column.name !== 'id_evento')
      .map((column) => sql.identifier(column.name)),
    sql`, `,
  )

/**
 * The plan PostgreSQL (or PGlite) would run for `statement`, as the text EXPLAIN prints: one line a row, whichever
 * driver answered (node-postgres gives `{ rows }`, PGlite's drizzle the rows themselves).
 */
export async function explainText(tx: Tx, statement: SQL): Promise<string> {
  const result = await tx.execute(sql`explain ${statement}`)
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Record<string, string>[]
  return rows.map((row) => Object.values(row)[0]).join('\n')
}
