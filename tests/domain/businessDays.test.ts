/**
 * Mexican business days, written from a printed calendar: the rest days of LFT art. 74 for several years (Mondays
 * moved since 2006, the change of federal executive), and additions across weekends and rest days. Instants are
 * checked against Mexico City's wall clock (UTC−6 since October 2022, UTC−5 in the summers before it).
 */
import { describe, expect, it } from 'vitest'
import {
  addBusinessDays,
  businessDaysElapsed,
  businessInstantAfter,
  isBusinessDay,
  mexicoCityDate,
  mexicoCityStartOf,
  restDaysOf,
} from '../../domain/businessDays'

const datesOf = (year: number) => restDaysOf(year).map((day) => day.date)

describe('rest days of art. 74', () => {
  it.each([
    [2024, ['2024-01-01', '2024-02-05', '2024-03-18', '2024-05-01', '2024-09-16', '2024-10-01', '2024-11-18', '2024-12-25']],
    [2025, ['2025-01-01', '2025-02-03', '2025-03-17', '2025-05-01', '2025-09-16', '2025-11-17', '2025-12-25']],
    [2026, ['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25']],
    [2027, ['2027-01-01', '2027-02-01', '2027-03-15', '2027-05-01', '2027-09-16', '2027-11-15', '2027-12-25']],
    [2030, ['2030-01-01', '2030-02-04', '2030-03-18', '2030-05-01', '2030-09-16', '2030-10-01', '2030-11-18', '2030-12-25']],
    [2018, ['2018-01-01', '2018-02-05', '2018-03-19', '2018-05-01', '2018-09-16', '2018-11-19', '2018-12-01', '2018-12-25']],
    // Before the 2006 reform the three days were fixed dates.
    [2005, ['2005-01-01', '2005-02-05', '2005-03-21', '2005-05-01', '2005-09-16', '2005-11-20', '2005-12-25']],
  ])('%i', (year, expected) => {
    expect(datesOf(year)).toEqual(expected)
  })

  it('names each day in Spanish', () => {
    expect(restDaysOf(2026).map((day) => day.name)).toEqual([
      'Año Nuevo',
      'Día de la Constitución',
      'Natalicio de Benito Juárez',
      'Día del Trabajo',
      'Día de la Independencia',
      'Día de la Revolución',
      'Navidad',
    ])
  })
})

describe('business days', () => {
  it.each([
    ['2026-11-27', true], // Friday
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-11-16', false], // third Monday of November
    ['2026-11-20', true], // 20 November itself is a working Friday since the day moved to the Monday
    ['2026-12-25', false],
    ['2026-12-24', true],
    ['2024-10-01', false], // a new president took office
    ['2025-10-01', true],
  ])('%s is a business day: %s', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected)
  })

  it.each([
    ['2026-12-24', 1, '2026-12-28'], // Thursday; 25 December is a rest day, then the weekend
    ['2026-03-13', 1, '2026-03-17'], // Friday; Monday 16 March 2026 is the third Monday of March
    ['2026-11-27', 1, '2026-11-30'], // Friday to Monday
    ['2026-11-28', 1, '2026-11-30'], // Saturday + 1 is Monday too
    ['2026-11-28', 0, '2026-11-30'], // 0 from a Saturday: the next business day
    ['2026-11-25', 0, '2026-11-25'],
    ['2026-11-25', 2, '2026-11-27'],
    ['2026-12-30', 2, '2027-01-04'], // 1 January, then the weekend
    ['2026-01-30', 1, '2026-02-03'], // Friday; Monday 2 February
    ['2026-04-30', 1, '2026-05-04'], // Thursday; 1 May is Friday
    ['2026-11-13', 5, '2026-11-23'], // across the Revolution Monday
  ])('%s + %i business days = %s', (date, count, expected) => {
    expect(addBusinessDays(date, count)).toBe(expected)
  })
})

