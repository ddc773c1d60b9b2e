/**
 * The claim lists (Mis trámites of executives and administrators, the provider's claims): one page of claim records,
 * newest first, with a total that is counted only up to the request's count limit (server/lib/pageTotal.ts).
 */
import { and, asc, desc, eq, gt, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { claims } from '../../db/schema'
import { prepareInSession } from '../../db/sessionStatements'
import type { Page } from '../../../domain/contract/schema'
import type { PageCursor, PageRequest } from '../../../domain/paging'
import { getOrMake } from '../../lib/getOrMake'
import { countOfFirst, countTableUpTo, totalOfCount, type PageTotal } from '../../lib/pageTotal'
import { cappedTotals } from '../../lib/cappedTotals'
import { claimRecordQuery, recordStatement, type ClaimRecord, type DbOrTx, type RecordStatement } from './claimRecord'
import { boundSearchOf, type ClaimSearch } from './claimSearch'
import { placeholdersInto, type Bind } from './searchBind'

/** Whose claims a list holds: everybody's, or one executive's or one provider's. */
export type ClaimScope = { executive: number } | { provider: number } | undefined

type ScopeShape = 'all' | 'executive' | 'provider'

/** claim_number_blocks' scope of each list (migration 0011_stats_aggregate). */
const SCOPE_NUMBERS: Record<ScopeShape, number> = { all: 0, executive: 1, provider: 2 }
/** Claim numbers per block of claim_number_blocks: the migration's claim_number_block (id_evento / 1000). */
const CLAIM_NUMBER_BLOCK = 1000

function scopeOf(scope: ClaimScope, bind: Bind): { condition?: SQL; shape: ScopeShape } {
  if (!scope) return { shape: 'all' }
  if ('executive' in scope) return { condition: eq(claims.idEjecutivo, bind('scopeId', scope.executive)), shape: 'executive' }
  return { condition: eq(claims.idProveedor, bind('scopeId', scope.provider)), shape: 'provider' }
}

/**
 * The statements of one list shape (scope and search form), with named placeholders for every value, built once per
 * database handle and shape, so Drizzle builds nothing per request; the records of a page read by number come from
 * statements shared by every list (buildRecordsStatement). docs/decisions/paged-lists.md tells the measurements.
 *
 * The shapes follow one rule: PostgreSQL plans a named statement once only if it keeps its generic plan, which it
 * does when that plan's estimate is no worse than the custom plans'. The record query (six joins, a subquery per row)
 * took 1.2–3 ms to plan against 0.13 ms to run on 1,000,300 claims, so it must be kept; with the page's LIMIT and
 * OFFSET as parameters its generic plan guesses a tenth of the table (0.4 s a call) and is never kept. Hence: page 1,
 * and the page beside a row, in one statement with the size written in (recordsOfFirst); a page by number through
 * claim_number_blocks and any page of a claim-number search as an array slice, each one statement whose values
 * reach the plan only through subqueries or subscripts (jumpTo, foundPage; issue 27); a name's page past the first
 * as its ids then the records of those ids; a pattern search's statements unnamed. On PGlite a named statement whose values are all integers is PREPAREd in its session
 * (server/db/sessionStatements.ts).
 */
function buildListStatements(
  db: DbOrTx,
  name: string,
  where: SQL | undefined,
  search: ClaimSearch | undefined,
  scope: { condition?: SQL; shape: ScopeShape },
) {
  const { listedIds } = search ?? {}
  const scopeCondition = scope.condition
  const order = search?.first ? [search.first, desc(claims.idEvento)] : [desc(claims.idEvento)]
  // A listed number's matches (with the scope) come straight from the indexes of claim numbers, as a subquery named
  // like the table so that the list's order reads it (claimSearch.ts `listedIds`); `condition` would probe them again.
  const plainMatching = (condition: SQL | undefined) => db.select({ idEvento: claims.idEvento }).from(claims).where(condition).$dynamic()
  const matching = (condition = where) =>
    listedIds
      ? (db.select({ idEvento: sql<number>`${claims.idEvento}` }).from(sql`(${listedIds(scopeCondition)}) as ${claims}`).$dynamic() as unknown as ReturnType<typeof plainMatching>)
      : plainMatching(condition)
  // A pattern search's statements stay unnamed (''), so PostgreSQL plans each call with its values: a kept generic
  // plan cannot see them (a name fragment matching three claims or thirty thousand), and may read the whole table.
  const named = <Q extends object>(suffix: string, prepare: (statement: string) => Q): Q =>
    search && !search.valueFreePlan ? prepare('') : prepareInSession(db, `${name}_${suffix}`, prepare)
  /**
   * The records of the first `pageSize` ids of `pageIds` (in the list's order, or upwards for a previous page) in one
   * statement, the size written in: Drizzle's .limit() would send it as a parameter, which a generic plan cannot see.
   * The ids are an array computed first (`= any(array(…))`), so the plan of the records is ten primary-key probes
   * whatever the search; it costs like the custom plans and is kept (0.13 ms a call). As `id_evento in (…)` PostgreSQL
   * may join instead, and for a claim-number search it kept a plan that joined the whole table (5.4 s a search).
   */
  const recordsOfFirst = (suffix: string, pageIds: SQL, pageSize: number) =>
    recordStatement(
      named(suffix, (statement) =>
        claimRecordQuery(db)
          .where(sql`${claims.idEvento} = any(array(${pageIds} limit ${sql.raw(String(Math.trunc(pageSize)))}))`)
          .orderBy(...order)
          .prepare(statement),
      ),
    )
  /**
   * A listed search's first `upTo` matches with its whole number first: the others in the primary key's order, then
   * that number put in front when it is a claim of the list (the listing holds every claim number up to the largest,
   * so it is a match exactly when it exists in the scope: one probe). Ordering every match by two keys, "is the
   * number" then the number, cost a projection and a two-key sort of each (300 for 4 digits among a million claims):
   * 0.15 ms of the statement's 0.3, against 0.10 ms this way (issue 27). `offset 0` keeps `gathered` a subquery of its
   * own: pulled up, its array was written into both arms of the case, and PostgreSQL set up the listing's plan twice
   * on every call (one never ran): 20–40 µs of its CPU a search.
   */
  const exactFirst = (exact: SQL | Placeholder, upTo: number) => {
    const others = matching().where(sql`${claims.idEvento} <> ${exact}::int`).orderBy(desc(claims.idEvento))
    const isClaim = sql`exists (select 1 from ${claims} where ${claims.idEvento} = ${exact}::int${scopeCondition ? sql` and ${scopeCondition}` : sql``})`
    return sql`select case when ${isClaim} then array_prepend(${exact}::int, gathered.ids[1:${sql.raw(String(upTo - 1))}]) else gathered.ids end as ids
      from (select array(${others} limit ${sql.raw(String(upTo))}) as ids offset 0) gathered`
  }
  const pages = new Map<string, ReturnType<typeof recordsOfFirst>>()
  const foundPages = new Map<string, RecordStatement<{ extra: number; record: ClaimRecord }>>()
  const beyond = (cursor: PageCursor) => ('after' in cursor ? lt : gt)(claims.idEvento, sql.placeholder('cursor'))
  return {
    ids: named('ids', (statement) => matching().orderBy(...order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(statement)),
    count: where === undefined ? undefined : named('count', (statement) => countOfFirst(db, matching(), sql.placeholder('countLimit')).prepare(statement)),
    /**
     * Page 1, the page every list opens on, in one statement: for a list without a search, and for a claim number
     * (its matches are primary-key probes: `valueFreePlan`). A pattern search's ids are planned with its values, so
     * its records are read apart: planned per call, the record query would cost 1.2–3 ms to plan.
     */
    firstPage: (pageSize: number) => getOrMake(pages, `first${pageSize}`, () => recordsOfFirst(`first${pageSize}`, sql`${matching().orderBy(...order)}`, pageSize)),
    /**
     * A page by number of a list without a search, in one statement that does not read the rows before it
     * (docs/decisions/paged-lists.md, "A page by number"): claim_number_blocks holds how many of the list's claims
     * each block of 1,000 claim numbers has, kept by triggers in the writing transaction, so the same snapshot sees
     * blocks and claims agree. A running sum over the blocks from the newest finds the block where row `offset`
     * falls and how many rows come before that block; the page is then read from the list's index starting at the
     * block's end, skipping at most a block's rows. Both numbers come from subqueries, which the planner estimates
     * the same way for every value, so the generic plan is kept (an OFFSET parameter made PostgreSQL plan every call).
     */
    jumpTo: (pageSize: number) => {
      const key = `jump${pageSize}`
      return getOrMake(pages, key, () =>
        recordStatement(named(key, (statement) => {
          const owner = scope.shape === 'all' ? sql`0` : sql`${sql.placeholder('scopeId')}::int`
          const offset = sql`${sql.placeholder('offset')}::int`
          const target = sql`select block, upto - claims as before from (
              select block, claims, sum(claims) over (order by block desc) as upto from claim_number_blocks
              where scope = ${sql.raw(String(SCOPE_NUMBERS[scope.shape]))} and owner = ${owner} order by block desc) running
            where upto > ${offset} limit 1`
          const inBlock = sql`${claims.idEvento} < (select (block + 1) * ${sql.raw(String(CLAIM_NUMBER_BLOCK))} from target)`
          const pageIds = sql`with target as (${target})
            select ${claims.idEvento} from ${claims} where ${where ? sql`${where} and ${inBlock}` : inBlock}
            order by ${claims.idEvento} desc offset (select ${offset} - before from target) limit ${sql.raw(String(Math.trunc(pageSize)))}`
          return claimRecordQuery(db).where(sql`${claims.idEvento} = any(array(${pageIds}))`).orderBy(desc(claims.idEvento)).prepare(statement)
        })),
      )
    },
    /**
     * Any page of a claim-number search (`valueFreePlan`: primary-key probes whatever the number) in one statement,
     * with its capped total: every match's id up to the count limit + 1, in the list's order, as one array (the
     * probes run once); the page is a slice of it (`from`, `to`: array subscripts, not an OFFSET, so the generic plan
     * is costed like the custom ones and kept) and the total its length. Before, a 4-digit number among a million
     * claims took three round trips, each planned afresh: the ids, the records, then the count again (issue 27).
     */
    foundPage: (pageSize: number, countLimit: number) => {
      const key = `found${pageSize}_${countLimit}`
      return getOrMake(foundPages, key, () =>
        recordStatement<number>(named(key, (statement) => {
          const upTo = Math.trunc(countLimit) + 1
          const exact = listedIds ? search?.exact : undefined
          // A CTE read twice is computed once; the page's ids and the length are scalar subqueries of it, so the
          // record query probes the primary key with them (as a join, `found` made PostgreSQL read every claim).
          const found = db
            .$with('found', { ids: sql<number[]>`ids` })
            .as(exact === undefined ? sql`select array(${matching().orderBy(...order)} limit ${sql.raw(String(upTo))}) as ids` : exactFirst(exact, upTo))
          return claimRecordQuery(db.with(found), { found: sql<number>`(select cardinality(ids) from found)`.mapWith(Number) })
            .where(sql`${claims.idEvento} = any((select ids[${sql.placeholder('from')}::int:${sql.placeholder('to')}::int] from found)::int[])`)
            .orderBy(...order)
            .prepare(statement)
        }), 'found'),
      )
    },
    /**
     * The page next to a row of a list without a search: the ids below the cursor's (`after`) or above it (`before`,
     * taken upwards from it), read from the index at that key instead of skipping the rows before it; one statement.
     */
    pageBeside: (cursor: PageCursor, pageSize: number) => {
      const key = `${'after' in cursor ? 'after' : 'before'}${pageSize}`
      const inIndexOrder = 'after' in cursor ? desc(claims.idEvento) : asc(claims.idEvento)
      const condition = where ? and(where, beyond(cursor)) : beyond(cursor)
      return getOrMake(pages, key, () => recordsOfFirst(key, sql`${matching(condition).orderBy(inIndexOrder)}`, pageSize))
    },
  }
}

/**
 * The records of exactly `count` ids, as `id_evento in ($1, …, $count)`. One statement per count, not one taking an
 * array: PostgreSQL keeps a prepared statement's generic plan only when its estimated cost is no worse than the
 * custom plans', and for an array of unknown length it guesses ten elements. After a run of one-claim searches the
 * array statement was planned afresh on every call (0.6 ms) and list pages paid for it too (half the requests per
 * second). With the count in the text, the generic plan is costed like the custom ones and kept after five calls
 * (0.09 ms for one id, 0.15 ms for ten).
 */
const buildRecordsStatement = (db: DbOrTx, count: number) => {
  const ids = Array.from({ length: count }, (_, k) => sql.placeholder(`id${k}`))
  return recordStatement(prepareInSession(db, `claim_records_${count}`, (name) => claimRecordQuery(db).where(inArray(claims.idEvento, ids)).prepare(name)))
}

interface Statements {
  records: Map<number, ReturnType<typeof buildRecordsStatement>>
  lists: Map<string, ReturnType<typeof buildListStatements>>
}
const statements = new WeakMap<DbOrTx, Statements>()

const statementsOf = (db: DbOrTx): Statements => getOrMake(statements, db, () => ({ records: new Map(), lists: new Map() }))

/**
 * The total when the page itself tells it: a page with fewer rows than asked for is the last one, so the total is
 * the rows before it plus its own (a claim-number search, a short list: no count at all). An empty page past the
 * first says nothing (the list may have shrunk), so it is counted.
 */
function totalOfShortPage(request: PageRequest, rows: number): PageTotal | undefined {
  if (rows >= request.pageSize || (rows === 0 && request.page > 1)) return undefined
  return totalOfCount((request.page - 1) * request.pageSize + rows, request.countLimit)
}

/** The records of `ids`, in the order of `ids`. */
async function recordsOf(db: DbOrTx, ids: number[]): Promise<ClaimRecord[]> {
  if (ids.length === 0) return []
  const statement = getOrMake(statementsOf(db).records, ids.length, () => buildRecordsStatement(db, ids.length))
  const rows = await statement.execute(Object.fromEntries(ids.map((id, k) => [`id${k}`, id])))
  const byId = new Map(rows.map((row) => [row.idEvento, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [row] : []
  })
}

/**
 * A page of claim records filtered by `scope` and the search text; a claim number's own claim first, then newest
 * first.
 *
 * Both the count and the choice of the page's ids run on `claims` alone (every search is a condition on it): the
 * joins of the record are on NOT NULL foreign keys or are left joins, so they never change which rows match. The
 * full record, with its correlated used-amount subquery, is built only for the page's rows (a deferred join: in
 * the same statement for page 1, in a second one past it; see buildListStatements). The count stops at the count
 * limit, and pages past it are refused by the route, so no request reads more than about 10 000 index entries
 * (docs/decisions/paged-lists.md). A count that reached the limit is remembered for a moment
 * (server/lib/cappedTotals.ts), so the next pages of a long list do not count it again, and a short page is its own
 * total. Each of these saves a round trip, and at two thousand requests a second the round trips (the writes to the
 * database's socket and the wake-ups) were the largest part of the server's CPU.
 */
export async function listClaimRecords(db: DbOrTx, scope: ClaimScope, request: PageRequest): Promise<Page<ClaimRecord>> {
  const { search, values } = await boundSearchOf(db, request.q)
  const params: Record<string, unknown> = { ...values }
  const scoped = scopeOf(scope, placeholdersInto(params))
  const name = `claim_list_${scoped.shape}_${search?.shape ?? 'all'}`
  const { ids, count, firstPage, pageBeside, foundPage, jumpTo } = getOrMake(statementsOf(db).lists, name, () => {
    const where = scoped.condition && search ? sql`${scoped.condition} and ${search.condition}` : (scoped.condition ?? search?.condition)
    return buildListStatements(db, name, where, search, scoped)
  })
  if (search?.valueFreePlan) return foundPageOf(db, foundPage(request.pageSize, request.countLimit), params, request, count)
  // A search pages by number: a claim number's own claim comes first, so its order is not an index's, and searches
  // are rarely paged deep. Page 1 is always read afresh, so a new claim shows at once.
  const cursor = search || request.page === 1 ? undefined : request.cursor
  const onePage = cursor
    ? pageBeside(cursor, request.pageSize).execute({ ...params, cursor: 'after' in cursor ? cursor.after : cursor.before })
    : request.page === 1 && (!search || search.valueFreePlan)
      ? firstPage(request.pageSize).execute(params)
      : !search
        ? jumpTo(request.pageSize).execute({ ...params, offset: (request.page - 1) * request.pageSize })
        : undefined
  // A name's page past the first: its ids (planned with the pattern), then their records. In one statement the
  // OFFSET would be a parameter, which the generic plan guesses at a tenth of the table; PostgreSQL then plans every
  // call afresh (docs/benchmarks.md, fourth pass).
  const rows = onePage
    ? await onePage
    : await ids
        .execute({ ...params, limit: request.pageSize, offset: (request.page - 1) * request.pageSize })
        .then((found) => recordsOf(db, found.map((row) => row.idEvento)))
  const totalKey = `${name} ${JSON.stringify(params)}`
  const capped = cappedTotals(db).has(totalKey, request.countLimit)
  const countTotal = () =>
    count
      ? count.execute({ ...params, countLimit: request.countLimit + 1 }).then(([row]) => totalOfCount(row?.n ?? 0, request.countLimit))
      : countTableUpTo(db, claims, request.countLimit)
  // A page read beside a row tells where the list ends only by its number, which may be stale: counted.
  const shortPageTotal = cursor ? undefined : totalOfShortPage(request, rows.length)
  const counted = capped ? totalOfCount(request.countLimit + 1, request.countLimit) : (shortPageTotal ?? (await countTotal()))
  if (counted.totalCapped && !capped) cappedTotals(db).remember(totalKey, request.countLimit)
  return { items: rows, ...counted, page: request.page, pageSize: request.pageSize }
}

/**
 * A page of a claim-number search with its capped total, from one statement (buildListStatements' foundPage). An
 * empty page past the first carries no total (the matches may have shrunk below it), so it is counted.
 */
async function foundPageOf(
  db: DbOrTx,
  statement: RecordStatement<{ extra: number; record: ClaimRecord }>,
  params: Record<string, unknown>,
  request: PageRequest,
  count: { execute: (params: Record<string, unknown>) => Promise<Array<{ n: number }>> } | undefined,
): Promise<Page<ClaimRecord>> {
  const from = (request.page - 1) * request.pageSize + 1
  const rows = await statement.execute({ ...params, from, to: from + request.pageSize - 1 })
  const counted =
    rows.length > 0 || request.page === 1 || !count
      ? totalOfCount(Number(rows[0]?.extra ?? 0), request.countLimit)
      : await count.execute({ ...params, countLimit: request.countLimit + 1 }).then(([row]) => totalOfCount(row?.n ?? 0, request.countLimit))
  return { items: rows.map((row) => row.record), ...counted, page: request.page, pageSize: request.pageSize }
}
