/**
 * The 'Nuevo trámite' form as data and pure rules (spec 2.11 'New claim page', 3 'New-claim payload', 5 'Search
 * and new claim'): field specs for the shared validators, the 'Iniciar trámite' rule, the date picker's bound, the
 * prefill and the payload. The newClaim machine is the only caller that decides; views read its selectors.
 */
import { ageOn, dateFieldReason, isCalendarDate } from '../domain/calendarDates'
import {
  acceptPhoneInput,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  validateFields,
  type FieldSpec,
  type FormErrors,
} from '../domain/rules'

export interface CollaboratorRecord {
  nombre: string | null
  nombre2?: string | null
  apePat?: string | null
  apeMat?: string | null
  email: string | null
  telefono: string | number | null
  edad?: number | null
  genero?: number | null
}

export interface FundSummary {
  monto: number
  montoUtilizado: number
  montoDisponible: number
}

export interface CatalogOption {
  id: number
  nombre: string
}

export type NewClaimField = 'nombre' | 'edad' | 'genero' | 'email' | 'telefono' | 'costo' | 'estado' | 'ciudad'
/** Fields the view edits with `field.change` (Estado goes through `estado.select`, it loads the cities). */
export type EditableField = Exclude<NewClaimField, 'estado'>

export type NewClaimForm = Record<NewClaimField, string> & {
  /**
   * The date picker's value: YYYY-MM-DD (picking it fills Edad), '' or an entry it could not read, as typed; not
   * sent to the server, but an invalid one keeps 'Iniciar trámite' disabled.
   */
  fechaNacimiento: string
}

/** POST /api/event (spec section 3 'New-claim payload'). */
export interface NewClaimPayload {
  idColaborador: number
  idEjecutivo: number
  idCobertura: number
  beneficiary: string
  email: string
  phone: string
  age: number
  gender: 1 | 2
  state: number
  city: number
  montoAutorizado: number
}

export const GENDER_OPTIONS = [
  { value: '1', label: 'Masculino' },
  { value: '2', label: 'Femenino' },
] as const
/** Fixed, not editable (spec 2.11 and 9). */
export const CLAIM_TYPE_LABEL = 'Digital'
export const PACKAGE_LABEL = 'Com.trámite.coppel'
/** Our bound: the spec only says 'Edad (number)'. */
const AGE_RANGE = { min: 0, max: 120 } as const

export const FIELD_LABELS: Record<NewClaimField, string> = {
  nombre: 'Nombre',
  edad: 'Edad',
  genero: 'Género',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  costo: 'Costo',
  estado: 'Estado',
  ciudad: 'Ciudad',
}

/** The form as data for the shared rules; Costo's maximum is the available amount of the fund summary. */
function newClaimFieldSpecs(available: number): FieldSpec<NewClaimField>[] {
  const label = (name: NewClaimField) => FIELD_LABELS[name]
  return [
    { name: 'nombre', label: label('nombre'), kind: { type: 'text', maxLength: 120 }, required: 'always' },
    { name: 'edad', label: label('edad'), kind: { type: 'number', range: AGE_RANGE, integer: true }, required: 'always' },
    { name: 'genero', label: label('genero'), kind: { type: 'choice', options: ['1', '2'] }, required: 'always' },
    { name: 'email', label: label('email'), kind: { type: 'email', maxLength: EMAIL_MAX_LENGTH }, required: 'always' },
    { name: 'telefono', label: label('telefono'), kind: { type: 'phone' }, required: 'always' },
    // The server refuses a claim of 0 MXN (montoAutorizado > 0), so the smallest cost is one cent.
    { name: 'costo', label: label('costo'), kind: { type: 'number', range: { min: 0.01, max: available } }, required: 'always' },
    { name: 'estado', label: label('estado'), kind: { type: 'select' }, required: 'always' },
    { name: 'ciudad', label: label('ciudad'), kind: { type: 'select' }, required: 'always' },
  ]
}

export function validateNewClaim(form: NewClaimForm, available: number): FormErrors<NewClaimField> {
  return validateFields(newClaimFieldSpecs(available), form, { mode: 'create' })
}

/**
 * 'Iniciar trámite' (spec section 5): disabled when name or email is empty or the phone has under 10 characters,
 * and, beyond the spec's literal rule, while any field breaks its rule (the server refuses those anyway).
 */
