/**
 * JSON schemas of /api/event: params, query and bodies (additionalProperties false, ranges of spec section 5) and
 * the answers (Fastify serializes with them, so every field the app reads is declared here). Validation errors are
 * worded like the forms' tooltips: 'Etiqueta: mensaje'.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../src/lib/rules'
import { PHONE_10_PATTERN, schemaErrorFormatter } from '../lib/schemaErrors'
import { envelopeSchema, errorEnvelopeSchema } from '../lib/envelope'

export const MAX_INT4 = 2_147_483_647
/** numeric(12,2): the largest amount a column holds. */
export const MAX_AMOUNT = 9_999_999_999.99

const id = { type: 'integer', minimum: 1, maximum: MAX_INT4 } as const
const nullableInt = { type: ['integer', 'null'] } as const
const nullableNumber = { type: ['number', 'null'] } as const
const nullableString = { type: ['string', 'null'] } as const
const amount = { type: 'number', minimum: 0, maximum: MAX_AMOUNT } as const
const isoDate = { type: 'string', format: 'date', maxLength: 10 } as const

const LABELS: Record<string, string> = {
  idEvento: 'Trámite',
  idColaborador: 'Número de colaborador',
  nombreColaborador: 'Nombre del colaborador',
  idCobertura: 'Cobertura',
  idEjecutivo: 'Ejecutivo',
  idUser: 'Usuario',
  idProveedor: 'Proveedor',
  beneficiary: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  age: 'Edad',
  gender: 'Género',
  state: 'Estado',
  city: 'Ciudad',
  montoAutorizado: 'Costo',
  initDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  q: 'Búsqueda',
  page: 'Página',
  pageSize: 'Tamaño de página',
  fechaIngreso: 'Fecha de ingreso',
  nombreMedico: 'Nombre del médico',
  tipoServicio: 'Tipo de servicio',
  tipoAtencion: 'Tipo de atención',
  tipoAtencion2: 'Tipo de atención 2',
  tipoPadecimiento: 'Tipo de padecimiento',
  diagnostico: 'Diagnóstico',
  observaciones: 'Observaciones',
  deducibleHospital: 'Deducible hospitalario',
  coaseguroHospital: 'Coaseguro hospitalario',
  medicoEsp: 'Especialidad del médico',
  medicoProcedimiento: 'Procedimiento',
  medicoMonto: 'Monto',
  medicoHonorariosAsegurado: 'Honorarios',
  vigenciaDesde: 'Vigencia desde',
  vigenciaHasta: 'Vigencia hasta',
  limiteFacturacion: 'Límite de facturación',
}

export const labelOf = (field: string) => LABELS[field] ?? field

/** Route option `schemaErrorFormatter`: the first error as 'Etiqueta: mensaje' (answered 400). */
export const eventSchemaErrors = schemaErrorFormatter(LABELS)

export { PHONE_10_PATTERN }

// ───────────────────────── params and queries ─────────────────────────

export const idEventoParams = {
  type: 'object',
  additionalProperties: false,
  required: ['idEvento'],
  properties: { idEvento: id },
} as const

export const idUserParams = {
  type: 'object',
  additionalProperties: false,
  required: ['idUser'],
  properties: { idUser: id },
} as const

export const fundParams = {
  type: 'object',
  additionalProperties: false,
  required: ['idColaborador', 'idCobertura'],
  properties: { idColaborador: id, idCobertura: id },
} as const

export const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 100 },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  },
} as const

export const proceduresQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    idColaborador: id,
    nombreColaborador: { type: 'string', minLength: 1, maxLength: 120 },
  },
} as const

export const reportQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['initDate', 'endDate'],
  properties: { initDate: { type: 'string', maxLength: 10 }, endDate: { type: 'string', maxLength: 10 } },
} as const

// ───────────────────────── bodies ─────────────────────────

