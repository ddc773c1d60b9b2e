import { describe, expect, it } from 'vitest'
import { formatDate, formatIsoDate, formatMoney, formatShortDate } from '../../../src/lib/format'

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
