/** es-MX display formats shared by every screen (spec section 9). */
import { format, isValid, parseISO } from 'date-fns'
import { es } from 'date-fns/locale'

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

function toDate(value: Date | string): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value
  return isValid(date) ? date : null
}

/** Long Spanish date, e.g. "21 de noviembre de 2025". Empty for missing or invalid input. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? format(date, "d 'de' MMMM 'de' yyyy", { locale: es }) : ''
}

/** Short Spanish date for tables, e.g. "21 nov 2025". Empty for missing or invalid input. */
export function formatShortDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? format(date, 'd MMM yyyy', { locale: es }).replace('.', '') : ''
}

/** Date and time, e.g. "21/11/2025 14:05". */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? format(date, 'dd/MM/yyyy HH:mm', { locale: es }) : ''
}

/** The date-picker and API format YYYY-MM-DD (spec 2.11: reports and the date-picker modal). */
export function formatIsoDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = toDate(value)
  return date ? format(date, 'yyyy-MM-dd') : ''
}
