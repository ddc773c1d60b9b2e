/**
 * Limits and catalogues of spec sections 3, 5 and 9 that the app's forms and the server's JSON schemas both use.
 * Patterns are strings so they can go straight into a JSON schema `pattern` (ajv compiles them with the `u` flag)
 * and into `new RegExp(…, 'u')` in the browser.
 */

/** Digits only, at most 10 (the phone type of spec section 5). Empty passes; "required" is a separate rule. */
export const PHONE_PATTERN = '^[0-9]{0,10}$'
export const PHONE_MAX_LENGTH = 10

/** A plain address: local part, @, domain with a dot and a top-level name of two or more letters. */
export const EMAIL_PATTERN = '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$'
/** RFC 5321 limit; also the users.email column length. */
export const EMAIL_MAX_LENGTH = 254

export interface NumericRange {
  readonly min: number
  readonly max: number
}

export const POSTAL_CODE: NumericRange = { min: 0, max: 99999 }
export const EXTERIOR_NUMBER: NumericRange = { min: 0, max: 99999 }
/** Consultation cost of a medical provider in MXN; the column is numeric(12,2). */
export const PROVIDER_COST: NumericRange = { min: 0, max: 99_999_999 }
export const CONTRACT_YEAR: NumericRange = { min: 1900, max: 2100 }

export const WORK_LOCATIONS = ['Coorporativo Reforma', 'Call Center Miguel Ocarranza', 'Call Center Revolución'] as const

export const PASSWORD_MIN_LENGTH = 8
/** Same bound as the server's hashing (server/auth/passwords.ts MAX_PASSWORD_LENGTH). */
export const PASSWORD_MAX_LENGTH = 256

/** activo of executives and providers: 0 = Activo, 1 = Inactivo (spec sections 3 and 4). */
export const ACTIVO = { active: 0, inactive: 1 } as const
export const ACTIVO_OPTIONS = [
  { value: '0', label: 'Activo' },
  { value: '1', label: 'Inactivo' },
] as const
/** The provider list's label: 1 is 'Inactivo', anything else 'Activo'. */
export const activoLabel = (activo: number | string | null | undefined): 'Activo' | 'Inactivo' =>
  Number(activo) === ACTIVO.inactive ? 'Inactivo' : 'Activo'

/** Provider tipo: 1 medical, 0 non-medical. */
export const PROVIDER_TYPE = { medical: 1, nonMedical: 0 } as const
export const PROVIDER_TYPE_OPTIONS = [
  { value: '1', label: 'Médico' },
  { value: '0', label: 'No médico' },
] as const
/** contrato: 1 yes, 0 no; contratoEstatus: 1 vigente, 0 no vigente. */
export const CONTRACT_OPTIONS = [
  { value: '1', label: 'Sí' },
  { value: '0', label: 'No' },
] as const
export const CONTRACT_STATUS_OPTIONS = [
  { value: '1', label: 'Vigente' },
  { value: '0', label: 'No vigente' },
] as const

/** Text lengths, equal to the database columns so a long value is refused before it reaches the database. */
export const TEXT_MAX = {
  personName: 120,
  workLocation: 120,
  providerName: 200,
  providerDetail: 120,
  study: 200,
  hours: 200,
  street: 200,
  interiorNumber: 20,
  notes: 500,
} as const
