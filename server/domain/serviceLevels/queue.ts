/**
 * 'Pendientes' (issue 23): the claims whose current stage waits on the signed-in user, read from the stored clocks
 * (claim_clocks) in due order — the most late first — then by claim number.
 *
 * Scopes, each one partial index range of claim_clocks (migration 0009):
 * - an executive: their own claims whose stage waits on an executive (claim_clocks_executive_due_idx);
 * - an administrator: every claim waiting on the office, executives' stages and invoice approvals
 *   (claim_clocks_office_due_idx);
 * - a provider: the claims assigned to them that wait for their invoice (claim_clocks_provider_due_idx).
 *
 * A badge filter is a range of the same order ('Vencido': due before now), compared with the `now` the caller gives,
 * the same instant the rows' badges are computed at, so a row never shows a badge its filter excluded. «Página
 * siguiente» and «Página anterior» continue from the row beside the page by its key (due instant, claim number);
 * a jump to a page by number skips rows within the counted window, like the other lists.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import type { Session } from '../../auth/roles'
import { ROLE } from '../../auth/roles'
import { badRequest, forbidden } from '../../lib/errors'
import { totalOfCount } from '../../lib/pageTotal'
import { cappedTotals } from '../../lib/cappedTotals'
import { getOrMake } from '../../lib/getOrMake'
import { prepareInSession } from '../../db/sessionStatements'
import { inline, placeholdersInto, type Bind } from '../claims/searchBind'
import { businessDaysElapsed } from '../../../domain/businessDays'
import { CLAIM_STAGES } from '../../../domain/claimStages'
import type { QueuePage, QueueQuery } from '../../../domain/contract/serviceLevels'
import { COUNT_LIMIT, isReachablePage, pageRequestOf } from '../../../domain/paging'
import { badgeAt, dueSoonHorizon, isTimedStage, timedStagesWaitingOn, timedStageWaitsOn, type WaitingParty } from '../../../domain/serviceLevels'
import { loadServiceTargets } from './targets'

const QUEUE_NOT_FOR_ROLE = 'Tu perfil no tiene una lista de pendientes'
const QUEUE_ONE_CURSOR = 'Indique solo uno de los parámetros after y before'
const QUEUE_CURSOR_NEEDS_DUE = 'Indique el vencimiento (vence) del trámite de after o before'
const QUEUE_SEARCH_IS_A_NUMBER = 'Busque por número de trámite, por ejemplo C300'

type Rows<T> = { rows: T[] }

/**
 * Claims a queue counts exactly and lets the user page through by number: past it the total says «Más de 1,000» and
 * the list asks to filter, like every list past COUNT_LIMIT (domain/paging.ts), and like the morning digest that
 * links here ('más de 1,000 por vencer', DIGEST_COUNT_LIMIT). A queue is a list of work, not an archive: a thousand
 * claims is already more than a day's, and a count stopped there costs a tenth of one stopped at 10,000. 'Por
 * vencer' is the reason: an executive's 3,937 due-soon claims were counted entry by entry on every request (never
 * past 10,000, so never remembered as capped), 4.2× one claim at a million claims; past 1,000 the total is
 * remembered for a while (server/lib/cappedTotals.ts) like the other long lists'.
 */
const QUEUE_COUNT_LIMIT = 1_000

interface ClockRecord {
  idEvento: number | null
  statusId: number
  colaborador: string
  enteredAt: string
  dueSoonAt: string
  dueAt: string
  idFactura: number | null
}

/** A queue's scope: its kind (part of the statement's shape) and the condition on claim_clocks aliased `k`. */
interface Scope {
  kind: 'executive' | 'office' | 'provider' | 'none'
  condition: SQL
  /** The parties its clocks wait on: its stages, whose targets bound the 'Por vencer' range. */
  parties: readonly WaitingParty[]
  /** The scope's values, for the key of a remembered capped total. */
  key: string
}