describe('Mexico City days and business time', () => {
  it('reads the Mexico City day of an instant, whatever the zone the code runs in', () => {
    expect(mexicoCityDate(new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31')
    expect(mexicoCityDate(new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01')
    // Summer time, before Mexico dropped it in October 2022: UTC−5.
    expect(mexicoCityDate(new Date('2020-07-01T04:59:59Z'))).toBe('2020-06-30')
    expect(mexicoCityDate(new Date('2020-07-01T05:00:00Z'))).toBe('2020-07-01')
  })

  it('knows when a Mexico City day starts', () => {
    expect(mexicoCityStartOf('2026-03-16').toISOString()).toBe('2026-03-16T06:00:00.000Z')
    expect(mexicoCityStartOf('2020-07-01').toISOString()).toBe('2020-07-01T05:00:00.000Z')
  })

  it('runs the clock on business days only', () => {
    // Thursday 24 December 2026 at 10:00 in Mexico City, plus one business day: Monday 28 at 10:00.
    const christmasEve = new Date('2026-12-24T16:00:00Z')
    expect(businessInstantAfter(christmasEve, 1).toISOString()).toBe('2026-12-28T16:00:00.000Z')
    expect(businessDaysElapsed(christmasEve, new Date('2026-12-28T16:00:00Z'))).toBeCloseTo(1, 10)
    // The whole weekend and the rest day add nothing.
    expect(businessDaysElapsed(new Date('2026-12-25T06:00:00Z'), new Date('2026-12-28T06:00:00Z'))).toBe(0)
    // Monday 23 November 2026 at 09:00: 1.6 business days later is Tuesday at 23:24.
    const monday = new Date('2026-11-23T15:00:00Z')
    expect(businessInstantAfter(monday, 1.6).toISOString()).toBe('2026-11-25T05:24:00.000Z')
    expect(businessInstantAfter(monday, 2).toISOString()).toBe('2026-11-25T15:00:00.000Z')
    expect(businessDaysElapsed(monday, new Date('2026-11-25T15:00:00Z'))).toBeCloseTo(2, 10)
  })

  it('starts counting at the next business day when the stage began on a rest day', () => {
    // Saturday 28 November 2026 at 10:00; one business day is all of Monday 30.
    expect(businessInstantAfter(new Date('2026-11-28T16:00:00Z'), 1).toISOString()).toBe('2026-12-01T06:00:00.000Z')
  })

  it('answers 0 for an end before the start', () => {
    expect(businessDaysElapsed(new Date('2026-11-25T15:00:00Z'), new Date('2026-11-23T15:00:00Z'))).toBe(0)
  })
})

describe('business time as the sum of its days', () => {
  // The definition, day by day: the part of each Mexico City business day between the two instants. The domain reads
  // a business clock twice instead; both must agree anywhere, across the years of summer time (days of 23 and 25 h)
  // and the rest days moved to Mondays.
  function dayByDay(from: Date, to: Date): number {
    let total = 0
    for (let day = mexicoCityDate(from); mexicoCityStartOf(day).getTime() < to.getTime(); ) {
      const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      const [start, end] = [mexicoCityStartOf(day).getTime(), mexicoCityStartOf(next).getTime()]
      if (isBusinessDay(day)) total += (Math.min(end, to.getTime()) - Math.max(start, from.getTime())) / (end - start)
      day = next
    }
    return total
  }

  it('agrees with the day-by-day sum on 2,000 stays from 2004 to 2031', () => {
    let seed = 12345
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const first = Date.parse('2004-01-01T00:00:00Z')
    const span = Date.parse('2031-12-01T00:00:00Z') - first
    for (let i = 0; i < 2000; i++) {
      const from = new Date(first + Math.floor(random() * span))
      const to = new Date(from.getTime() + Math.floor(random() * 40 * 86_400_000))
      expect(businessDaysElapsed(from, to)).toBeCloseTo(dayByDay(from, to), 9)
    }
  })
})

describe('businessDaysElapsed over long waits', () => {
  /** The day-by-day walk the whole days are added at once in place of (a reference, not the code under test). */
  function walked(from: Date, to: Date): number {
    let elapsed = 0
    let cursor = from.getTime()
    let day = mexicoCityDate(from)
    while (cursor < to.getTime()) {
      const start = mexicoCityStartOf(day).getTime()
      // A day lasts 23 to 25 hours: a day and a half after its start is in the next date.
      const next = mexicoCityDate(new Date(start + 36 * 3_600_000))
      const end = mexicoCityStartOf(next).getTime()
      if (isBusinessDay(day)) elapsed += (Math.min(end, to.getTime()) - cursor) / (end - start)
      cursor = end
      day = next
    }
    return elapsed
  }

  it('equals the day-by-day count across weekends, rest days, moved Mondays and years', () => {
    for (let k = 0; k < 300; k++) {
      const from = new Date(Date.UTC(2025, 0, 1) + k * 2_345_678_901 % (730 * 86_400_000))
      const to = new Date(from.getTime() + ((k * 7_919_000_003) % (400 * 86_400_000)))
      expect(businessDaysElapsed(from, to), `${from.toISOString()} → ${to.toISOString()}`).toBeCloseTo(walked(from, to), 9)
    }
    // Thursday 24 December 2026 09:00 to Monday 28 December 09:00: Friday 25 is a rest day, so one business day.
    expect(businessDaysElapsed(new Date('2026-12-24T15:00:00Z'), new Date('2026-12-28T15:00:00Z'))).toBeCloseTo(1, 9)
  })
})
