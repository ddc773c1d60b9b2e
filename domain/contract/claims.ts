/**
 * /api/event (spec section 7): procedure search, fund summary, new claim, lists, one claim, its stage history, the
 * authorization letter, provider assignment, invoices and the CSV report. Shapes follow spec section 3.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../rules/constants'
import { defineCall } from './call'
import {
  Amount,
  ClaimParams,
  Id,
  Int,
  IntEnum,
  IsoDate,
  MAX_AMOUNT,
  Nullable,
  NullableInt,
  NullableNumber,
  NullableText,
  Num,
  PageOf,
  PageQuery,
  Strict,
  Text,
  Type,
  UserParams,
  type Static,
} from './schema'

/** Exactly ten digits: the new-claim form refuses a phone under 10 characters. */
export const PHONE_10_PATTERN = '^[0-9]{10}$'

/**
 * `?q&page&pageSize` of the claim lists (PageQuery), plus the claim number a page continues from when the user steps
 * to the next page (`after`: the last claim of the page left) or the previous one (`before`: its first claim); see
 * PageCursor, domain/paging.ts. At most one of them; a list with a search ignores them and pages by number.
 */
export const ClaimPageQuery = Strict({ ...PageQuery.properties, after: Type.Optional(Id), before: Type.Optional(Id) })
export type ClaimPageQuery = Static<typeof ClaimPageQuery>

// ───────────── answers ─────────────

/** The claim record of every list and of the claim page (spec 3 'Claim (evento)'). */
export const ClaimRecord = Type.Object({
  idEvento: Int,
  idColaborador: Int,
  idCobertura: Int,
  idEjecutivo: Int,
  idProveedor: NullableInt,
  idServicio: NullableInt,
  statusId: Int,
  /** The stage's name. */
  value: Text,
  descripcion: Text,
  monto: Num,
  montoAutorizado: Num,
  usedAmount: Num,
  montoUtilizado: Num,
  montoDisponible: Num,
  servicio: NullableText,
  nombreProveedor: NullableText,
  nombreEjecutivo: Text,
  nombreColaborador: Text,
  beneficiary: Text,
  tipo: Text,
  fechaIngreso: Text,
})
export type ClaimRecord = Static<typeof ClaimRecord>

export const ClaimPage = PageOf(ClaimRecord)
export type ClaimPage = Static<typeof ClaimPage>

/**
 * One row of the procedure search (spec 3 'Procedure-search result row'). A search that finds nobody answers one
 * row of nulls (spec 8: "first row's idColaborador null"), so every field is nullable.
 */
export const ProcedureRow = Type.Object({
  idColaborador: NullableInt,
  idCobertura: NullableInt,
  descripcion: NullableText,
  monto: NullableNumber,
  montoAutorizado: NullableNumber,
  montoUtilizado: NullableNumber,
  montoDisponible: NullableNumber,
  idEvento: NullableInt,
  statusId: NullableInt,
  value: NullableText,
  nombre: NullableText,
  nombre2: NullableText,
  apePat: NullableText,
  apeMAt: NullableText,
  showCtaBtn: NullableInt,
  /**
   * Ours (the spec's row has no owner): the executive who created the claim, so the search offers 'Abrir el
   * trámite' only on claims the viewer may open (an executive sees every claim of the collaborator but opens only
   * their own). Null on a row without a claim.
   */
  idEjecutivo: NullableInt,
})
export type ProcedureRow = Static<typeof ProcedureRow>

/** The fund summary of one coverage: the first (only) item of its answer. */
export const FundSummary = Type.Object({
  idColaborador: Int,
  idCobertura: Int,
  descripcion: Text,
  monto: Num,
  montoUtilizado: Num,
  montoDisponible: Num,
  showCtaBtn: Int,
})
export type FundSummary = Static<typeof FundSummary>

/** One stage the claim went through, oldest first. */
/**
 * One stage change. `actor`: who made it, as the viewer may see it ('Ejecutivo: Ana Soto', 'Colaborador',
 * 'Proveedor: Hospital San Rafael'; domain/claimStages.ts `stageActorLabel`), null when unknown. An addition to
 * the spec's answer (status, fecha, value).
 */
