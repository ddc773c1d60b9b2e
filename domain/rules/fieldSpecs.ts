/**
 * Forms described as data: each field names its label, its kind (which rule of section 5 applies) and when it is
 * shown and required. `validateFields` turns a spec plus values into `{ field: message }`; the executive and provider
 * forms, and the server routes that receive them, all call it, so app and server refuse the same values.
 */
import { dateFieldReason } from '../calendarDates'
import type { NumericRange } from './constants'
import { MESSAGES } from './messages'
import {
  allowedValues,
  asText,
  email,
  firstError,
  internalMail,
  numericRange,
  password,
  passwordMatch,
  phone,
  printableText,
  required,
  select,
  type FieldValue,
  type RuleResult,
  wellFormedText,
} from './validators'

export type FormMode = 'create' | 'edit'

/**
 * When a field is shown (`appliesWhen`) or required (`required`). medical / nonMedical read the provider's `tipo`
 * (1 / 0); contract means non-medical with `contrato` = 1.
 */
type Condition = 'always' | 'never' | 'create' | 'medical' | 'nonMedical' | 'contract'

type FieldKind =
  /** `printable`: the text prints on the authorization letter, so it must be in the letter's fonts. */
  | { type: 'text'; maxLength: number; printable?: boolean }
  | { type: 'email'; maxLength: number; internal?: boolean }
  | { type: 'phone' }
  | { type: 'number'; range: NumericRange; integer?: boolean }
  /** A catalogue select whose placeholder is '0'. */
  | { type: 'select' }
  /** A fixed list of values (status, work location, yes/no). */
  | { type: 'choice'; options: readonly string[] }
  | { type: 'password'; maxLength: number }
  | { type: 'passwordConfirm'; of: string; maxLength: number }
  /**
   * A calendar date written YYYY-MM-DD, as the date picker gives it (an unreadable entry arrives as typed);
   * `notAfterToday` refuses dates after the context's `today` (the pickers without future dates).
   */
  | { type: 'date'; notAfterToday?: boolean }

export interface FieldSpec<Name extends string = string> {
  readonly name: Name
  readonly label: string
  readonly kind: FieldKind
  readonly required: Condition
  /** Default 'always'. A field that does not apply is neither shown nor validated. */
  readonly appliesWhen?: Condition
}

export type FormValues<Name extends string> = Partial<Record<Name, FieldValue>>
export type FormErrors<Name extends string> = Partial<Record<Name, string>>

export interface ValidationContext {
  mode: FormMode
  /** The three company domains, for `email` fields marked internal. */
  internalDomains?: readonly string[]
  /** Today as YYYY-MM-DD, for date fields marked `notAfterToday` (not checked without it). */
  today?: string
}

function conditionHolds(condition: Condition, values: FormValues<string>, mode: FormMode): boolean {
  const tipo = asText(values.tipo)
  switch (condition) {
    case 'always':
      return true
    case 'never':
      return false
    case 'create':
      return mode === 'create'
    case 'medical':
      return tipo === '1'
    case 'nonMedical':
      return tipo === '0'
    case 'contract':
      return tipo === '0' && asText(values.contrato) === '1'
  }
}

export const fieldApplies = (spec: FieldSpec, values: FormValues<string>, mode: FormMode): boolean =>
  conditionHolds(spec.appliesWhen ?? 'always', values, mode)

export const fieldRequired = (spec: FieldSpec, values: FormValues<string>, mode: FormMode): boolean =>
  fieldApplies(spec, values, mode) && conditionHolds(spec.required, values, mode)

function kindRule(spec: FieldSpec, value: FieldValue, values: FormValues<string>, ctx: ValidationContext): RuleResult {
  const kind = spec.kind
  switch (kind.type) {
    case 'text':
      return kind.printable ? printableText(value) : wellFormedText(value)
    case 'email':
      return firstError(email(value), kind.internal && ctx.internalDomains ? internalMail(value, ctx.internalDomains) : null)
    case 'phone':
      return phone(value)
    case 'number':
      return numericRange(value, kind.range, { integer: kind.integer })
    case 'select':
      return null
    case 'choice':
      return allowedValues(value, kind.options)
    case 'password':
      return password(value)
    case 'passwordConfirm':
      return passwordMatch(values[kind.of], value)
    case 'date':
      return dateFieldReason(asText(value), kind.notAfterToday ? { max: ctx.today, today: ctx.today } : {})
  }
}

/** The message for one field, or null. */
function validateField(spec: FieldSpec, values: FormValues<string>, ctx: ValidationContext): RuleResult {
  if (!fieldApplies(spec, values, ctx.mode)) return null
  const value = values[spec.name]
  if (fieldRequired(spec, values, ctx.mode)) {
    const missing = spec.kind.type === 'select' ? select(value) : required(value)
    if (missing) return missing
  }
  return kindRule(spec, value, values, ctx)
}

export function validateFields<Name extends string>(
  specs: readonly FieldSpec<Name>[],
  values: FormValues<Name>,
  ctx: ValidationContext,
): FormErrors<Name> {
  const errors: FormErrors<Name> = {}
  for (const spec of specs) {
    const message = validateField(spec, values as FormValues<string>, ctx)
    if (message) errors[spec.name] = message
  }
  return errors
}

/** Labels of the fields with errors, in form order: the list under 'Existen omisiones o errores…'. */
export function invalidFieldLabels<Name extends string>(specs: readonly FieldSpec<Name>[], errors: FormErrors<Name>): string[] {
  return specs.filter((s) => errors[s.name]).map((s) => s.label)
}

/** The disabled-save tooltip text, or null when the form has no errors. */
export function formErrorsTooltip<Name extends string>(specs: readonly FieldSpec<Name>[], errors: FormErrors<Name>): string | null {
  const labels = invalidFieldLabels(specs, errors)
  return labels.length ? `${MESSAGES.formHasErrors} ${labels.join(', ')}` : null
}

/** The first error as one reason for an API answer: 'Etiqueta: mensaje'. */
export function firstErrorReason<Name extends string>(specs: readonly FieldSpec<Name>[], errors: FormErrors<Name>): string | null {
  const spec = specs.find((s) => errors[s.name])
  return spec ? `${spec.label}: ${errors[spec.name]}` : null
}
