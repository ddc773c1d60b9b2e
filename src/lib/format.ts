/** es-MX display formats shared by every screen (spec section 9). */
import { format, isValid, parseISO } from 'date-fns'
import { es } from 'date-fns/locale'

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

/** Claim code: C plus the event id (spec sections 1 and 9). */
export function claimCode(idEvento: number | string): string {
  return `C${idEvento}`
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

/** Shown file names are cut to 10 characters plus .pdf (spec section 9). */
export function shortFileName(name: string): string {
  const base = name.replace(/\.pdf$/i, '')
  return `${base.slice(0, 10)}.pdf`
}

/** Full name from the split name fields the API uses (nombre, nombre2, apePat, apeMAt/apeMat). */
export function fullName(parts: {
  nombre?: string | null
  nombre2?: string | null
  apePat?: string | null
  apeMAt?: string | null
  apeMat?: string | null
}): string {
  return [parts.nombre, parts.nombre2, parts.apePat, parts.apeMAt ?? parts.apeMat]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')
}