async function scopeOf(db: Db | Tx, session: Session, bind: Bind): Promise<Scope> {
  if (session.kind !== 'user') throw forbidden(QUEUE_NOT_FOR_ROLE)
  if (session.rol === ROLE.executive) {
    return {
      kind: 'executive',
      condition: sql`k.waits_on = 'executive' and k.id_ejecutivo = ${bind('scopeId', session.idUser)}::int`,
      parties: ['executive'],
      key: `e${session.idUser}`,
    }
  }
  if (session.rol === ROLE.admin) return { kind: 'office', condition: sql`k.waits_on <> 'provider'`, parties: ['executive', 'administrator'], key: 'o' }
  if (session.rol === ROLE.provider) {
    const provider = (await db.execute(sql`select id_proveedor as "idProveedor" from providers where user_id = ${session.idUser}`)) as unknown as Rows<{
      idProveedor: number
    }>
    const idProveedor = provider.rows[0]?.idProveedor
    // A provider account without its provider row has nothing assigned.
    if (idProveedor === undefined) return { kind: 'none', condition: sql`false`, parties: [], key: 'n' }
    return {
      kind: 'provider',
      condition: sql`k.waits_on = 'provider' and k.id_proveedor = ${bind('scopeId', Number(idProveedor))}::int`,
      parties: ['provider'],
      key: `p${Number(idProveedor)}`,
    }
  }
  throw forbidden(QUEUE_NOT_FOR_ROLE)
}

/** 'C300', 'c 300' or '300' → 300; anything else is refused. */
function claimNumberOf(q: string): number {
  const match = /^\s*[cC]?\s*(\d{1,10})\s*$/.exec(q)
  const id = match ? Number(match[1]) : Number.NaN
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw badRequest(QUEUE_SEARCH_IS_A_NUMBER)
  return id
}

/**
 * How far past now a 'Por vencer' clock of the scope can be due: the last 20 % of the longest target in force among
 * the scope's own stages (dueSoonHorizon), plus a minute against rounding. Without it the range ran from now to the
 * last due instant of the scope, and the count read every 'A tiempo' entry too (19,500 index entries for 3,930 matches
 * at a million claims, 9.8× one claim); bounded by the longest target of every stage (the provider's 5 days) an
 * executive's range still read about 9,000 entries to count 3,937. One small read of the targets, only for that filter.
 */
async function dueSoonBoundOf(db: Db | Tx, query: QueueQuery, now: Date, scope: Scope): Promise<Date | null> {
  if (query.estado !== 'dueSoon' || scope.parties.length === 0) return null
  return new Date(dueSoonHorizon(now, await loadServiceTargets(db), timedStagesWaitingOn(scope.parties)).getTime() + 60_000)
}

function filtersOf(query: QueueQuery, now: Date, dueSoonBound: Date | null, bind: Bind): SQL[] {
  const at = sql`${bind('now', now.toISOString())}::timestamptz`
  const filters: SQL[] = []
  if (query.estado === 'overdue') filters.push(sql`k.due_at < ${at}`)
  if (query.estado === 'dueSoon') {
    // The bound is redundant with due_soon_at <= now (a clock is due soon 20 % of its target before it is due): it
    // only ends the index range early, for the count (without one, the range runs on).
    const bound = dueSoonBound ? sql` and k.due_at <= ${bind('dueSoonBound', dueSoonBound.toISOString())}::timestamptz` : sql``
    filters.push(sql`k.due_at >= ${at}${bound} and k.due_soon_at <= ${at}`)
  }
  // Due soon comes before due (domain/serviceLevels.ts stageDeadlines), so 'A tiempo' also bounds due_at: the scan
  // starts at now in due order instead of reading every overdue entry first.
  if (query.estado === 'onTime') filters.push(sql`k.due_at > ${at} and k.due_soon_at > ${at}`)
  if (query.etapa !== undefined) filters.push(sql`k.status_id = ${bind('etapa', query.etapa)}::int`)
  if (query.q !== undefined && query.q.trim() !== '') filters.push(sql`k.id_evento = ${bind('claim', claimNumberOf(query.q))}::int`)
  return filters
}

type Step = { direction: 'after' | 'before'; idEvento: number; dueAt: string } | null

