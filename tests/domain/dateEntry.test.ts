/**
 * What a person may type in a date field (issue 15): YYYY-MM-DD as the field shows it, or DD/MM/YYYY; anything else
 * is refused with the Spanish reason instead of being replaced by another date.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateFieldReason, readDateEntry } from '../../domain/calendarDates'

const UNREADABLE = 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA'

describe('readDateEntry', () => {
  it('reads YYYY-MM-DD and DD/MM/YYYY as the same date', () => {
    expect(readDateEntry('2026-03-15')).toEqual({ ok: true, value: '2026-03-15' })
    expect(readDateEntry('15/03/2026')).toEqual({ ok: true, value: '2026-03-15' })
    expect(readDateEntry(' 5/3/2026 ')).toEqual({ ok: true, value: '2026-03-05' })
    expect(readDateEntry('2026-3-5')).toEqual({ ok: true, value: '2026-03-05' })
    expect(readDateEntry('29/02/2024')).toEqual({ ok: true, value: '2024-02-29' })
  })

  it('gives a blank entry as no date', () => {
    expect(readDateEntry('   ')).toEqual({ ok: true, value: '' })
  })

  it('refuses what it cannot read, and days that do not exist, with the Spanish reason', () => {
    for (const text of ['abc', '20260315', '2026/03/15', '15-03-2026', '03/15/2026', '31/02/2026', '2025-02-29', '2026-13-01', '15/03/26'])
      expect(readDateEntry(text), text).toEqual({ ok: false, reason: UNREADABLE })
  })

  it('never answers a date other than the one typed (generated dates)', () => {
    const date = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
    fc.assert(
      fc.property(date, (iso) => {
        const [y, m, d] = iso.split('-')
        const fromIso = readDateEntry(iso)
        const fromDmy = readDateEntry(`${d}/${m}/${y}`)
        return fromIso.ok && fromIso.value === iso && fromDmy.ok && fromDmy.value === iso
      }),
      { numRuns: 500 },
    )
  })
})

describe('dateFieldReason', () => {
  it('passes blank and in-range dates', () => {
    expect(dateFieldReason('')).toBeNull()
    expect(dateFieldReason('2026-03-15', { max: '2026-11-23', today: '2026-11-23' })).toBeNull()
    expect(dateFieldReason('2026-11-23', { min: '2026-11-23', max: '2026-11-23' })).toBeNull()
  })

  it('refuses text that is not a YYYY-MM-DD date', () => {
    expect(dateFieldReason('abc')).toBe(UNREADABLE)
    expect(dateFieldReason('15/03/2026')).toBe(UNREADABLE)
  })

  it('names the bound a date breaks', () => {
    expect(dateFieldReason('2026-11-24', { max: '2026-11-23', today: '2026-11-23' })).toBe('La fecha no puede ser posterior a hoy')
    expect(dateFieldReason('2026-06-01', { max: '2026-05-31', today: '2026-11-23' })).toBe('La fecha no puede ser posterior al 2026-05-31')
    expect(dateFieldReason('2026-04-30', { min: '2026-05-01' })).toBe('La fecha no puede ser anterior al 2026-05-01')
  })
})
