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

function restDaySet(year: number): Set<string> {
  let days = restDayCache.get(year)
  if (!days) {
    days = new Set(restDaysOf(year).map((day) => day.date))
    restDayCache.set(year, days)
  }
  return days
}

const isRestDay = (date: string): boolean => restDaySet(Number(date.slice(0, 4))).has(date)

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

/** The Mexico City calendar day of `instant`, YYYY-MM-DD. */
export function mexicoCityDate(instant: Date): string {
  return dateOfDayNumber(Math.floor(mexicoCityWallClock(instant) / DAY_MS))
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

/**
 * Business time between two instants, in business days (fractions included): the part of each Mexico City business
 * day that lies between them. 0 when `to` is not after `from`.
 */
/**
 * Business days among the whole dates `first` to `last` (both included), counted without walking them: five a week,
 * then the days of the last partial week, less the rest days on a weekday.
 */
function businessDaysAmong(first: string, last: string): number {
  const [a, b] = [dayNumber(first), dayNumber(last)]
  if (b < a) return 0
  const weeks = Math.floor((b - a + 1) / 7)
  let count = weeks * 5
  for (let day = a + weeks * 7; day <= b; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay()
    if (weekday !== 0 && weekday !== 6) count += 1
  }
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const rest of restDaySet(year)) if (rest >= first && rest <= last && ![0, 6].includes(weekdayOf(rest))) count -= 1
  }
  return count
}

export function businessDaysElapsed(from: Date, to: Date): number {
  if (to.getTime() <= from.getTime()) return 0
  let elapsed = 0
  let day = mexicoCityDate(from)
  let cursor = from.getTime()
  const lastDay = mexicoCityDate(to)
  while (cursor < to.getTime()) {
    // The whole days before the last one count 1 each if business days: added at once, so a claim waiting for
    // months costs what one waiting for a day does (a queue page computes this for each row).
    if (day < lastDay && cursor === mexicoCityStartOf(day).getTime()) {
      elapsed += businessDaysAmong(day, addCalendarDays(lastDay, -1))
      day = lastDay
      cursor = mexicoCityStartOf(lastDay).getTime()
      continue
    }
    const next = addCalendarDays(day, 1)
    const dayStart = mexicoCityStartOf(day).getTime()
    const dayEnd = mexicoCityStartOf(next).getTime()
    if (isBusinessDay(day)) elapsed += (Math.min(dayEnd, to.getTime()) - cursor) / (dayEnd - dayStart)
    cursor = dayEnd
    day = next
  }
  return elapsed
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
