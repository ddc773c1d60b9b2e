/**
 * The claim record of spec section 3 ('Claim (evento)') and the SQL pieces that build it: one select used by the
 * by-id answer and by every claim list, so all of them carry the same fields and the same coverage figures.
 *
 * Coverage figures: used = sum of montoAutorizado of the coverage's claims that are not 'Trámite rechazado' (10),
 * kept in coverages.used_amount by triggers (migration 0015); available = coverage monto − used. Read with the
 * coverage's row that the record joins anyway: no subquery per record (issue 27). The collaborator's name is kept on
 * the claim (claims.collaborator_name, migration 0016): no probe of collaborators either.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client'
import { claims, coverages, providers, services, users } from '../../db/schema'
import { stageName } from '../claimLifecycle'
import type { ClaimRecord } from '../../../domain/contract/claims'

export type DbOrTx = Db | Tx

/** ISO 8601 UTC text of a timestamptz, the same on PGlite and PostgreSQL. */
export const isoTimestamp = (column: SQL | typeof claims.fechaIngreso) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const executives = alias(users, 'executive')

export type { ClaimRecord }

/**
 * The record's select and joins. `extra` adds columns beside the record's (the by-id read adds whether the session
 * may see the claim, server/domain/claims/claimById.ts), which the caller takes off the row before `toRecord`. `db`
 * may carry CTEs (`db.with(…)`, a claim-number search's page: claimList.ts).
 */
export function claimRecordQuery<Extra extends Record<string, SQL.Aliased | SQL>>(db: Pick<DbOrTx, 'select'>, extra: Extra = {} as Extra) {
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
      used: coverages.usedAmount,
      servicio: services.nombre,
      nombreProveedor: providers.nombreProveedor,
      nombreEjecutivo: sql<string>`trim(${executives.nombre} || ' ' || ${executives.apePat})`,
      nombreColaborador: claims.collaboratorName,
      beneficiary: claims.beneficiary,
      tipo: claims.tipo,
      fechaIngreso: isoTimestamp(claims.fechaIngreso),
    })
    .from(claims)
    .innerJoin(coverages, eq(coverages.idCobertura, claims.idCobertura))
    .innerJoin(executives, eq(executives.idUser, claims.idEjecutivo))
    .leftJoin(providers, eq(providers.idProveedor, claims.idProveedor))
    .leftJoin(services, eq(services.id, claims.servicioId))
}

type RawRecord = Awaited<ReturnType<ReturnType<typeof claimRecordQuery<{}>>['execute']>>[number]

/**
 * The contract's record from a row. Written field by field, not as `{ ...rest }` of the row: object rest and spread
 * of 18 fields made this the largest function of a list page's profile (6 % of the server's CPU).
 */
function toRecord(row: RawRecord): ClaimRecord {
  const monto = Number(row.monto)
  const used = row.used
  return {
    idEvento: row.idEvento,
    idColaborador: row.idColaborador,
    idCobertura: row.idCobertura,
    idEjecutivo: row.idEjecutivo,
    idProveedor: row.idProveedor,
    idServicio: row.idServicio,
    statusId: row.statusId,
    descripcion: row.descripcion,
    monto,
    montoAutorizado: Number(row.montoAutorizado),
    servicio: row.servicio,
    nombreProveedor: row.nombreProveedor,
    nombreEjecutivo: row.nombreEjecutivo,
    nombreColaborador: row.nombreColaborador,
    beneficiary: row.beneficiary,
    tipo: row.tipo,
    fechaIngreso: row.fechaIngreso,
    value: stageName(row.statusId),
    usedAmount: used,
    montoUtilizado: used,
    montoDisponible: round2(monto - used),
  }
}

export const round2 = (n: number) => Math.round(n * 100) / 100

