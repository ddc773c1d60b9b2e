/**
 * superstruct schemas of the /api/event answers read by Inicio de trámite, the new claim page, Mis trámites and the
 * collaborator prefill (server/routes/eventSchemas.ts and users.ts declare them on the server side). `type()` keeps
 * unknown fields, amounts are coerced from numeric strings so an older backend that sends '1500.00' still fits.
 */
import { array, coerce, integer, nullable, number, optional, string, type, type Infer } from 'superstruct'

const Amount = coerce(number(), string(), (value) => Number(value))
const NullableAmount = optional(nullable(Amount))
const NullableText = optional(nullable(string()))
const NullableInt = optional(nullable(integer()))

/**
 * One row of GET /api/event/get-procedures (spec section 3 'Procedure-search result row'). A search that finds nobody
 * answers one row of nulls (spec section 8: "first row's idColaborador null"), so the coverage fields are nullable.
 */
export const ProcedureRowStruct = type({
  idColaborador: nullable(integer()),
  idCobertura: nullable(integer()),
  descripcion: nullable(string()),
  monto: nullable(Amount),
  montoAutorizado: nullable(Amount),
  idEvento: nullable(integer()),
  statusId: nullable(integer()),
  value: nullable(string()),
  nombre: nullable(string()),
  nombre2: NullableText,
  apePat: NullableText,
  apeMAt: NullableText,
  showCtaBtn: nullable(integer()),
})
export const ProcedureRowsStruct = array(ProcedureRowStruct)
export type ProcedureRowAnswer = Infer<typeof ProcedureRowStruct>

/** GET /api/event/{idColaborador}/{idCobertura}: the first item is the fund summary. */
export const FundSummaryStruct = type({
  monto: Amount,
  montoUtilizado: Amount,
  montoDisponible: Amount,
  descripcion: optional(string()),
})
export const FundSummaryListStruct = array(FundSummaryStruct)
export type FundSummaryAnswer = Infer<typeof FundSummaryStruct>

/** POST /api/event. */
export const InsertIdStruct = type({ insertId: integer() })

/** The claim record of every claim list (spec section 3 'Claim (evento)'). */
export const ClaimRecordStruct = type({
  idEvento: integer(),
  idColaborador: integer(),
  idCobertura: integer(),
  statusId: NullableInt,
  value: NullableText,
  descripcion: string(),
  monto: Amount,
  montoAutorizado: NullableAmount,
  montoUtilizado: Amount,
  montoDisponible: Amount,
  beneficiary: NullableText,
  nombreColaborador: NullableText,
  fechaIngreso: NullableText,
})
export type ClaimRecordAnswer = Infer<typeof ClaimRecordStruct>

/** Lists answer { items, total, page, pageSize }. */
export const ClaimPageStruct = type({
  items: array(ClaimRecordStruct),
  total: integer(),
  page: integer(),
  pageSize: integer(),
})
export type ClaimPageAnswer = Infer<typeof ClaimPageStruct>
