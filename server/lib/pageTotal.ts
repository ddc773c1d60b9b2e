/**
 * The total of a paged list without counting a million rows (docs/decisions/paged-lists.md, "Counting and deep
 * pages"): rows are counted only up to the request's count limit (COUNT_LIMIT, 10 000), and an unfiltered list of a
 * large table is not counted at all when the planner's row estimate says it is far past the limit.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
import { badRequest } from './errors'
import { isReachablePage, pageRequestOf, type PageCursor, type PageRequest } from '../../domain/paging'
import type { PageQuery } from '../../domain/contract/schema'
import type { ClaimPageQuery } from '../../domain/contract/claims'

/** The keys a claim list's query may carry (ClaimPageQuery); the other lists' queries have none. */
type Cursors = Pick<ClaimPageQuery, 'after' | 'before'>

export interface PageTotal {
  total: number
  totalCapped: boolean
}

/**
 * How far past the limit the estimate must be to be trusted. pg_class.reltuples comes from the last ANALYZE/VACUUM
 * (a sample): it may lag behind inserts or be a few percent off, never by half. Below this the list is counted.
 */
const ESTIMATE_MARGIN = 2

/** The total from a capped count: `counted` is at most limit + 1, and limit + 1 means "more than limit". */
export const totalOfCount = (counted: number, limit: number): PageTotal =>
  counted > limit ? { total: limit, totalCapped: true } : { total: counted, totalCapped: false }

/** Whether a table's estimated size alone answers "more than limit" (-1: never analysed, so unknown). */
export const estimateExceeds = (estimate: number, limit: number): boolean => estimate >= ESTIMATE_MARGIN * limit

/**
 * Counts the rows of `matching` (the list's own selection, without order, limit or offset) up to `limit` + 1: the
 * scan stops there, so a million matches cost what 10 001 do.
 */
export async function countUpTo(db: Db | Tx, matching: PgSelect, limit: number): Promise<PageTotal> {
  const [row] = await countOfFirst(db, matching, limit + 1)
  return totalOfCount(row?.n ?? 0, limit)
}

/** The count of the first `rows` rows of `matching` (a placeholder in a prepared list, claimList.ts). */
export const countOfFirst = (db: Db | Tx, matching: PgSelect, rows: number | Placeholder) =>
  db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching.limit(rows).as('matching'))

/**
 * The total of a whole table (a list with no scope and no search). In one statement: the planner's estimate from
 * pg_class when it is far past the limit (nothing read but the catalog row), else the capped count. PostgreSQL runs
 * an uncorrelated subquery of a CASE branch only when that branch is taken.
 */
export async function countTableUpTo(db: Db | Tx, table: PgTable, limit: number): Promise<PageTotal> {
  const name = getTableConfig(table).name
  const estimate: SQL = sql`(select reltuples from pg_class where oid = to_regclass(${name}))`
  const result = await db.execute<{ n: number | string }>(sql`
    select case when coalesce(${estimate}, -1) >= ${ESTIMATE_MARGIN * limit} then ${limit + 1}
                else (select count(*) from (select 1 from ${table} limit ${limit + 1}) counted) end as n`)
  const rows = (result as { rows?: { n: number | string }[] }).rows ?? (result as unknown as { n: number | string }[])
  return totalOfCount(Number(rows[0]?.n ?? 0), limit)
}

/**
 * The request of a list route: the query's defaults filled in, and refused (400) when the page starts past the rows
 * that are counted — the app never asks for one; a hand-written URL learns why.
 */
export function pageRequestWithin(query: PageQuery & Cursors, countLimit: number): PageRequest {
  const request = { ...pageRequestOf(query, countLimit), cursor: pageCursorOf(query) }
  if (!isReachablePage(request)) {
    throw badRequest(`Solo se muestran los primeros ${countLimit.toLocaleString('es-MX')} resultados: afine la búsqueda para ver resultados más antiguos`)
  }
  return request
}

/** The page's cursor (`after` or `before`, domain/paging.ts) of a claim list's query, or none; both at once is a 400. */
function pageCursorOf(query: Cursors): PageCursor | undefined {
  if (query.after !== undefined && query.before !== undefined) throw badRequest('Indique solo uno de los parámetros after y before')
  if (query.after !== undefined) return { after: query.after }
  if (query.before !== undefined) return { before: query.before }
  return undefined
}
