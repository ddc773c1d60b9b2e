/**
 * The claim lists (Mis trámites of executives and administrators, the provider's claims): one page of claim records,
 * newest first, with a total that is counted only up to the request's count limit (server/lib/pageTotal.ts).
 */
import { and, desc, inArray, type SQL } from 'drizzle-orm'
import { claims } from '../../db/schema'
import type { Page } from '../../../domain/contract/schema'
import type { PageRequest } from '../../../domain/paging'
import { countTableUpTo, countUpTo } from '../../lib/pageTotal'
import { claimRecordQuery, toRecord, type ClaimRecord, type DbOrTx } from './claimRecord'
import { searchOf } from './claimSearch'

/**
 * A page of claim records filtered by `scope` (whose claims; it may only read `claims`) and the search text; a claim
 * number's own claim first, then newest first.
 *
 * Both the count and the choice of the page's ids run on `claims` alone (every search is a condition on it): the
 * joins of the record are on NOT NULL foreign keys or are left joins, so they never change which rows match. The
 * full record, with its correlated used-amount subquery, is built only for the page's rows (a deferred join). The
 * count stops at the count limit, and pages past it are refused by the route, so no request reads more than about
 * 10 000 index entries (docs/decisions/paged-lists.md).
 */
export async function listClaimRecords(db: DbOrTx, scope: SQL | undefined, request: PageRequest): Promise<Page<ClaimRecord>> {
  const search = await searchOf(db, request.q)
  const where = and(scope, search?.condition)
  const matching = () => db.select({ idEvento: claims.idEvento }).from(claims).where(where).$dynamic()
  const order = search?.first ? [search.first, desc(claims.idEvento)] : [desc(claims.idEvento)]
  const pageIds = matching()
    .orderBy(...order)
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
  const [counted, rows] = await Promise.all([
    where === undefined ? countTableUpTo(db, claims, request.countLimit) : countUpTo(db, matching(), request.countLimit),
    claimRecordQuery(db)
      .where(inArray(claims.idEvento, pageIds))
      .orderBy(...order),
  ])
  return { items: rows.map(toRecord), ...counted, page: request.page, pageSize: request.pageSize }
}