/** The record's columns in claimRecordQuery's order, after its `extra` ones: how `recordOfValues` reads a row. */
const RECORD_COLUMNS = [
  'idEvento',
  'idColaborador',
  'idCobertura',
  'idEjecutivo',
  'idProveedor',
  'idServicio',
  'statusId',
  'descripcion',
  'monto',
  'montoAutorizado',
  'used',
  'servicio',
  'nombreProveedor',
  'nombreEjecutivo',
  'nombreColaborador',
  'beneficiary',
  'tipo',
  'fechaIngreso',
] as const

/**
 * The contract's record from the driver's row as an array (Drizzle's prepared queries read rows in array mode), its
 * columns from `at` in RECORD_COLUMNS' order. The same values as `toRecord` of Drizzle's mapped row: the integer
 * columns come as numbers from both drivers, numeric as a number (pg, server/db/client.ts) or as text (PGlite), the
 * timestamp as text (to_char).
 */
function recordOfValues(v: readonly unknown[], at: number): ClaimRecord {
  const monto = Number(v[at + 8])
  const used = Number(v[at + 10])
  const statusId = v[at + 6] as number
  return {
    idEvento: v[at] as number,
    idColaborador: v[at + 1] as number,
    idCobertura: v[at + 2] as number,
    idEjecutivo: v[at + 3] as number,
    idProveedor: v[at + 4] as number | null,
    idServicio: v[at + 5] as number | null,
    statusId,
    descripcion: v[at + 7] as string,
    monto,
    montoAutorizado: Number(v[at + 9]),
    servicio: v[at + 11] as string | null,
    nombreProveedor: v[at + 12] as string | null,
    nombreEjecutivo: v[at + 13] as string,
    nombreColaborador: v[at + 14] as string,
    beneficiary: v[at + 15] as string,
    tipo: v[at + 16] as string,
    fechaIngreso: v[at + 17] as string,
    value: stageName(statusId),
    usedAmount: used,
    montoUtilizado: used,
    montoDisponible: round2(monto - used),
  }
}

/**
 * What a Drizzle prepared query holds, on node-postgres and PGlite alike (drizzle-orm/{node-postgres,pglite}/session.js):
 * its selected fields, and the rows' mapper it calls, when set, instead of its own per-field mapping.
 */
interface DrizzlePrepared {
  fields?: Array<{ path: string[] }>
  customResultMapper?: (rows: unknown[][]) => unknown
  execute: (params?: Record<string, unknown>) => Promise<unknown>
}

export interface RecordStatement<Row> {
  execute: (params?: Record<string, unknown>) => Promise<Row[]>
}

/**
 * A prepared record query (`claimRecordQuery(db, extra)…prepare(…)`) whose rows are mapped by `recordOfValues` from
 * the driver's arrays, not by Drizzle, which looks up each field's kind and decoder on every row (4 % of the server's
 * CPU for a page of ten records, 1.5 % for one claim; issue 27). At most one `extra` column, returned beside the
 * record. Checked once, when built: a Drizzle whose prepared query no longer holds these fields throws here.
 */
export function recordStatement(prepared: object): RecordStatement<ClaimRecord>
export function recordStatement<X>(prepared: object, extra: string): RecordStatement<{ extra: X; record: ClaimRecord }>
export function recordStatement(prepared: object, extra?: string): RecordStatement<unknown> {
  const target = prepared as DrizzlePrepared
  const expected = [...(extra === undefined ? [] : [extra]), ...RECORD_COLUMNS].join(',')
  if (!('customResultMapper' in target) || target.fields?.map((field) => field.path.join('.')).join(',') !== expected) {
    throw new Error('recordStatement: not a claim record query of this Drizzle version')
  }
  target.customResultMapper =
    extra === undefined
      ? (rows) => rows.map((row) => recordOfValues(row, 0))
      : (rows) => rows.map((row) => ({ extra: row[0], record: recordOfValues(row, 1) }))
  return { execute: (params) => target.execute(params) as Promise<unknown[]> }
}

export async function getClaimRecord(db: DbOrTx, idEvento: number): Promise<ClaimRecord | null> {
  const [row] = await claimRecordQuery(db).where(eq(claims.idEvento, idEvento))
  return row ? toRecord(row) : null
}

