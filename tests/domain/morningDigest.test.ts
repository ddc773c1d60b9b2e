/**
 * Which day's morning digest is due, written from a calendar: 08:00 in Mexico City (UTC−6) on business days only;
 * Saturdays, Sundays and the rest days of art. 74 send nothing.
 */
import { describe, expect, it } from 'vitest'
import { morningDigestDay } from '../../domain/morningDigest'

describe('morning digest day', () => {
  it.each([
    ['Friday 2026-11-27 07:59:59', '2026-11-27T13:59:59Z', null],
    ['Friday 2026-11-27 08:00', '2026-11-27T14:00:00Z', '2026-11-27'],
    ['Friday 2026-11-27 23:59 (still that day in Mexico City)', '2026-11-28T05:59:00Z', '2026-11-27'],
    ['Saturday 2026-11-28 09:00', '2026-11-28T15:00:00Z', null],
    ['Sunday 2026-11-29 09:00', '2026-11-29T15:00:00Z', null],
    ['Monday 2026-11-30 08:00', '2026-11-30T14:00:00Z', '2026-11-30'],
    ['Monday 2026-11-16 09:00 (Día de la Revolución)', '2026-11-16T15:00:00Z', null],
    ['Thursday 2026-12-24 08:30', '2026-12-24T14:30:00Z', '2026-12-24'],
    ['Friday 2026-12-25 09:00 (Navidad)', '2026-12-25T15:00:00Z', null],
    ['Monday 2026-12-28 08:00', '2026-12-28T14:00:00Z', '2026-12-28'],
    ['Friday 2027-01-01 10:00 (Año Nuevo)', '2027-01-01T16:00:00Z', null],
  ])('%s', (_name, instant, expected) => {
    expect(morningDigestDay(new Date(instant))).toBe(expected)
  })
})