export const StatusHistoryEntry = Type.Object({ status: Int, fecha: Text, value: Text, actor: NullableText })
export type StatusHistoryEntry = Static<typeof StatusHistoryEntry>

/** 'Claim full data' (spec 3): what the authorization letter shows and edits. */
export const ClaimFullData = Type.Object({
  idEvento: Int,
  statusId: Int,
  value: Text,
  idProveedor: NullableInt,
  proveedorNombre: NullableText,
  proveedorServicio: NullableText,
  nombreMedico: NullableText,
  colaboradorNombre: Text,
  colaboradorId: Int,
  edad: Int,
  genero: Int,
  estado: Text,
  ciudad: Text,
  tipoServicio: NullableInt,
  tipoAtencion: NullableInt,
  tipoAtencion2: NullableInt,
  tipoPadecimiento: NullableInt,
  diagnostico: NullableText,
  observaciones: NullableText,
  dictaminacion: NullableInt,
  montoAutorizado: Num,
  deducibleHospital: NullableNumber,
  coaseguroHospital: NullableNumber,
  medicoEsp: NullableText,
  medicoProcedimiento: NullableText,
  medicoMonto: NullableNumber,
  medicoHonorariosAsegurado: NullableNumber,
  fechaIngreso: NullableText,
  vigenciaDesde: NullableText,
  vigenciaHasta: NullableText,
  limiteFacturacion: NullableText,
})
export type ClaimFullData = Static<typeof ClaimFullData>

const StageChange = Type.Object({ idEvento: Int, statusId: Int })

/** The provider of a claim: `servicio` is the service id. */
const ProviderOfClaim = Type.Object({
  servicio: NullableInt,
  idProveedor: NullableInt,
  nombreServicio: NullableText,
  nombreProveedor: NullableText,
})
type ProviderOfClaim = Static<typeof ProviderOfClaim>

export const AssignedProvider = Type.Object({ idEvento: Int, idProveedor: Int, servicio: Int, statusId: Int })
export type AssignedProvider = Static<typeof AssignedProvider>

/** A card of the invoice list. */
export const InvoiceCard = Type.Object({
  idEvento: Int,
  idFactura: Int,
  title: Text,
  idColaborador: Int,
  descripcion: Text,
  monto: Num,
  montoAutorizado: Num,
  montoUtilizado: Num,
  montoDisponible: Num,
  status: Int,
  statusId: Int,
  value: Text,
  nombreProveedor: Text,
  url: Text,
  fecha: Text,
})
export type InvoiceCard = Static<typeof InvoiceCard>
export const InvoiceCardPage = PageOf(InvoiceCard)
export type InvoiceCardPage = Static<typeof InvoiceCardPage>

/** An invoice of one claim (`url` is its authenticated download path). */
export const ClaimInvoice = Type.Object({
  idFactura: Int,
  idEvento: Int,
  idProveedor: Int,
  title: Text,
  url: Text,
  nombre: Text,
  status: Int,
  comentario: NullableText,
  fecha: Text,
})
export type ClaimInvoice = Static<typeof ClaimInvoice>

// ───────────── requests ─────────────

const ProceduresQuery = Strict({
  idColaborador: Type.Optional(Id),
  nombreColaborador: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
})

const FundParams = Strict({ idColaborador: Id, idCobertura: Id })

/** The new-claim payload (spec 3). `idEjecutivo`, when sent, must be the caller. */
export const NewClaim = Strict({
  idColaborador: Id,
  idEjecutivo: Type.Optional(Id),
  idCobertura: Id,
  beneficiary: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN }),
  phone: Type.String({ pattern: PHONE_10_PATTERN }),
  age: Type.Integer({ minimum: 0, maximum: 120 }),
  gender: IntEnum([1, 2]),
  state: Id,
  city: Id,
  montoAutorizado: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }),
})
export type NewClaim = Static<typeof NewClaim>

const ReportQuery = Strict({ initDate: Type.String({ maxLength: 10 }), endDate: Type.String({ maxLength: 10 }) })