export function canStartClaim(form: NewClaimForm, available: number, today: string): boolean {
  return startClaimBlockers(form, available, today).length === 0
}

/** The birth date picker's label (not a field of the payload, so not in FIELD_LABELS). */
const BIRTH_DATE_LABEL = 'Fecha de nacimiento'

/**
 * The fields that keep 'Iniciar trámite' disabled, in form order: the list under 'Existen omisiones o errores en
 * los siguientes campos.' (the spec's words for a disabled save, section 5). Empty when the claim can start.
 */
export function startClaimBlockers(form: NewClaimForm, available: number, today: string): string[] {
  const errors = validateNewClaim(form, available)
  // The spec's literal rule (name, email, a phone of 10 digits) is covered by the field rules but stated here too.
  const blocked: Record<NewClaimField | 'fechaNacimiento', boolean> = {
    nombre: Boolean(errors.nombre) || form.nombre.trim() === '',
    fechaNacimiento: birthDateReason(form, today) !== null,
    edad: Boolean(errors.edad),
    genero: Boolean(errors.genero),
    email: Boolean(errors.email) || form.email.trim() === '',
    telefono: Boolean(errors.telefono) || form.telefono.length < PHONE_MAX_LENGTH,
    costo: Boolean(errors.costo),
    estado: Boolean(errors.estado),
    ciudad: Boolean(errors.ciudad),
  }
  const order = ['nombre', 'fechaNacimiento', 'edad', 'genero', 'email', 'telefono', 'costo', 'estado', 'ciudad'] as const
  return order.filter((field) => blocked[field]).map((field) => (field === 'fechaNacimiento' ? BIRTH_DATE_LABEL : FIELD_LABELS[field]))
}

/**
 * Where the empty birth date calendar opens: 40 years before `today` (the decade of a collaborator in mid career),
 * so a 1985 birth date is one 'Década anterior' away at most instead of four (issue 21). Ours; the spec is silent.
 */
export function birthDateOpensOn(today: string): string {
  const year = Number(today.slice(0, 4)) - 40
  return `${String(year).padStart(4, '0')}-01-01`
}

/** The date picker refuses future dates; `today` is YYYY-MM-DD in the user's zone. */
export function isPickableDate(value: string, today: string): boolean {
  // YYYY-MM-DD strings sort as the dates do.
  return isCalendarDate(value) && value <= today
}

/** Why the birth date field is refused (unreadable or future), or null; blank passes, the field is optional. */
export function birthDateReason(form: Pick<NewClaimForm, 'fechaNacimiento'>, today: string): string | null {
  return dateFieldReason(form.fechaNacimiento, { max: today, today })
}

/** Edad as the picker fills it: full years on `today`. */
export { ageOn }

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export function prefillFrom(
  collaborator: CollaboratorRecord,
): Pick<NewClaimForm, 'nombre' | 'email' | 'telefono'> & Partial<Pick<NewClaimForm, 'edad' | 'genero'>> {
  return {
    // Age and gender are prefilled only when the record has valid ones; state and city are chosen on the form.
    ...(collaborator.edad != null && collaborator.edad >= 0 ? { edad: String(collaborator.edad) } : {}),
    ...(collaborator.genero === 1 || collaborator.genero === 2 ? { genero: String(collaborator.genero) } : {}),
    nombre: [collaborator.nombre, collaborator.nombre2, collaborator.apePat, collaborator.apeMat]
      .map((part) => text(part).trim())
      .filter(Boolean)
      .join(' '),
    email: text(collaborator.email).trim(),
    // A stored phone that breaks the phone type is not accepted, as if typed.
    telefono: acceptPhoneInput('', text(collaborator.telefono).trim()),
  }
}

export function toPayload(context: {
  idColaborador: number
  idEjecutivo: number
  idCobertura: number
  form: NewClaimForm
}): NewClaimPayload {
  const { form } = context
  return {
    idColaborador: context.idColaborador,
    idEjecutivo: context.idEjecutivo,
    idCobertura: context.idCobertura,
    beneficiary: form.nombre.trim(),
    email: form.email.trim(),
    phone: form.telefono,
    age: Number(form.edad),
    gender: form.genero === '2' ? 2 : 1,
    state: Number(form.estado),
    city: Number(form.ciudad),
    montoAutorizado: Number(form.costo),
  }
}
