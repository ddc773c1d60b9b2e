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
import { businessDaysElapsed } from '../../../domain/businessDays'
import { CLAIM_STAGES } from '../../../domain/claimStages'
import type { QueuePage, QueueQuery } from '../../../domain/contract/serviceLevels'
import { COUNT_LIMIT, isReachablePage, pageRequestOf } from '../../../domain/paging'
import { badgeAt, isTimedStage, timedStageWaitsOn } from '../../../domain/serviceLevels'

const QUEUE_NOT_FOR_ROLE = 'Tu perfil no tiene una lista de pendientes'
const QUEUE_ONE_CURSOR = 'Indique solo uno de los parámetros after y before'
const QUEUE_CURSOR_NEEDS_DUE = 'Indique el vencimiento (vence) del trámite de after o before'
const QUEUE_SEARCH_IS_A_NUMBER = 'Busque por número de trámite, por ejemplo C300'

type Rows<T> = { rows: T[] }

interface ClockRecord {
  idEvento: number | null
  statusId: number
  colaborador: string
  enteredAt: string
  dueSoonAt: string
  dueAt: string
  idFactura: number | null
}

/** The queue's scope for a session: the condition on claim_clocks aliased `k`. */
async function scopeOf(db: Db | Tx, session: Session): Promise<SQL> {
  if (session.kind !== 'user') throw forbidden(QUEUE_NOT_FOR_ROLE)
  if (session.rol === ROLE.executive) return sql`k.waits_on = 'executive' and k.id_ejecutivo = ${session.idUser}`
  if (session.rol === ROLE.admin) return sql`k.waits_on <> 'provider'`
  if (session.rol === ROLE.provider) {
    const provider = (await db.execute(sql`select id_proveedor as "idProveedor" from providers where user_id = ${session.idUser}`)) as unknown as Rows<{
      idProveedor: number
    }>
    const idProveedor = provider.rows[0]?.idProveedor
    // A provider account without its provider row has nothing assigned.
    return idProveedor === undefined ? sql`false` : sql`k.waits_on = 'provider' and k.id_proveedor = ${Number(idProveedor)}`
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

function filtersOf(query: QueueQuery, now: Date): SQL[] {
  const at = now.toISOString()
  const filters: SQL[] = []
  if (query.estado === 'overdue') filters.push(sql`k.due_at < ${at}::timestamptz`)
  if (query.estado === 'dueSoon') filters.push(sql`k.due_at >= ${at}::timestamptz and k.due_soon_at <= ${at}::timestamptz`)
  // Due soon comes before due (domain/serviceLevels.ts stageDeadlines), so 'A tiempo' also bounds due_at: the scan
  // starts at now in due order instead of reading every overdue entry first.
  if (query.estado === 'onTime') filters.push(sql`k.due_at > ${at}::timestamptz and k.due_soon_at > ${at}::timestamptz`)
  if (query.etapa !== undefined) filters.push(sql`k.status_id = ${query.etapa}`)
  if (query.q !== undefined && query.q.trim() !== '') filters.push(sql`k.id_evento = ${claimNumberOf(query.q)}`)
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
  /** «Página anterior» reads backwards from its key; its rows are turned around. */
  backwards: boolean
  page: number
  pageSize: number
}

/**
 * One statement for the page and its capped total: the page's clocks from their scope's index range (by key from the
 * row beside it, else by number within the counted window) with the collaborator's name, and the count of the same
 * selection stopped past the limit. An empty page still answers one row, with the total and no claim.
 */
export async function queueStatement(db: Db | Tx, session: Session, query: QueueQuery, now: Date, countLimit = COUNT_LIMIT): Promise<QueueStatement> {
  const scope = await scopeOf(db, session)
  const request = pageRequestOf(query, countLimit)
  if (!isReachablePage(request)) throw badRequest(`Solo se muestran los primeros ${countLimit.toLocaleString('es-MX')} resultados: filtra la lista para ver los demás`)
  const step = stepOf(query)
  const matching = and([scope, ...filtersOf(query, now)])
  const keyCondition = step
    ? step.direction === 'after'
      ? sql`(k.due_at, k.id_evento) > (${step.dueAt}::timestamptz, ${step.idEvento})`
      : sql`(k.due_at, k.id_evento) < (${step.dueAt}::timestamptz, ${step.idEvento})`
    : sql`true`
  const backwards = step?.direction === 'before'
  const order = backwards ? sql`k.due_at desc, k.id_evento desc` : sql`k.due_at, k.id_evento`
  const offset = step ? 0 : (request.page - 1) * request.pageSize
  const statement = sql`
    with page as (
      select k.id_evento, k.status_id, k.entered_at, k.due_soon_at, k.due_at from claim_clocks k
      where ${matching} and ${keyCondition}
      order by ${order}
      limit ${request.pageSize} offset ${offset}
    ), matching as (
      select count(*)::int as n from (select 1 from claim_clocks k where ${matching} limit ${countLimit + 1}) m
    )
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
  return { statement, backwards, page: request.page, pageSize: request.pageSize }
}

/** The queue page of `session` at `now` (the server passes the current instant; tests pass a controlled one). */
export async function queuePage(db: Db, session: Session, query: QueueQuery, now: Date, countLimit = COUNT_LIMIT): Promise<QueuePage> {
  const { statement, backwards, page, pageSize } = await queueStatement(db, session, query, now, countLimit)
  const result = (await db.execute(statement)) as unknown as Rows<ClockRecord & { matching: number }>
  const { total, totalCapped } = totalOfCount(Number(result.rows[0]?.matching ?? 0), countLimit)
  const claimRows = result.rows.filter((row) => row.idEvento !== null)
  const rows = backwards ? [...claimRows].reverse() : claimRows
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