export const createClaimBody = {
  type: 'object',
  additionalProperties: false,
  required: ['idColaborador', 'idCobertura', 'beneficiary', 'email', 'phone', 'age', 'gender', 'state', 'city', 'montoAutorizado'],
  properties: {
    idColaborador: id,
    idEjecutivo: id,
    idCobertura: id,
    beneficiary: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    email: { type: 'string', maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN },
    phone: { type: 'string', pattern: PHONE_10_PATTERN },
    age: { type: 'integer', minimum: 0, maximum: 120 },
    gender: { type: 'integer', enum: [1, 2] },
    state: id,
    city: id,
    montoAutorizado: { type: 'number', exclusiveMinimum: 0, maximum: MAX_AMOUNT },
  },
} as const

export const letterBody = {
  type: 'object',
  additionalProperties: false,
  required: ['idEvento'],
  minProperties: 2,
  properties: {
    idEvento: id,
    fechaIngreso: isoDate,
    nombreMedico: { type: 'string', minLength: 1, maxLength: 200 },
    tipoServicio: { type: 'integer', enum: [1, 2] },
    tipoAtencion: { type: 'integer', enum: [1, 2, 3] },
    tipoAtencion2: { type: 'integer', enum: [1, 2, 3, 4] },
    tipoPadecimiento: { type: 'integer', enum: [1, 2, 3, 4, 5, 6] },
    diagnostico: { type: 'string', minLength: 1, maxLength: 1000 },
    // Optional on the form: may be blank or null.
    observaciones: { type: ['string', 'null'], maxLength: 1000 },
    deducibleHospital: amount,
    coaseguroHospital: amount,
    medicoEsp: { type: 'string', minLength: 1, maxLength: 200 },
    medicoProcedimiento: { type: 'string', minLength: 1, maxLength: 300 },
    medicoMonto: amount,
    medicoHonorariosAsegurado: amount,
    vigenciaDesde: isoDate,
    vigenciaHasta: isoDate,
    limiteFacturacion: isoDate,
  },
} as const

export const assignProviderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['idProveedor', 'idEvento'],
  properties: { idProveedor: id, idEvento: id, idEjecutivo: id },
} as const

// ───────────────────────── answers ─────────────────────────

const withErrors = (response: object) => ({ 200: envelopeSchema(response), '4xx': errorEnvelopeSchema })

const object = (properties: Record<string, object>) => ({ type: 'object', properties, required: Object.keys(properties) })

export const claimRecordSchema = object({
  idEvento: { type: 'integer' },
  idColaborador: { type: 'integer' },
  idCobertura: { type: 'integer' },
  idEjecutivo: { type: 'integer' },
  idProveedor: nullableInt,
  idServicio: nullableInt,
  statusId: { type: 'integer' },
  value: { type: 'string' },
  descripcion: { type: 'string' },
  monto: { type: 'number' },
  montoAutorizado: { type: 'number' },
  usedAmount: { type: 'number' },
  montoUtilizado: { type: 'number' },
  montoDisponible: { type: 'number' },
  servicio: nullableString,
  nombreProveedor: nullableString,
  nombreEjecutivo: { type: 'string' },
  nombreColaborador: { type: 'string' },
  beneficiary: { type: 'string' },
  tipo: { type: 'string' },
  fechaIngreso: { type: 'string' },
})

const pageOf = (item: object) =>
  object({
    items: { type: 'array', items: item },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  })

export const claimPageResponse = withErrors(pageOf(claimRecordSchema))
export const claimResponse = withErrors(claimRecordSchema)

export const procedureRowsResponse = withErrors({
  type: 'array',
  items: object({
    idColaborador: nullableInt,
    idCobertura: nullableInt,
    descripcion: nullableString,
    monto: nullableNumber,
    montoAutorizado: nullableNumber,
    montoUtilizado: nullableNumber,
    montoDisponible: nullableNumber,
    idEvento: nullableInt,
    statusId: nullableInt,
    value: nullableString,
    nombre: nullableString,
    nombre2: nullableString,
    apePat: nullableString,
    apeMAt: nullableString,
    showCtaBtn: nullableInt,
  }),
})

