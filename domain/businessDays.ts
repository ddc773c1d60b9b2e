/**
 * Mexican business days (issue 23): Monday to Friday, less the statutory rest days of the Ley Federal del Trabajo,
 * art. 74, counted on the calendar of Mexico City (`America/Mexico_City`), whatever zone the code runs in.
 *
 * Dates are YYYY-MM-DD strings (like domain/calendarDates.ts); instants are `Date`s. The arithmetic on dates uses
 * UTC midnights only as day counters, so no local zone leaks in; the one place a zone matters (which Mexico City
 * day an instant falls on, and when that day starts) asks `Intl`, which every browser and Node ship.
 */

const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const MEXICO_CITY_ZONE = 'America/Mexico_City'

/** A rest day of art. 74 and the fraction of the article that makes it one. */
export interface RestDay {
  date: string
  name: string
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

function dayNumber(date: string): number {
  const match = ISO_DATE.exec(date)
  if (!match) throw new RangeError(`No es una fecha AAAA-MM-DD: ${date}`)
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS
}

function dateOfDayNumber(day: number): string {
  const at = new Date(day * DAY_MS)
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`
}

/** The date `days` calendar days after `date` (before it when negative). */
const addCalendarDays = (date: string, days: number): string => dateOfDayNumber(dayNumber(date) + days)

/** 0 = Sunday … 6 = Saturday, as `Date.getDay`. */
const weekdayOf = (date: string): number => new Date(dayNumber(date) * DAY_MS).getUTCDay()

/** The `nth` Monday (1-based) of `month` (1–12) in `year`. */
function nthMonday(year: number, month: number, nth: number): string {
  const first = `${pad(year, 4)}-${pad(month)}-01`
  const toMonday = (8 - weekdayOf(first)) % 7
  return addCalendarDays(first, toMonday + 7 * (nth - 1))
}

/**
 * The rest days of art. 74 in `year`. Since the reform of 17 January 2006, three of them are Mondays (fractions II,
 * III and VI); before it they were fixed dates. The change of federal executive (fraction VII) is 1 December every
 * six years up to 2018 and 1 October from 2024 on, when the term starts on that day. Fraction IX (ordinary election
 * days) needs no rule here: federal and local elections are held on a Sunday, which is never a business day.
 */
export function restDaysOf(year: number): RestDay[] {
  const on = (month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`
  const movedToMonday = year >= 2006
  const days: RestDay[] = [
    { date: on(1, 1), name: 'Año Nuevo' },
    { date: movedToMonday ? nthMonday(year, 2, 1) : on(2, 5), name: 'Día de la Constitución' },
    { date: movedToMonday ? nthMonday(year, 3, 3) : on(3, 21), name: 'Natalicio de Benito Juárez' },
    { date: on(5, 1), name: 'Día del Trabajo' },
    { date: on(9, 16), name: 'Día de la Independencia' },
    { date: movedToMonday ? nthMonday(year, 11, 3) : on(11, 20), name: 'Día de la Revolución' },
    { date: on(12, 25), name: 'Navidad' },
  ]
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push({ date: on(10, 1), name: 'Transmisión del Poder Ejecutivo Federal' })
  if (year < 2024 && year >= 1934 && (year - 1934) % 6 === 0) days.push({ date: on(12, 1), name: 'Transmisión del Poder Ejecutivo Federal' })
  return days.sort((a, b) => (a.date < b.date ? -1 : 1))
}

const restDayCache = new Map<number, Set<string>>()

function isRestDay(date: string): boolean {
  const year = Number(date.slice(0, 4))
  let days = restDayCache.get(year)
  if (!days) {
    days = new Set(restDaysOf(year).map((day) => day.date))
    restDayCache.set(year, days)
  }
  return days.has(date)
}

/** Monday to Friday and not a rest day of art. 74. */
export function isBusinessDay(date: string): boolean {
  const weekday = weekdayOf(date)
  return weekday !== 0 && weekday !== 6 && !isRestDay(date)
}

/**
 * The date `count` business days after `date` (count ≥ 0): each step goes to the next business day, so Friday + 1
 * and Saturday + 1 are both Monday. With 0, `date` itself when it is a business day, else the next one.
 */
export function addBusinessDays(date: string, count: number): string {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count debe ser un entero mayor o igual a 0')
  let day = date
  for (let left = count; left > 0; ) {
    day = addCalendarDays(day, 1)
    if (isBusinessDay(day)) left -= 1
  }
  while (!isBusinessDay(day)) day = addCalendarDays(day, 1)
  return day
}

const mexicoCityDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: MEXICO_CITY_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** The wall-clock reading in Mexico City of `instant`, as milliseconds of a UTC clock showing the same figures. */
function mexicoCityWallClock(instant: Date): number {
  const parts: Record<string, number> = {}
  for (const part of mexicoCityDay.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
}

const HOUR_MS = 3_600_000
/** Days already asked for, by UTC hour: Intl is the slow part, and a report asks for the same hours again and again. */
const datesByHour = new Map<number, string>()
const DATES_KEPT = 100_000

/**
 * The Mexico City calendar day of `instant`, YYYY-MM-DD. The zone's offsets since 1922 are whole hours, so all the
 * instants of one UTC hour fall on the same Mexico City day: the answer is kept per hour.
 */
export function mexicoCityDate(instant: Date): string {
  const hour = Math.floor(instant.getTime() / HOUR_MS)
  let date = datesByHour.get(hour)
  if (date === undefined) {
    if (datesByHour.size >= DATES_KEPT) datesByHour.clear()
    date = dateOfDayNumber(Math.floor(mexicoCityWallClock(instant) / DAY_MS))
    datesByHour.set(hour, date)
  }
  return date
}

/** Day starts already asked for: a clock walks the same few weeks again and again, and Intl is the slow part. */
const dayStarts = new Map<string, number>()
const DAY_STARTS_KEPT = 20_000

/** The instant Mexico City's `date` begins (its local midnight; the zone's offset of that day applied). */
export function mexicoCityStartOf(date: string): Date {
  let start = dayStarts.get(date)
  if (start === undefined) {
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear()
    start = computeStartOf(date)
    dayStarts.set(date, start)
  }
  return new Date(start)
}

function computeStartOf(date: string): number {
  const wall = dayNumber(date) * DAY_MS
  // First guess with the offset at the UTC midnight, then correct once with the offset found there (the zone never
  // changed its offset at midnight, so one correction lands on the day's start).
  let instant = wall - (mexicoCityWallClock(new Date(wall)) - wall)
  instant -= mexicoCityWallClock(new Date(instant)) - wall
  return instant
}

/** Monday to Friday days among the `m` days that start on a Monday (any Monday; negative m counts backwards). */
function weekdaysIn(m: number): number {
  const weeks = Math.floor(m / 7)
  return weeks * 5 + Math.min(m - weeks * 7, 5)
}

/** Day number 4 (1970-01-05) is a Monday. */
const A_MONDAY = 4
const YEAR_ZERO = 1970

/** Rest days on a weekday, per year, and the running total from YEAR_ZERO to the start of a year. */
const weekdayRestDays = new Map<number, number[]>()
const restDaysBeforeYear = new Map<number, number>([[YEAR_ZERO, 0]])

function weekdayRestDaysOf(year: number): number[] {
  let days = weekdayRestDays.get(year)
  if (!days) {
    days = [...new Set(restDaysOf(year).map((day) => day.date))].map(dayNumber).filter((n) => {
      const weekday = (n + 4) % 7 // day 0 was a Thursday
      return weekday !== 0 && weekday !== 6
    })
    weekdayRestDays.set(year, days)
  }
  return days
}

function weekdayRestDaysBefore(year: number): number {
  let total = restDaysBeforeYear.get(year)
  if (total === undefined) {
    total = year > YEAR_ZERO ? weekdayRestDaysBefore(year - 1) + weekdayRestDaysOf(year - 1).length : weekdayRestDaysBefore(year + 1) - weekdayRestDaysOf(year).length
    restDaysBeforeYear.set(year, total)
  }
  return total
}

/** Business days before the day numbered `n`, counted from a fixed origin (only differences mean anything). */
function businessDaysBefore(n: number, date: string): number {
  const year = Number(date.slice(0, 4))
  return weekdaysIn(n - A_MONDAY) - weekdayRestDaysBefore(year) - weekdayRestDaysOf(year).filter((rest) => rest < n).length
}

/** What the business clock reads at an instant: its day's start, length and business days before it. */
interface ClockDay {
  start: number
  length: number
  before: number
  business: boolean
}
const clockDaysByHour = new Map<number, ClockDay>()

/**
 * The business clock at `instant`: business days from a fixed origin (only differences mean anything), each Mexico
 * City business day counting 1 in proportion to the part of it that has passed. Kept per UTC hour, like the dates.
 */
function businessClock(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS)
  let day = clockDaysByHour.get(hour)
  if (!day) {
    if (clockDaysByHour.size >= DATES_KEPT) clockDaysByHour.clear()
    const date = mexicoCityDate(instant)
    const start = mexicoCityStartOf(date).getTime()
    day = {
      start,
      length: mexicoCityStartOf(addCalendarDays(date, 1)).getTime() - start,
      before: businessDaysBefore(dayNumber(date), date),
      business: isBusinessDay(date),
    }
    clockDaysByHour.set(hour, day)
  }
  return day.before + (day.business ? (instant.getTime() - day.start) / day.length : 0)
}

/**
 * Business time between two instants, in business days (fractions included): the part of each Mexico City business
 * day that lies between them. 0 when `to` is not after `from`. The difference of two readings of the business clock,
 * so a long stay costs no more than a short one (Reportes counts a period's stays one by one).
 */
export function businessDaysElapsed(from: Date, to: Date): number {
  if (to.getTime() <= from.getTime()) return 0
  return businessClock(to) - businessClock(from)
}

/**
 * The instant at which `businessDays` of business time (fractions allowed) have passed since `from`: a clock that runs
 * only on Mexico City business days. From Thursday 2026-12-24 10:00, one business day ends on Monday 2026-12-28 at
 * 10:00 (25 December is a rest day, then the weekend).
 */
export function businessInstantAfter(from: Date, businessDays: number): Date {
  if (!(businessDays >= 0)) throw new RangeError('businessDays debe ser mayor o igual a 0')
  let left = businessDays
  let day = mexicoCityDate(from)
  let cursor = from.getTime()
  for (;;) {
    const next = addCalendarDays(day, 1)
    const dayStart = mexicoCityStartOf(day).getTime()
    const dayEnd = mexicoCityStartOf(next).getTime()
    if (isBusinessDay(day)) {
      const available = (dayEnd - cursor) / (dayEnd - dayStart)
      if (left <= available) return new Date(cursor + left * (dayEnd - dayStart))
      left -= available
    }
    cursor = dayEnd
    day = next
  }
}