/**
 * The figures above Reportes' download (issue 14), for the claims whose fechaIngreso falls in the period (UTC days,
 * both ends included: the same claims as the CSV, an executive's own only). Every stage of the catalogue is listed,
 * in the catalogue's order, with 0 where nothing applies.
 */
export const ReportStatistics = Type.Object({
  initDate: Text,
  endDate: Text,
  /** Claims created in the period (the CSV's data rows). */
  totalClaims: Int,
  /** How many of them are in each stage now. */
  byStage: Type.Array(Type.Object({ statusId: Int, value: Text, claims: Int })),
  /**
   * Days spent in each stage by those claims, from the status history: one stay per history row that a later row
   * ended (the current, still open stay is not counted). Median and 90th percentile (interpolated); null without stays.
   */
  stageDays: Type.Array(Type.Object({ statusId: Int, value: Text, stays: Int, medianDays: NullableNumber, p90Days: NullableNumber })),
  /** Claims created per week (weeks start on Monday, UTC), from the first to the last week with claims, 0 between. */
  weekly: Type.Array(Type.Object({ weekStart: Text, claims: Int })),
})
export type ReportStatistics = Static<typeof ReportStatistics>

/**
 * Service-level compliance in Reportes (issue 23, item 6), for the same claims as the statistics (created in the
 * period, an executive's own only): per stage that has a service level, in the catalogue's order, the stays of those
 * claims that ended, on time (business days within the target in force) or late, and their median business days
 * (null without stays).
 */
export const ReportServiceLevels = Type.Object({
  initDate: Text,
  endDate: Text,
  stages: Type.Array(
    Type.Object({ statusId: Int, value: Text, targetDays: Int, onTime: Int, late: Int, medianBusinessDays: NullableNumber }),
  ),
})
export type ReportServiceLevels = Static<typeof ReportServiceLevels>

/** What the Reportes summary shows: the statistics and the compliance of the same period (two calls, one view). */
export type ReportFigures = ReportStatistics & { serviceLevels: ReportServiceLevels['stages'] }

/** The letter's editable fields (spec 5 'Letter form'); at least one besides idEvento. */
const LetterFields = {
  fechaIngreso: Type.Optional(IsoDate),
  nombreMedico: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  tipoServicio: Type.Optional(IntEnum([1, 2])),
  tipoAtencion: Type.Optional(IntEnum([1, 2, 3])),
  tipoAtencion2: Type.Optional(IntEnum([1, 2, 3, 4])),
  tipoPadecimiento: Type.Optional(IntEnum([1, 2, 3, 4, 5, 6])),
  diagnostico: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  // Optional on the form: may be blank or null.
  observaciones: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  deducibleHospital: Type.Optional(Amount),
  coaseguroHospital: Type.Optional(Amount),
  medicoEsp: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  medicoProcedimiento: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  medicoMonto: Type.Optional(Amount),
  medicoHonorariosAsegurado: Type.Optional(Amount),
  vigenciaDesde: Type.Optional(IsoDate),
  vigenciaHasta: Type.Optional(IsoDate),
  limiteFacturacion: Type.Optional(IsoDate),
}
const LetterUpdate = Type.Object({ idEvento: Id, ...LetterFields }, { additionalProperties: false, minProperties: 2 })
type LetterUpdate = Static<typeof LetterUpdate>
export type LetterFieldValues = Omit<LetterUpdate, 'idEvento'>
export const LETTER_FIELD_NAMES = Object.keys(LetterFields) as (keyof LetterFieldValues)[]
/** Letter fields that hold money: at most two decimals. */
export const LETTER_MONEY_FIELDS = ['deducibleHospital', 'coaseguroHospital', 'medicoMonto', 'medicoHonorariosAsegurado'] as const

const AssignProvider = Strict({ idProveedor: Id, idEvento: Id, idEjecutivo: Type.Optional(Id) })
type AssignProvider = Static<typeof AssignProvider>

// ───────────── calls ─────────────

