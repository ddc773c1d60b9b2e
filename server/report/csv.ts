/**
 * CSV cells of the claims report, written the way PostgreSQL's `COPY … (FORMAT csv)` writes them, so both database
 * paths produce the same bytes: NULL is an empty field, an empty string is "", and a field with a comma, a quote, a
 * CR or a LF is quoted with doubled quotes. Formula cells (starting with = + - @, a tab or a CR) arrive already
 * defused: the SELECT prefixes them with ' (claimsReport.ts), because on PostgreSQL COPY writes the rows without
 * passing through this file.
 */

export const BOM = '\uFEFF'

export function csvCell(value: string | null): string {
  if (value === null) return ''
  if (value === '') return '""'
  // COPY also quotes a lone \. (its end-of-data marker).
  return /[",\r\n]/.test(value) || value === '\\.' ? `"${value.replace(/"/g, '""')}"` : value
}

export function csvLine(values: (string | null)[]): string {
  return `${values.map(csvCell).join(',')}\n`
}
