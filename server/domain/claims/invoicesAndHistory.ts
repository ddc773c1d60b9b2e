/**
 * Read models for the invoices pages (list of every claim with an invoice, invoices of one claim) and the status
 * history of a claim (timeline, oldest first).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { claims, collaborators, coverages, invoices, providers, statusHistory, users } from '../../db/schema'
import type { Session } from '../../auth/roles'
import { stageActorLabel } from '../../../domain/claimStages'
import { fullName } from '../../../domain/labels'
import { roleNameOf, type RoleCode } from '../../../domain/roles'
import { stageName } from '../claimLifecycle'
import { isoTimestamp, round2, type DbOrTx } from './claimRecord'
import { searchOf } from './claimSearch'
import type { Page } from '../../../domain/contract/schema'
import type { PageRequest } from '../../../domain/paging'
import { countTableUpTo, countUpTo } from '../../lib/pageTotal'
import type { InvoiceCard } from '../../../domain/contract/claims'

const invoiceUrl = (idFactura: number) => `/api/file/download/invoice/${idFactura}`


export async function listInvoiceCards(db: DbOrTx, request: PageRequest): Promise<Page<InvoiceCard>> {
  const search = await searchOf(db, request.q)
  const where = and(search?.condition)
  const base = () =>
    db
      .select({
        idEvento: claims.idEvento,
        idFactura: invoices.idFactura,
        idColaborador: claims.idColaborador,
        descripcion: coverages.descripcion,
        monto: coverages.monto,
        montoAutorizado: claims.montoAutorizado,
        used: coverages.usedAmount,
        status: invoices.status,
        statusId: claims.statusId,
        nombreProveedor: providers.nombreProveedor,
        fecha: isoTimestamp(sql`${invoices.createdAt}`),
      })
      .from(invoices)
      .innerJoin(claims, eq(claims.idEvento, invoices.idEvento))
      .innerJoin(coverages, eq(coverages.idCobertura, claims.idCobertura))
      .innerJoin(collaborators, eq(collaborators.idColaborador, claims.idColaborador))
      .innerJoin(providers, eq(providers.idProveedor, invoices.idProveedor))
  // The count and the choice of the page's ids join only what the search reads: every join is on a NOT NULL
  // foreign key, so none changes which rows match (docs/benchmarks.md, finding 1). The card, with its correlated
  // used-amount subquery, is built only for the page's rows (a deferred join, finding 2).
  const matching = <Q extends PgSelect>(query: Q): Q =>
    search ? (query.innerJoin(claims, eq(claims.idEvento, invoices.idEvento)) as unknown as Q) : query
  const matchingIds = () => matching(db.select({ idFactura: invoices.idFactura }).from(invoices).$dynamic()).where(where)
  // A claim number's own claim first (its card), then the newest invoice first.
  const order = search?.first ? [search.first, desc(invoices.idFactura)] : [desc(invoices.idFactura)]
  const pageIds = matchingIds()
    .orderBy(...order)
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
  // Counted up to the count limit (server/lib/pageTotal.ts), like every list.
  const [counted, rows] = await Promise.all([
    where === undefined ? countTableUpTo(db, invoices, request.countLimit) : countUpTo(db, matchingIds(), request.countLimit),
    base()
      .where(inArray(invoices.idFactura, pageIds))
      .orderBy(...order),
  ])
  const items = rows.map(({ used, ...row }) => {
    const monto = Number(row.monto)
    return {
      ...row,
      title: `Trámite: C${row.idEvento}`,
      monto,
      montoAutorizado: Number(row.montoAutorizado),
      montoUtilizado: used,
      montoDisponible: round2(monto - used),
      value: stageName(row.statusId),
      url: invoiceUrl(row.idFactura),
    }
  })
  return { items, ...counted, page: request.page, pageSize: request.pageSize }
}

export async function invoicesOfClaim(db: DbOrTx, idEvento: number) {
  const rows = await db
    .select({
      idFactura: invoices.idFactura,
      idEvento: invoices.idEvento,
      idProveedor: invoices.idProveedor,
      nombre: invoices.nombre,
      status: invoices.status,
      comentario: invoices.comentario,
      fecha: isoTimestamp(sql`${invoices.createdAt}`),
    })
    .from(invoices)
    .where(eq(invoices.idEvento, idEvento))
    .orderBy(asc(invoices.idFactura))
  return rows.map((row) => ({ ...row, url: invoiceUrl(row.idFactura), title: `Trámite: C${row.idEvento}` }))
}

/**
 * The stage history of a claim, oldest first, each change with who made it as `viewer` may see it: staff see the
 * person's name (or the provider's), a collaborator only the role ('Ejecutivo', 'Proveedor'; the names of the
 * office are not theirs to see). The collaborator's own changes read 'Colaborador'.
 */
export async function statusHistoryOf(db: DbOrTx, idEvento: number, viewer: Session) {
  const rows = await db
    .select({ status: statusHistory.statusId, fecha: isoTimestamp(sql`${statusHistory.fecha}`), actor: statusHistory.actor })
    .from(statusHistory)
    .where(eq(statusHistory.idEvento, idEvento))
    .orderBy(asc(statusHistory.fecha), asc(statusHistory.id))
  const actors = await stageActors(db, rows.map((row) => row.actor), viewer.kind === 'user')
  return rows.map((row) => ({ status: row.status, fecha: row.fecha, value: stageName(row.status), actor: actors.get(row.actor) ?? null }))
}

const USER_ACTOR = /^user:(\d+)$/
const COLLABORATOR_ACTOR = /^colaborador:\d+$/

/** Display label of each stored actor ('user:{id}', 'colaborador:{id}'); unknown ones are left out. */
async function stageActors(db: DbOrTx, stored: readonly string[], withNames: boolean): Promise<Map<string, string>> {
  const labels = new Map<string, string>()
  const userIds = new Set<number>()
  for (const actor of stored) {
    if (COLLABORATOR_ACTOR.test(actor)) labels.set(actor, stageActorLabel('collaborator', null))
    const user = USER_ACTOR.exec(actor)
    if (user) userIds.add(Number(user[1]))
  }
  if (userIds.size === 0) return labels
  const people = await db
    .select({ idUser: users.idUser, rol: users.rol, nombre: users.nombre, nombre2: users.nombre2, apePat: users.apePat, apeMat: users.apeMat, proveedor: providers.nombreProveedor })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.idUser))
    .where(inArray(users.idUser, [...userIds]))
  for (const person of people) {
    const role = roleNameOf(person.rol as RoleCode)
    const name = role === 'provider' ? person.proveedor : fullName(person)
    labels.set(`user:${person.idUser}`, stageActorLabel(role, withNames && name ? name : null))
  }
  return labels
}