export const eventCalls = {
  searchProcedures: defineCall({
    method: 'GET',
    path: '/api/event/get-procedures',
    summary: 'Busca los trámites de un colaborador, agrupables por cobertura',
    querystring: ProceduresQuery,
    response: Type.Array(ProcedureRow),
  }),
  fundSummary: defineCall({
    method: 'GET',
    path: '/api/event/:idColaborador/:idCobertura',
    summary: 'Resumen de fondos de una cobertura',
    params: FundParams,
    response: Type.Array(FundSummary),
  }),
  createClaim: defineCall({
    method: 'POST',
    path: '/api/event',
    summary: 'Crea un trámite',
    body: NewClaim,
    response: Type.Object({ insertId: Int }),
  }),
  report: defineCall({
    method: 'GET',
    path: '/api/event/report',
    summary: 'Reporte de trámites (CSV con BOM) por fecha de ingreso',
    querystring: ReportQuery,
    response: Type.Null(),
    file: true,
  }),
  reportStatistics: defineCall({
    method: 'GET',
    path: '/api/event/report/statistics',
    summary: 'Cifras del periodo de Reportes: trámites por etapa, días por etapa (mediana y percentil 90) y trámites por semana',
    querystring: ReportQuery,
    response: ReportStatistics,
  }),
  reportServiceLevels: defineCall({
    method: 'GET',
    path: '/api/event/report/service-levels',
    summary: 'Cumplimiento de niveles de servicio del periodo de Reportes: por etapa, estancias a tiempo y tarde, y la mediana de días hábiles',
    querystring: ReportQuery,
    response: ReportServiceLevels,
  }),
  executiveClaims: defineCall({
    method: 'GET',
    path: '/api/event/executive/:idUser',
    summary: 'Trámites creados por un ejecutivo',
    params: UserParams,
    querystring: ClaimPageQuery,
    response: ClaimPage,
  }),
  allClaims: defineCall({
    method: 'GET',
    path: '/api/event/all',
    summary: 'Todos los trámites',
    querystring: ClaimPageQuery,
    response: ClaimPage,
  }),
  providerClaims: defineCall({
    method: 'GET',
    path: '/api/event/provider/:idUser',
    summary: 'Trámites asignados a un proveedor (idUser: el usuario del proveedor)',
    params: UserParams,
    querystring: ClaimPageQuery,
    response: ClaimPage,
  }),
  claim: defineCall({
    method: 'GET',
    path: '/api/event/by-id/:idEvento',
    summary: 'Un trámite',
    params: ClaimParams,
    response: ClaimRecord,
  }),
  statusHistory: defineCall({
    method: 'GET',
    path: '/api/event/get-status/:idEvento',
    summary: 'Historial de etapas del trámite, del más antiguo al más reciente',
    params: ClaimParams,
    response: Type.Array(StatusHistoryEntry),
  }),
  fullData: defineCall({
    method: 'GET',
    path: '/api/event/fullData/:idEvento',
    summary: 'Datos de la carta autorización',
    params: ClaimParams,
    response: ClaimFullData,
  }),
  letterPdf: defineCall({
    method: 'GET',
    path: '/api/event/letter-pdf/:idEvento',
    summary: 'Carta autorización en PDF (solo con el dictamen aprobado; 409 antes)',
    params: ClaimParams,
    response: Type.Null(),
    file: true,
  }),
  updateLetter: defineCall({
    method: 'PUT',
    path: '/api/event/update',
    summary: 'Guarda la carta autorización',
    body: LetterUpdate,
    response: StageChange,
  }),
  providerOfClaim: defineCall({
    method: 'GET',
    path: '/api/event/get-provider-by-event/:idEvento',
    summary: 'Proveedor y servicio del trámite',
    params: ClaimParams,
    response: ProviderOfClaim,
  }),
  assignProvider: defineCall({
    method: 'PUT',
    path: '/api/event/assign-provider',
    summary: 'Asigna un proveedor al trámite',
    body: AssignProvider,
    response: AssignedProvider,
  }),
  allInvoices: defineCall({
    method: 'GET',
    path: '/api/event/invoices/all',
    summary: 'Facturas de todos los trámites',
    querystring: PageQuery,
    response: InvoiceCardPage,
  }),
  claimInvoices: defineCall({
    method: 'GET',
    path: '/api/event/invoices/:idEvento',
    summary: 'Facturas de un trámite',
    params: ClaimParams,
    response: Type.Array(ClaimInvoice),
  }),
} as const
