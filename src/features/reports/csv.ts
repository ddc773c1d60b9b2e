/** What Reportes needs to know about the downloaded CSV: how many data rows it has (header excluded). */

/**
 * Data records of a CSV text: a leading byte-order mark is ignored, line breaks inside quoted fields do not start a
 * record, blank lines are not records, and the first record is the header.
 */
export function countCsvRows(text: string): number {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  let records = 0
  let inQuotes = false
  let recordHasContent = false
  for (let i = 0; i < body.length; i++) {
    const char = body[i]
    if (char === '"') {
      inQuotes = !inQuotes
      recordHasContent = true
    } else if ((char === '\n' || char === '\r') && !inQuotes) {
      if (recordHasContent) records++
      recordHasContent = false
    } else if (char !== ' ' && char !== '\t') {
      recordHasContent = true
    }
  }
  if (recordHasContent) records++
  return Math.max(0, records - 1)
}
