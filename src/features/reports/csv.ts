/**
 * What Reportes needs to know about the CSV while it arrives: how many data rows it has (header excluded), counted
 * chunk by chunk on the bytes, so the text is never held or read a second time (issue 15).
 *
 * Quotes, commas and line breaks are ASCII, which UTF-8 never uses inside a multi-byte character, so the bytes can be
 * scanned without decoding. A leading byte-order mark is ignored, line breaks inside quoted fields do not start a
 * record, blank lines are not records, and the first record is the header.
 */

const QUOTE = 0x22
const LF = 0x0a
const CR = 0x0d
const SPACE = 0x20
const TAB = 0x09
const BOM = [0xef, 0xbb, 0xbf]

export interface CsvRowCounter {
  /** Scans one more chunk. */
  push(chunk: Uint8Array): void
  /** Data rows completed so far (a record still open at the end of the last chunk is not counted yet). */
  readonly rows: number
  /** Data rows of the whole file, once the last chunk was pushed. */
  finish(): number
}

export function createCsvRowCounter(): CsvRowCounter {
  let records = 0
  let inQuotes = false
  let recordHasContent = false
  /** Bytes of the start of the file seen so far, while they could still be the byte-order mark. */
  let bomSeen = 0
  let bomDone = false

  const scan = (byte: number) => {
    if (byte === QUOTE) {
      inQuotes = !inQuotes
      recordHasContent = true
    } else if ((byte === LF || byte === CR) && !inQuotes) {
      if (recordHasContent) records++
      recordHasContent = false
    } else if (byte !== SPACE && byte !== TAB) {
      recordHasContent = true
    }
  }

  return {
    push(chunk) {
      let i = 0
      while (!bomDone && i < chunk.length) {
        if (chunk[i] === BOM[bomSeen]) {
          bomSeen++
          i++
          if (bomSeen === BOM.length) bomDone = true
        } else {
          // Not a mark after all: the bytes taken for one are content.
          for (let k = 0; k < bomSeen; k++) scan(BOM[k]!)
          bomDone = true
        }
      }
      for (; i < chunk.length; i++) scan(chunk[i]!)
    },
    get rows() {
      return Math.max(0, records - 1)
    },
    finish() {
      if (!bomDone) for (let k = 0; k < bomSeen; k++) scan(BOM[k]!)
      bomDone = true
      const all = records + (recordHasContent ? 1 : 0)
      return Math.max(0, all - 1)
    },
  }
}

/** Data rows of a whole CSV text (the same rules, for a text already in memory). */
export function countCsvRows(text: string): number {
  const counter = createCsvRowCounter()
  counter.push(new TextEncoder().encode(text))
  return counter.finish()
}
