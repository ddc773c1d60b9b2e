/**
 * The claim record of spec section 3 ('Claim (evento)') and the SQL pieces that build it: one select used by the
 * by-id answer and by every claim list, so all of them carry the same fields and the same coverage figures.
 *
 * Coverage figures: used = sum of montoAutorizado of the coverage's claims that are not 'Trámite rechazado' (10);
 * available = coverage monto − used. Computed per row with a correlated subquery on claims_cobertura_idx, so a page
 * of 10 claims costs 10 index lookups however many claims exist.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client'
import { claims, collaborators, coverages, providers, services, users } from '../../db/schema'
import { stageName } from '../claimLifecycle'
import type { ClaimRecord } from '../../../domain/contract/claims'
import type { Page } from '../../../domain/contract/schema'
import type { PageRequest } from '../../../domain/paging'
import { likeContains } from '../../lib/likeContains'

export type DbOrTx = Db | Tx

export const REJECTED_STAGE = 10

/**
 * Sum of the authorized amounts of a coverage's live claims (rejected ones give their money back). `source` names
 * the outer table whose id_cobertura is meant; it is written qualified on purpose, because Drizzle prints columns
 * unqualified in single-table queries and an unqualified id_cobertura would bind to the subquery's own table.
 */
export const usedAmountOf = (source: 'claims' | 'coverages') =>
  sql<number>`(select coalesce(sum(u.monto_autorizado), 0) from ${claims} u where u.id_cobertura = ${sql.raw(`"${source}"."id_cobertura"`)} and u.status_id <> ${REJECTED_STAGE})`.mapWith(
    Number,
  )

/** ISO 8601 UTC text of a timestamptz, the same on PGlite and PostgreSQL. */
export const isoTimestamp = (column: SQL | typeof claims.fechaIngreso) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const executives = alias(users, 'executive')

/** 'Nombre Nombre2 ApePat ApeMat' without the blanks of empty parts. */
export const collaboratorFullName = () =>
  sql<string>`concat_ws(' ', nullif(${collaborators.nombre}, ''), nullif(${collaborators.nombre2}, ''), nullif(${collaborators.apePat}, ''), nullif(${collaborators.apeMat}, ''))`

export type { ClaimRecord }

/**
 * The record's select and joins. `extra` adds columns beside the record's (the by-id read adds whether the session
 * may see the claim, server/domain/claims/claimById.ts), which the caller takes off the row before `toRecord`.
 */
export function claimRecordQuery<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: Extra = {} as Extra) {
  return db
    .select({
      ...extra,
      idEvento: claims.idEvento,
      idColaborador: claims.idColaborador,
      idCobertura: claims.idCobertura,
      idEjecutivo: claims.idEjecutivo,
      idProveedor: claims.idProveedor,
      idServicio: claims.servicioId,
      statusId: claims.statusId,
      descripcion: coverages.descripcion,
      monto: coverages.monto,
      montoAutorizado: claims.montoAutorizado,
      used: usedAmountOf('claims'),
      servicio: services.nombre,
      nombreProveedor: providers.nombreProveedor,
      nombreEjecutivo: sql<string>`trim(${executives.nombre} || ' ' || ${executives.apePat})`,
      nombreColaborador: collaboratorFullName(),
      beneficiary: claims.beneficiary,
      tipo: claims.tipo,
      fechaIngreso: isoTimestamp(claims.fechaIngreso),
    })
    .from(claims)
    .innerJoin(coverages, eq(coverages.idCobertura, claims.idCobertura))
    .innerJoin(collaborators, eq(collaborators.idColaborador, claims.idColaborador))
    .innerJoin(executives, eq(executives.idUser, claims.idEjecutivo))
    .leftJoin(providers, eq(providers.idProveedor, claims.idProveedor))
    .leftJoin(services, eq(services.id, claims.servicioId))
}

type RawRecord = Awaited<ReturnType<ReturnType<typeof claimRecordQuery<{}>>['execute']>>[number]

export function toRecord(row: RawRecord): ClaimRecord {
  const { used, ...rest } = row
  const monto = Number(row.monto)
  return {
    ...rest,
    monto,
    montoAutorizado: Number(row.montoAutorizado),
    value: stageName(row.statusId),
    usedAmount: used,
    montoUtilizado: used,
    montoDisponible: round2(monto - used),
  }
}

export const round2 = (n: number) => Math.round(n * 100) / 100

export async function getClaimRecord(db: DbOrTx, idEvento: number): Promise<ClaimRecord | null> {
  const [row] = await claimRecordQuery(db).where(eq(claims.idEvento, idEvento))
  return row ? toRecord(row) : null
}

/**
 * The search of a claim list. `byName` says that the condition reads the coverage's description and the
 * collaborator's name, so the query must join coverages and collaborators; a claim-number search reads `claims` only.
 */
export interface ClaimSearch {
  condition: SQL
  byName: boolean
}

/** `q`: a claim number (a leading C/c ignored) matches claim numbers containing it; other text matches names. */
export function claimSearch(q: string | undefined): ClaimSearch | undefined {
  const text = q?.trim() ?? ''
  if (!text) return undefined
  const number = text.replace(/^[cC]\s*/, '')
  if (number === '') return undefined
  if (/^\d+$/.test(number)) return { condition: sql`cast(${claims.idEvento} as text) like ${`%${number}%`}`, byName: false }
  const pattern = likeContains(text)
  return {
    condition: sql`(${claims.beneficiary} ilike ${pattern} or ${coverages.descripcion} ilike ${pattern} or ${collaboratorFullName()} ilike ${pattern})`,
    byName: true,
  }
}

export { likeContains }
export type { Page, PageRequest }

/** Adds the joins that a name search reads (coverages, collaborators) to a query on `claims`; others need none. */
export function withSearchJoins<Q extends PgSelect>(query: Q, search: ClaimSearch | undefined): Q {
  if (!search?.byName) return query
  return query
    .innerJoin(coverages, eq(coverages.idCobertura, claims.idCobertura))
    .innerJoin(collaborators, eq(collaborators.idColaborador, claims.idColaborador)) as unknown as Q
}

/**
 * A page of claim records, newest first, filtered by `scope` (whose claims) and the search text. `scope` may only
 * read `claims`.
 *
 * Both the count and the choice of the page's ids run on `claims` alone (plus the two joins of a name search): the
 * joins of the record are on NOT NULL foreign keys or are left joins, so they never change which rows match. The
 * full record, with its correlated used-amount subquery, is built only for the page's rows (a deferred join);
 * otherwise PostgreSQL builds it for every row that OFFSET skips, 0.6–1.1 s for a page deep in 100 000 claims
 * (docs/benchmarks.md, findings 1 and 2).
 */
export async function listClaimRecords(db: DbOrTx, scope: SQL | undefined, request: PageRequest): Promise<Page<ClaimRecord>> {
  const search = claimSearch(request.q)
  const where = and(scope, search?.condition)
  const [count] = await withSearchJoins(
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(claims)
      .$dynamic(),
    search,
  ).where(where)
  const pageIds = withSearchJoins(db.select({ idEvento: claims.idEvento }).from(claims).$dynamic(), search)
    .where(where)
    .orderBy(desc(claims.idEvento))
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
  const rows = await claimRecordQuery(db)
    .where(inArray(claims.idEvento, pageIds))
    .orderBy(desc(claims.idEvento))
  return { items: rows.map(toRecord), total: count?.total ?? 0, page: request.page, pageSize: request.pageSize }
}
