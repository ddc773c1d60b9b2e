/**
 * es-MX display formats shared by every screen (spec section 9). Written out by hand, not with date-fns: these four
 * formats are all the screens need, and date-fns with its Spanish locale was 7.7 KiB gzip on every first screen
 * (issue 24). The output is date-fns' own for the same patterns (tests/src/lib/format.test.ts).
 */

// The pure string rules live in the domain, where machines can use them too; screens keep importing them from here.
export { claimCode, fullName, shortFileName } from '../../domain/labels'

const mxn = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** 1234.5 → "$1,234.50". Non-numbers (null, '', 'abc') show as $0.00 so a missing amount never prints NaN. */
export function formatMoney(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0)
  return mxn.format(Number.isFinite(value) ? value : 0)
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic']

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** ISO 8601 as the API sends it: a date, or a date and time (T or space), seconds, fraction and offset optional. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

/**
 * A date read as date-fns' parseISO read it: a bare date or a time without offset is local time (a due date
 * '2025-11-21' is the 21st wherever the browser is), a time with an offset is that instant. A day or time that does
 * not exist (2025-02-30, 25:00) is no date, not the next month's.
 */
function parseIso(text: string): Date | null {
  const parts = ISO.exec(text.trim())
  if (!parts) return null
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = parts.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)))
  const ms = parts[7] ? Number(parts[7].slice(0, 3).padEnd(3, '0')) : 0
  const fields = [year!, month! - 1, day!, hours!, minutes!, seconds!, ms] as const
  const check = new Date(Date.UTC(...fields))
  check.setUTCFullYear(year!)
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || check.getUTCHours() !== hours || check.getUTCMinutes() !== minutes) return null
  const offset = parts[8]
  if (offset === undefined) {
    const local = new Date(...fields)
    local.setFullYear(year!, month! - 1, day!)
    return local
  }
  if (offset.toUpperCase() === 'Z') return check
  const [, sign, offsetHours, offsetMinutes = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)!
  const minutesEast = (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '-' ? -1 : 1)
  return new Date(check.getTime() - minutesEast * 60_000)
}

function toDate(value: Date | string): Date | null {
  const date = typeof value === 'string' ? parseIso(value) : value
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** Long Spanish date, e.g. "21 de noviembre de 2025". Empty for missing or invalid input. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? `${date.getDate()} de ${MONTHS[date.getMonth()]} de ${pad(date.getFullYear(), 4)}` : ''
}

/** Short Spanish date for tables, e.g. "21 nov 2025" (no abbreviation point). Empty for missing or invalid input. */
export function formatShortDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${pad(date.getFullYear(), 4)}` : ''
}

/** Date and time, e.g. "21/11/2025 14:05". */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : ''
}

/** The date-picker and API format YYYY-MM-DD (spec 2.11: reports and the date-picker modal). */
export function formatIsoDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : ''
}
