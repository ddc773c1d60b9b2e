/**
 * The domain's date arithmetic replaced date-fns in the machines; date-fns stays the oracle here: on generated
 * dates, `isCalendarDate` and `ageOn` answer what `isValid(parseISO())` and `differenceInYears` answered before.
 */
import { differenceInYears, isValid, parseISO } from 'date-fns'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ageOn, isCalendarDate } from '../../domain/calendarDates'

const pad = (value: number, width: number) => String(value).padStart(width, '0')
/** YYYY-MM-DD strings, invalid months and days included (00, 13, 30 February…). */
const isoLike = fc
  .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)
const calendarDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))

describe('calendar dates', () => {
  it('knows which YYYY-MM-DD strings are dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true)
    expect(isCalendarDate('2025-02-29')).toBe(false)
    expect(isCalendarDate('1900-02-29')).toBe(false)
    expect(isCalendarDate('2000-02-29')).toBe(true)
    expect(isCalendarDate('2025-04-31')).toBe(false)
    expect(isCalendarDate('2025-13-01')).toBe(false)
    expect(isCalendarDate('2025-1-01')).toBe(false)
    expect(isCalendarDate('2025-01-01T00:00')).toBe(false)
    fc.assert(fc.property(isoLike, (value) => isCalendarDate(value) === isValid(parseISO(value))), { numRuns: 2000 })
  })

  it('counts full years, the day before a birthday included', () => {
    expect(ageOn('1990-11-22', '2025-11-21')).toBe(34)
    expect(ageOn('1990-11-21', '2025-11-21')).toBe(35)
    expect(ageOn('2025-11-21', '2025-11-21')).toBe(0)
    // Born on 29 February: a year older on 1 March of a common year, on 29 February of a leap year.
    expect(ageOn('2000-02-29', '2001-02-28')).toBe(0)
    expect(ageOn('2000-02-29', '2001-03-01')).toBe(1)
    expect(ageOn('2000-02-29', '2004-02-29')).toBe(4)
    expect(ageOn('2026-01-01', '2025-06-01')).toBe(0)
    expect(ageOn('no', '2025-06-01')).toBeNaN()
  })

  it('agrees with date-fns differenceInYears on any two dates', () => {
    fc.assert(
      fc.property(calendarDate, calendarDate, (birth, today) => {
        expect(ageOn(birth, today)).toBe(differenceInYears(parseISO(today), parseISO(birth)))
      }),
      { numRuns: 2000 },
    )
  })
})
