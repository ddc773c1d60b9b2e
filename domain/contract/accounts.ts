/**
 * The bodies that create and edit executive and provider accounts (signup-executive, signup-provider, PUT
 * /api/user/executive, PUT /api/user/provider), built from the limits of domain/rules so the server refuses exactly
 * the shapes the forms refuse. What needs more than a shape (required-when, password strength, company domains) is
 * checked afterwards by the same validateExecutive / validateProvider the forms run.
 *
 * Property order is the order the server reports a refusal in (the first missing or invalid field), so keep it.
 */
import {
  ACTIVO,
  CONTRACT_YEAR,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EXTERIOR_NUMBER,
  PASSWORD_MAX_LENGTH,
  PHONE_PATTERN,
  POSTAL_CODE,
  PROVIDER_COST,
  PROVIDER_TYPE,
  TEXT_MAX,
  WORK_LOCATIONS,
} from '../rules'
import { Id, IntEnum, MAX_INT4, NO_NUL_PATTERN, Nullable, Strict, Type, type Static } from './schema'

const RequiredText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NO_NUL_PATTERN })
const OptionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength, pattern: NO_NUL_PATTERN })))
const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN })
// No maxLength: the pattern already stops at 10 digits and answers the phone rule's own 'Valor inválido'.
const RequiredPhone = Type.String({ minLength: 1, pattern: PHONE_PATTERN })
const OptionalPhone = Type.Optional(Nullable(Type.String({ pattern: PHONE_PATTERN })))
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })
/** On edit a blank password means "keep the current one". */
const OptionalPassword = Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH }))
const Activo = IntEnum([ACTIVO.active, ACTIVO.inactive])
/** contrato and contratoEstatus: 1 yes (vigente), 0 no, null when the variant does not apply. */
const YesNoOrNull = Type.Optional(Type.Unsafe<0 | 1 | null>({ type: ['integer', 'null'], enum: [0, 1, null] }))
/**
 * One of WORK_LOCATIONS. Typed as text: the form holds the select's value as text, and the enum refuses any other
 * one at the server with the rule's own 'El valor introducido no es válido'.
 */
const WorkLocation = Type.Unsafe<string>({ type: 'string', enum: [...WORK_LOCATIONS] })

// ───────────── executives ─────────────

export const SignupExecutive = Strict({
  ubicacion: WorkLocation,
  phone: RequiredPhone,
  activo: Activo,
  nombre: RequiredText(TEXT_MAX.personName),
  email: Email,
  password: Password,
  confirmPassword: Type.Optional(Password),
})
export type SignupExecutive = Static<typeof SignupExecutive>

/** The edit names the status `active` (spec section 7); the create body's `activo` is accepted and ignored. */
export const UpdateExecutive = Strict({
  ubicacion: WorkLocation,
  phone: RequiredPhone,
  active: Activo,
  idUsuario: Id,
  nombre: RequiredText(TEXT_MAX.personName),
  email: Email,
  activo: Type.Optional(Activo),
  password: OptionalPassword,
  confirmPassword: OptionalPassword,
})
export type UpdateExecutive = Static<typeof UpdateExecutive>

// ───────────── providers ─────────────

/** The fields both provider bodies share. Which variant fields are required is decided by validateProvider. */
export const ProviderFields = Strict({
  tipo: IntEnum([PROVIDER_TYPE.nonMedical, PROVIDER_TYPE.medical]),
  nombreProveedor: RequiredText(TEXT_MAX.providerName),
  activo: Activo,
  nivel: OptionalText(TEXT_MAX.providerDetail),
  tipoEspecialidad: OptionalText(TEXT_MAX.providerDetail),
  especialidad: OptionalText(TEXT_MAX.providerDetail),
  costoNormal: Type.Optional(Nullable(Type.Number({ minimum: PROVIDER_COST.min, maximum: PROVIDER_COST.max }))),
  estudio: OptionalText(TEXT_MAX.study),
  // 0 is the select's placeholder: no service.
  servicio: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_INT4 }))),
  contrato: YesNoOrNull,
  contratoYear: Type.Optional(Nullable(Type.Integer({ minimum: CONTRACT_YEAR.min, maximum: CONTRACT_YEAR.max }))),
  contratoEstatus: YesNoOrNull,
  estado: Id,
  municipio: Id,
  colonia: Id,
  calle: RequiredText(TEXT_MAX.street),
  numeroExterior: Type.Integer({ minimum: EXTERIOR_NUMBER.min, maximum: EXTERIOR_NUMBER.max }),
  numeroInterior: OptionalText(TEXT_MAX.interiorNumber),
  codigoPostal: Type.Integer({ minimum: POSTAL_CODE.min, maximum: POSTAL_CODE.max }),
  telefono1: RequiredPhone,
  telefono2: OptionalPhone,
  horarios: RequiredText(TEXT_MAX.hours),
  email: Email,
  observaciones: RequiredText(TEXT_MAX.notes),
  puntosImportantes: OptionalText(TEXT_MAX.notes),
})
export type ProviderFields = Static<typeof ProviderFields>

export const SignupProvider = Strict({ ...ProviderFields.properties, password: Password, confirmPassword: OptionalPassword })
export type SignupProvider = Static<typeof SignupProvider>

export const UpdateProvider = Strict({
  ...ProviderFields.properties,
  idUsuario: Id,
  password: OptionalPassword,
  confirmPassword: OptionalPassword,
})
export type UpdateProvider = Static<typeof UpdateProvider>

/** What an edit answers: the account it changed. */
export const UpdatedAccount = Type.Object({ idUsuario: Type.Integer() })