export const fundSummaryResponse = withErrors({
  type: 'array',
  items: object({
    idColaborador: { type: 'integer' },
    idCobertura: { type: 'integer' },
    descripcion: { type: 'string' },
    monto: { type: 'number' },
    montoUtilizado: { type: 'number' },
    montoDisponible: { type: 'number' },
    showCtaBtn: { type: 'integer' },
  }),
})

export const insertIdResponse = withErrors(object({ insertId: { type: 'integer' } }))

export const statusHistoryResponse = withErrors({
  type: 'array',
  items: object({ status: { type: 'integer' }, fecha: { type: 'string' }, value: { type: 'string' } }),
})

export const fullDataResponse = withErrors(
  object({
    idEvento: { type: 'integer' },
    statusId: { type: 'integer' },
    value: { type: 'string' },
    idProveedor: nullableInt,
    proveedorNombre: nullableString,
    proveedorServicio: nullableString,
    nombreMedico: nullableString,
    colaboradorNombre: { type: 'string' },
    colaboradorId: { type: 'integer' },
    edad: { type: 'integer' },
    genero: { type: 'integer' },
    estado: { type: 'string' },
    ciudad: { type: 'string' },
    tipoServicio: nullableInt,
    tipoAtencion: nullableInt,
    tipoAtencion2: nullableInt,
    tipoPadecimiento: nullableInt,
    diagnostico: nullableString,
    observaciones: nullableString,
    dictaminacion: nullableInt,
    montoAutorizado: { type: 'number' },
    deducibleHospital: nullableNumber,
    coaseguroHospital: nullableNumber,
    medicoEsp: nullableString,
    medicoProcedimiento: nullableString,
    medicoMonto: nullableNumber,
    medicoHonorariosAsegurado: nullableNumber,
    fechaIngreso: nullableString,
    vigenciaDesde: nullableString,
    vigenciaHasta: nullableString,
    limiteFacturacion: nullableString,
  }),
)

export const letterSavedResponse = withErrors(object({ idEvento: { type: 'integer' }, statusId: { type: 'integer' } }))

export const providerByEventResponse = withErrors(
  object({
    servicio: nullableInt,
    idProveedor: nullableInt,
    nombreServicio: nullableString,
    nombreProveedor: nullableString,
  }),
)

export const assignProviderResponse = withErrors(
  object({ idEvento: { type: 'integer' }, idProveedor: { type: 'integer' }, servicio: { type: 'integer' }, statusId: { type: 'integer' } }),
)

export const invoiceCardsResponse = withErrors(
  pageOf(
    object({
      idEvento: { type: 'integer' },
      idFactura: { type: 'integer' },
      title: { type: 'string' },
      idColaborador: { type: 'integer' },
      descripcion: { type: 'string' },
      monto: { type: 'number' },
      montoAutorizado: { type: 'number' },
      montoUtilizado: { type: 'number' },
      montoDisponible: { type: 'number' },
      status: { type: 'integer' },
      statusId: { type: 'integer' },
      value: { type: 'string' },
      nombreProveedor: { type: 'string' },
      url: { type: 'string' },
      fecha: { type: 'string' },
    }),
  ),
)

export const invoicesOfClaimResponse = withErrors({
  type: 'array',
  items: object({
    idFactura: { type: 'integer' },
    idEvento: { type: 'integer' },
    idProveedor: { type: 'integer' },
    title: { type: 'string' },
    url: { type: 'string' },
    nombre: { type: 'string' },
    status: { type: 'integer' },
    comentario: nullableString,
    fecha: { type: 'string' },
  }),
})

export const reportErrorResponse = { '4xx': errorEnvelopeSchema }
