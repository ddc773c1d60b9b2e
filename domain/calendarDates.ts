/**
 * Calendar dates written YYYY-MM-DD, as the date picker and the API carry them: no time, no zone. Plain arithmetic
 * on the three numbers, so the machines need no date library and the answer never depends on the clock's zone.
 * Proleptic Gregorian calendar, like JavaScript's Date.
 */

interface CalendarDate {
  year: number
  month: number
  day: number
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

function parseCalendarDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

/** The calendar day of `date` where the code runs (the user's zone in the browser), as YYYY-MM-DD. */
export function localIsoDate(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** `2024-02-29` is a date, `2025-02-29` and `2025-13-01` are not. */
export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== null
}

/**
 * Full years from `birthDate` to `today`: the age on that day. Someone born on 29 February turns a year older on
 * 1 March in common years. Negative when `birthDate` is later; NaN when either is not a calendar date.
 */
export function ageOn(birthDate: string, today: string): number {
  const birth = parseCalendarDate(birthDate)
  const now = parseCalendarDate(today)
  if (!birth || !now) return Number.NaN
  // YYYY-MM-DD strings sort as the dates do.
  if (birthDate > today) {
    const years = ageOn(today, birthDate)
    return years === 0 ? 0 : -years
  }
  const beforeBirthday = now.month < birth.month || (now.month === birth.month && now.day < birth.day)
  return now.year - birth.year - (beforeBirthday ? 1 : 0)
}

/**
 * What a person may type in a date field (issue 15): the YYYY-MM-DD the field shows, or the es-MX DD/MM/YYYY.
 * Day and month may have one digit ('2026-3-5', '5/3/2026'); spaces around are ignored. Anything else, or a day that
 * does not exist ('31/02/2026'), is refused with `DATE_ENTRY_MESSAGES.unreadable` and never replaced by another date.
 */
const DATE_ENTRY_MESSAGES = {
  unreadable: 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA',
  future: 'La fecha no puede ser posterior a hoy',
  afterMax: (max: string) => `La fecha no puede ser posterior al ${max}`,
  beforeMin: (min: string) => `La fecha no puede ser anterior al ${min}`,
} as const

export type DateEntry = { ok: true; value: string } | { ok: false; reason: string }

const TYPED_ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/
const TYPED_DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/

const pad2 = (text: string) => text.padStart(2, '0')

/** Reads a typed date: `{ ok, value: 'YYYY-MM-DD' }`, `{ ok, value: '' }` for a blank entry, or the reason. */
export function readDateEntry(text: string): DateEntry {
  const typed = text.trim()
  if (typed === '') return { ok: true, value: '' }
  const iso = TYPED_ISO.exec(typed)
  const dmy = iso ? null : TYPED_DMY.exec(typed)
  const value = iso ? `${iso[1]}-${pad2(iso[2]!)}-${pad2(iso[3]!)}` : dmy ? `${dmy[3]}-${pad2(dmy[2]!)}-${pad2(dmy[1]!)}` : ''
  return isCalendarDate(value) ? { ok: true, value } : { ok: false, reason: DATE_ENTRY_MESSAGES.unreadable }
}

export interface DateBounds {
  /** Earliest allowed date, YYYY-MM-DD. */
  min?: string | undefined
  /** Latest allowed date, YYYY-MM-DD. */
  max?: string | undefined
  /** Today, YYYY-MM-DD: a `max` equal to it is worded 'posterior a hoy'. */
  today?: string | undefined
}

/**
 * Why a date field's value is refused, or null. A form holds what its date picker gave: YYYY-MM-DD, '' or, for an
 * entry `readDateEntry` could not read, the text as typed. Blank passes (requiredness is the form's rule), anything
 * but a YYYY-MM-DD calendar date gets the format reason, a date outside the bounds says which bound.
 */
export function dateFieldReason(value: string, bounds: DateBounds = {}): string | null {
  if (value.trim() === '') return null
  if (!isCalendarDate(value)) return DATE_ENTRY_MESSAGES.unreadable
  // YYYY-MM-DD strings sort as the dates do.
  if (bounds.max && value > bounds.max)
    return bounds.max === bounds.today ? DATE_ENTRY_MESSAGES.future : DATE_ENTRY_MESSAGES.afterMax(bounds.max)
  if (bounds.min && value < bounds.min) return DATE_ENTRY_MESSAGES.beforeMin(bounds.min)
  return null
}