function stepOf(query: QueueQuery): Step {
  if (query.after !== undefined && query.before !== undefined) throw badRequest(QUEUE_ONE_CURSOR)
  const idEvento = query.after ?? query.before
  if (idEvento === undefined) return null
  if (query.vence === undefined) throw badRequest(QUEUE_CURSOR_NEEDS_DUE)
  return { direction: query.after !== undefined ? 'after' : 'before', idEvento, dueAt: new Date(query.vence).toISOString() }
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `)

/** A queue page's statement (exported for the plan test) and how to read its rows. */
export interface QueueStatement {
  statement: SQL
  /** The statement's form (which conditions, sizes and whether it counts), not its values: one named statement each. */
  shape: string
  /** The key of the selection's capped total (scope, filters and their values; not the page). */
  totalKey: string
  /** A page by number past the first skips rows (OFFSET written in): rare, so not kept as a named statement. */
  skips: boolean
  page: number
  pageSize: number
}

/**
 * One statement for the page and its capped total: the page's clocks from their scope's index range (by key from the
 * row beside it, else by number within the counted window) with the collaborator's name, and the count of the same
 * selection stopped past the limit. An empty page still answers one row, with the total and no claim. With
 * `counted` false (the total was capped a moment ago, server/lib/cappedTotals.ts) the count is left out and the
 * total answers the limit + 1. Every value goes through `bind`: placeholders of a named statement, or inline values.
 */
export async function queueStatement(
  db: Db | Tx,
  session: Session,
  query: QueueQuery,
  now: Date,
  countLimit = QUEUE_COUNT_LIMIT,
  bind: Bind = inline,
  counted: (totalKey: string) => boolean = () => true,
): Promise<QueueStatement> {
  const scope = await scopeOf(db, session, bind)
  const request = pageRequestOf(query, countLimit)
  if (!isReachablePage(request)) throw badRequest(`Solo se muestran los primeros ${countLimit.toLocaleString('es-MX')} resultados: filtra la lista para ver los demás`)
  const step = stepOf(query)
  const totalKey = `${scope.key} ${query.estado ?? ''} ${query.etapa ?? ''} ${query.q?.trim() ?? ''}`
  const counts = counted(totalKey)
  // The due-soon bound only shortens the count's range: a page alone finds its rows at the start of the range, and a
  // remembered capped total needs no count, so it does not read the targets either (one query less a request).
  const dueSoonBound = counts ? await dueSoonBoundOf(db, query, now, scope) : null
  const matching = and([scope.condition, ...filtersOf(query, now, dueSoonBound, bind)])
  const key = step ? sql`(${bind('stepDue', step.dueAt)}::timestamptz, ${bind('stepId', step.idEvento)}::int)` : undefined
  const keyCondition = !key ? sql`true` : step?.direction === 'after' ? sql`(k.due_at, k.id_evento) > ${key}` : sql`(k.due_at, k.id_evento) < ${key}`
  const backwards = step?.direction === 'before'
  const order = backwards ? sql`k.due_at desc, k.id_evento desc` : sql`k.due_at, k.id_evento`
  // Sizes are written in (a generic plan cannot see a LIMIT parameter); a page by number past the first is rare.
  const offset = step ? 0 : (request.page - 1) * request.pageSize
  const count = counts
    ? sql`select count(*)::int as n from (select 1 from claim_clocks k where ${matching} limit ${sql.raw(String(countLimit + 1))}) m`
    : sql`select ${sql.raw(String(countLimit + 1))}::int as n`
  const statement = sql`
    with page as (
      select k.id_evento, k.status_id, k.entered_at, k.due_soon_at, k.due_at from claim_clocks k
      where ${matching} and ${keyCondition}
      order by ${order}
      limit ${sql.raw(String(Math.trunc(request.pageSize)))} offset ${sql.raw(String(Math.trunc(offset)))}
    ), matching as (${count})
    select k.id_evento as "idEvento", k.status_id as "statusId", k.entered_at as "enteredAt",
           k.due_soon_at as "dueSoonAt", k.due_at as "dueAt",
           concat_ws(' ', co.nombre, nullif(co.nombre2, ''), nullif(co.ape_pat, ''), nullif(co.ape_mat, '')) as "colaborador",
           i.id_factura as "idFactura", matching.n as "matching"
    from matching
    left join page k on true
    left join claims c on c.id_evento = k.id_evento
    left join invoices i on i.id_evento = k.id_evento
    left join collaborators co on co.id_colaborador = c.id_colaborador
    order by ${order}`
  const shape = [scope.kind, query.estado ?? '', query.etapa === undefined ? '' : 'etapa', query.q?.trim() ? 'q' : '', step?.direction ?? '']
    .concat([String(request.pageSize), String(offset), String(countLimit), counts ? 'counted' : 'capped'])
    .join('_')
  return { statement, shape, totalKey, skips: offset > 0, page: request.page, pageSize: request.pageSize }
}

type QueueRow = ClockRecord & { matching: number | null }

/**
 * The named statement of a queue shape, built once per database handle: planning the statement took 0.3–0.5 ms a call
 * against about 1 ms to run (EXPLAIN ANALYZE at a million claims), and a page by key or a badge filter is the same
 * plan for any value. Its rows come back through one derived table, so Drizzle maps nothing per column.
 */
function buildQueuePrepared(db: Db, { shape, statement, skips }: QueueStatement) {
  const column = <T>(name: keyof QueueRow) => sql<T>`q.${sql.identifier(name)}`
  const select = db
    .select({
      idEvento: column<number | null>('idEvento'),
      statusId: column<number>('statusId'),
      colaborador: column<string>('colaborador'),
      enteredAt: column<string>('enteredAt'),
      dueSoonAt: column<string>('dueSoonAt'),
      dueAt: column<string>('dueAt'),
      idFactura: column<number | null>('idFactura'),
      matching: column<number | null>('matching'),
    })
    .from(sql`(${statement}) q`)
  return skips ? select.prepare('') : prepareInSession(db, `queue_${shape}`, (name) => select.prepare(name))
}

const prepared = new WeakMap<Db, Map<string, ReturnType<typeof buildQueuePrepared>>>()

/** The queue page of `session` at `now` (the server passes the current instant; tests pass a controlled one). */
export async function queuePage(db: Db, session: Session, query: QueueQuery, now: Date, listCountLimit = COUNT_LIMIT): Promise<QueuePage> {
  // The lists' limit (tests inject a small one) or the queue's own, the smaller.
  const countLimit = Math.min(listCountLimit, QUEUE_COUNT_LIMIT)
  const params: Record<string, unknown> = {}
  const bind = placeholdersInto(params)
  const capped = cappedTotals(db)
  const built = await queueStatement(db, session, query, now, countLimit, bind, (key) => !capped.has(key, countLimit))
  const { totalKey, page, pageSize } = built
  const ofDb = getOrMake(prepared, db, () => new Map<string, ReturnType<typeof buildQueuePrepared>>())
  const rowsOfPage = (await getOrMake(ofDb, built.shape, () => buildQueuePrepared(db, built)).execute(params)) as QueueRow[]
  const { total, totalCapped } = totalOfCount(Number(rowsOfPage[0]?.matching ?? 0), countLimit)
  if (totalCapped) capped.remember(totalKey, countLimit)
  // The derived table's order is not promised (and «Página anterior» reads backwards): the page's order, the due
  // instant then the claim number.
  const rows = rowsOfPage
    .filter((row) => row.idEvento !== null)
    .sort((a, b) => new Date(a.dueAt).getTime() - new Date(b.dueAt).getTime() || Number(a.idEvento) - Number(b.idEvento))
  return {
    items: rows.flatMap((row) => {
      const statusId = Number(row.statusId)
      if (!isTimedStage(statusId)) return []
      const deadlines = { dueSoonAt: new Date(row.dueSoonAt), dueAt: new Date(row.dueAt) }
      return [
        {
          idEvento: Number(row.idEvento),
          colaborador: row.colaborador,
          statusId,
          etapa: CLAIM_STAGES[statusId],
          esperaA: timedStageWaitsOn(statusId),
          entrada: new Date(row.enteredAt).toISOString(),
          porVencer: deadlines.dueSoonAt.toISOString(),
          vence: deadlines.dueAt.toISOString(),
          diasEnEtapa: Math.round(businessDaysElapsed(new Date(row.enteredAt), now) * 10) / 10,
          estado: badgeAt(deadlines, now),
          idFactura: row.idFactura === null ? null : Number(row.idFactura),
        },
      ]
    }),
    total,
    totalCapped,
    page,
    pageSize,
  }
}
