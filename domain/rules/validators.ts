/**
 * The field rules of spec section 5 as pure functions: each takes the raw field value (inputs give strings, API
 * bodies numbers) and returns null when it passes or the spec's Spanish message. Except `required` and `select`,
 * every rule lets a blank value pass, so a rule says one thing and forms combine them.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN, type NumericRange } from './constants'
import { MESSAGES, PASSWORD_ITEMS, type PasswordItem } from './messages'

export type FieldValue = string | number | boolean | null | undefined
export type RuleResult = string | null

const EMAIL_REGEX = new RegExp(EMAIL_PATTERN, 'u')
const PHONE_REGEX = new RegExp(PHONE_PATTERN, 'u')
const DECIMAL_REGEX = /^-?\d+(\.\d+)?$/
const INTEGER_REGEX = /^-?\d+$/

export const asText = (value: FieldValue): string => (value === null || value === undefined ? '' : String(value))
export const isBlank = (value: FieldValue): boolean => asText(value).trim() === ''

export function required(value: FieldValue): RuleResult {
  return isBlank(value) ? MESSAGES.required : null
}

export function email(value: FieldValue): RuleResult {
  if (isBlank(value)) return null
  const text = asText(value).trim()
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(text) ? null : MESSAGES.email
}

/** The message that lists the allowed company domains, e.g. '… dominios coppel.com, bancoppel.com, afore-coppel.com'. */
const internalMailMessage = (domains: readonly string[]): string =>
  `${MESSAGES.internalMailPrefix} ${domains.join(', ')}`

/** The address must end in one of the company domains (compared without case); the domains are configuration. */
export function internalMail(value: FieldValue, domains: readonly string[]): RuleResult {
  if (isBlank(value)) return null
  const text = asText(value).trim().toLowerCase()
  const at = text.lastIndexOf('@')
  const domain = at >= 0 ? text.slice(at + 1) : ''
  return domains.some((d) => d.trim().toLowerCase() === domain) ? null : internalMailMessage(domains)
}

export interface NumberOptions {
  /** Refuse decimals (postal code, exterior number, year). */
  integer?: boolean
}

/** Parses a decimal number written the plain way ('12', '-3', '4.50'); anything else (hex, exponents, '') is NaN. */
function parseNumber(value: FieldValue, opts: NumberOptions = {}): number {
  if (typeof value === 'number') return Number.isFinite(value) && (!opts.integer || Number.isInteger(value)) ? value : NaN
  const text = asText(value).trim()
  return (opts.integer ? INTEGER_REGEX : DECIMAL_REGEX).test(text) ? Number(text) : NaN
}

export function numericRange(value: FieldValue, range: NumericRange, opts: NumberOptions = {}): RuleResult {
  if (isBlank(value)) return null
  const n = parseNumber(value, opts)
  if (Number.isNaN(n)) return MESSAGES.notANumber
  if (n < range.min) return MESSAGES.belowMinimum
  if (n > range.max) return MESSAGES.aboveMaximum
  return null
}

export function forbiddenValues(value: FieldValue, forbidden: readonly string[]): RuleResult {
  if (isBlank(value)) return null
  return forbidden.includes(asText(value).trim()) ? MESSAGES.forbiddenValue : null
}

/** The value must be one of the options (a select or an enum sent by a client). */
export function allowedValues(value: FieldValue, allowed: readonly string[]): RuleResult {
  if (isBlank(value)) return null
  return allowed.includes(asText(value)) ? null : MESSAGES.forbiddenValue
}

export function phone(value: FieldValue): RuleResult {
  // Only truly empty passes: spaces are not digits.
  if (asText(value) === '') return null
  return PHONE_REGEX.test(asText(value)) ? null : MESSAGES.phone
}

/** "An invalid entry is not accepted": the input keeps its previous value when the new one breaks the phone rule. */
export function acceptPhoneInput(prev: string, next: string): string {
  return next === '' || phone(next) === null ? next : prev
}

export interface PasswordStrength {
  message: RuleResult
  missing: PasswordItem[]
}

/** Which items of spec section 5 the password lacks, in the spec's order. */
export function missingPasswordItems(value: FieldValue): PasswordItem[] {
  const text = asText(value)
  const missing: PasswordItem[] = []
  if (!/\p{Lu}/u.test(text)) missing.push(PASSWORD_ITEMS.uppercase)
  if (!/\p{Ll}/u.test(text)) missing.push(PASSWORD_ITEMS.lowercase)
  if (!/\p{Nd}/u.test(text)) missing.push(PASSWORD_ITEMS.digit)
  if (!/[^\p{L}\p{N}\s]/u.test(text)) missing.push(PASSWORD_ITEMS.symbol)
  if ([...text].length < PASSWORD_MIN_LENGTH) missing.push(PASSWORD_ITEMS.length)
  return missing
}

export function passwordStrength(value: FieldValue): PasswordStrength {
  if (isBlank(value)) return { message: null, missing: [] }
  const missing = missingPasswordItems(value)
  return { message: missing.length ? `${MESSAGES.passwordPrefix} ${missing.join(', ')}` : null, missing }
}

export function password(value: FieldValue): RuleResult {
  return passwordStrength(value).message
}

export function passwordMatch(passwordValue: FieldValue, confirmation: FieldValue): RuleResult {
  return asText(passwordValue) === asText(confirmation) ? null : MESSAGES.passwordMismatch
}

/** Selects use '0' for their placeholder, so '0' (or nothing) means nothing was chosen. */
export function select(value: FieldValue): RuleResult {
  return isBlank(value) || asText(value).trim() === '0' ? MESSAGES.required : null
}

/** Half of a UTF-16 surrogate pair with no other half: not a character, so no text field stores it. */
const LONE_SURROGATE = /\p{Cs}/u
/** Pictures drawn as emoji by default and private-use characters: no font of the letter has them. */
const NOT_PRINTABLE = /[\p{Emoji_Presentation}\p{Co}]/u

export function wellFormedText(value: FieldValue): RuleResult {
  return typeof value === 'string' && LONE_SURROGATE.test(value) ? MESSAGES.malformedText : null
}

/**
 * What certainly cannot print on the letter (emoji, private-use characters). The server then checks each character
 * against the letter's fonts (server/pdf/textRuns.ts `unprintableCharacters`), which no browser bundle carries.
 */
export function printableText(value: FieldValue): RuleResult {
  return firstError(wellFormedText(value), typeof value === 'string' && NOT_PRINTABLE.test(value) ? MESSAGES.unprintable : null)
}

/** The first message of several rules, in order. */
export function firstError(...results: RuleResult[]): RuleResult {
  return results.find((r) => r !== null) ?? null
}
