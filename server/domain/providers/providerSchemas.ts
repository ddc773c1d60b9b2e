/**
 * JSON schemas of the provider bodies (signup-provider, PUT /api/user/provider) and of the provider record,
 * built from the shared limits. Which variant fields are required is decided by validateProvider afterwards.
 */
import { CONTRACT_YEAR, EXTERIOR_NUMBER, POSTAL_CODE, PROVIDER_COST, PROVIDER_FIELDS, TEXT_MAX } from '../../../src/lib/rules'
import {
  activoSchema,
  emailSchema,
  idSchema,
  nullableIdSchema,
  optionalPasswordSchema,
  optionalPhoneSchema,
  optionalText,
  passwordSchema,
  requiredPhoneSchema,
  requiredText,
} from '../users/jsonSchemas'
import type { FieldLabels } from '../../lib/schemaErrors'

const yesNoOrNull = { type: ['integer', 'null'], enum: [0, 1, null] } as const

const providerProperties = {
  tipo: { type: 'integer', enum: [0, 1] },
  nombreProveedor: requiredText(TEXT_MAX.providerName),
  activo: activoSchema,
  nivel: optionalText(TEXT_MAX.providerDetail),
  tipoEspecialidad: optionalText(TEXT_MAX.providerDetail),
  especialidad: optionalText(TEXT_MAX.providerDetail),
  costoNormal: { type: ['number', 'null'], minimum: PROVIDER_COST.min, maximum: PROVIDER_COST.max },
  estudio: optionalText(TEXT_MAX.study),
  servicio: nullableIdSchema,
  contrato: yesNoOrNull,
  contratoYear: { type: ['integer', 'null'], minimum: CONTRACT_YEAR.min, maximum: CONTRACT_YEAR.max },
  contratoEstatus: yesNoOrNull,
  estado: idSchema,
  municipio: idSchema,
  colonia: idSchema,
  calle: requiredText(TEXT_MAX.street),
  numeroExterior: { type: 'integer', minimum: EXTERIOR_NUMBER.min, maximum: EXTERIOR_NUMBER.max },
  numeroInterior: optionalText(TEXT_MAX.interiorNumber),
  codigoPostal: { type: 'integer', minimum: POSTAL_CODE.min, maximum: POSTAL_CODE.max },
  telefono1: requiredPhoneSchema,
  telefono2: optionalPhoneSchema,
  horarios: requiredText(TEXT_MAX.hours),
  email: emailSchema,
  observaciones: requiredText(TEXT_MAX.notes),
  puntosImportantes: optionalText(TEXT_MAX.notes),
} as const

const alwaysRequired = [
  'tipo',
  'nombreProveedor',
  'activo',
  'estado',
  'municipio',
  'colonia',
  'calle',
  'numeroExterior',
  'codigoPostal',
  'telefono1',
  'horarios',
  'email',
  'observaciones',
] as const

export const signupProviderBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...alwaysRequired, 'password'],
  properties: { ...providerProperties, password: passwordSchema, confirmPassword: optionalPasswordSchema },
} as const

export const updateProviderBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...alwaysRequired, 'idUsuario'],
  properties: {
    ...providerProperties,
    idUsuario: idSchema,
    password: optionalPasswordSchema,
    confirmPassword: optionalPasswordSchema,
  },
} as const

export const PROVIDER_LABELS: FieldLabels = Object.fromEntries(PROVIDER_FIELDS.map((f) => [f.name, f.label]))

const nullable = (type: string) => ({ type: [type, 'null'] })

/** The provider record of GET /api/user/:id (rol 3) and GET /api/user/provider/:idProveedor. */
export const providerRecordProperties = {
  idProveedor: { type: 'integer' },
  idUsuario: { type: 'integer' },
  tipo: { type: 'integer' },
  nombreProveedor: { type: 'string' },
  activo: { type: 'integer' },
  nivel: nullable('string'),
  tipoEspecialidad: nullable('string'),
  especialidad: nullable('string'),
  costoNormal: nullable('number'),
  estudio: nullable('string'),
  servicio: nullable('integer'),
  servicioNombre: nullable('string'),
  contrato: nullable('integer'),
  contratoYear: nullable('integer'),
  contratoEstatus: nullable('integer'),
  estado: { type: 'integer' },
  estadoNombre: nullable('string'),
  municipio: { type: 'integer' },
  municipioNombre: nullable('string'),
  colonia: { type: 'integer' },
  coloniaNombre: nullable('string'),
  calle: { type: 'string' },
  numeroExterior: { type: 'integer' },
  numeroInterior: nullable('string'),
  codigoPostal: { type: 'integer' },
  telefono1: { type: 'string' },
  telefono2: nullable('string'),
  horarios: { type: 'string' },
  email: { type: 'string' },
  observaciones: { type: 'string' },
  puntosImportantes: nullable('string'),
} as const
