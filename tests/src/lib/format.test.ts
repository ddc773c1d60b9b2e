import { format, isValid, parseISO } from 'date-fns'
import { es } from 'date-fns/locale'
import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatIsoDate, formatMoney, formatShortDate } from '../../../src/lib/format'

describe('es-MX formats', () => {
  it('formats MXN with two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
    expect(formatMoney('150000')).toBe('$150,000.00')
    expect(formatMoney(0.005)).toBe('$0.01')
    expect(formatMoney(null)).toBe('$0.00')
    expect(formatMoney('abc')).toBe('$0.00')
  })

  it('formats dates in Spanish and as YYYY-MM-DD', () => {
    expect(formatDate('2025-11-21T12:00:00')).toBe('21 de noviembre de 2025')
    // Tables (Pendientes' due dates): the short month, without its abbreviation point.
    expect(formatShortDate('2025-11-21T12:00:00')).toBe('21 nov 2025')
    expect(formatShortDate('2026-09-03T12:00:00')).toBe('3 sep 2026')
    expect(formatIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05')
    expect(formatDate('no es fecha')).toBe('')
    expect(formatIsoDate(null)).toBe('')
  })
})

/**
 * The formats are written by hand (issue 24: date-fns was 7.7 KiB gzip on every first screen); date-fns, still the
 * Reportes screen's, is the reference they must match, in whatever time zone the tests run.
 */
describe('the hand-written date formats match date-fns', () => {
  const reference = (pattern: string) => (value: Date | string) => {
    const date = typeof value === 'string' ? parseISO(value) : value
    return isValid(date) ? format(date, pattern, { locale: es }).replace('.', '') : ''
  }
  const inputs: (Date | string)[] = [
    ...Array.from({ length: 12 }, (_, month) => `2025-${String(month + 1).padStart(2, '0')}-05`),
    ...Array.from({ length: 12 }, (_, month) => new Date(2026, month, 28, 23, 59)),
    '2025-11-21',
    '2025-11-21T00:30:00',
    '2025-11-21 14:05',
    '2025-11-21T14:05:09.123456',
    '2025-11-21T23:30:00Z',
    '2025-11-21T23:30:00.000Z',
    '2025-11-21T01:15:00-06:00',
    '2025-11-21T22:45:00+0530',
    '2025-11-21T22:45:00+02',
    '2024-02-29',
    '2025-02-30',
    '2025-13-01',
    '2025-11-21T25:00:00',
    'no es fecha',
  ]
  const cases = [
    { name: 'formatDate', ours: formatDate, theirs: reference("d 'de' MMMM 'de' yyyy") },
    { name: 'formatShortDate', ours: formatShortDate, theirs: reference('d MMM yyyy') },
    { name: 'formatDateTime', ours: formatDateTime, theirs: reference('dd/MM/yyyy HH:mm') },
    { name: 'formatIsoDate', ours: formatIsoDate, theirs: reference('yyyy-MM-dd') },
  ]
  for (const { name, ours, theirs } of cases) {
    it(name, () => {
      expect(inputs.map((input) => ours(input))).toEqual(inputs.map((input) => theirs(input)))
    })
  }

  it('reads a bare date as that day wherever the browser is, and refuses days a month does not have', () => {
    expect(formatDate('2025-11-21')).toBe('21 de noviembre de 2025')
    expect(formatShortDate('2025-09-05')).toBe('5 sep 2025')
    expect(formatDateTime('2025-11-21T14:05:00')).toBe('21/11/2025 14:05')
    expect(formatDate('2025-02-30')).toBe('')
  })
})
