/**
 * Streams the claims report as CSV (UTF-8 with a byte-order mark, header row first) without holding its rows in
 * memory:
 * - PostgreSQL: `COPY (SELECT …) TO STDOUT (FORMAT csv)` on one pooled connection, piped straight to the response.
 *   If the client goes away the COPY stream is destroyed and the connection is released as broken (the pool drops
 *   it), so an aborted download never leaves a half-read COPY on a reused connection.
 * - PGlite (one in-process connection, no COPY TO STDOUT stream): keyset pagination on (fecha_ingreso, id_evento)
 *   in batches, each batch a short query, so other requests interleave between batches.
 */
import { PassThrough, Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { Db, DbHandle } from '../db/client'
import { BOM, csvLine } from './csv'
import { REPORT_CELL_COUNT, REPORT_COLUMNS, reportSelectSql, type ReportFilter } from './claimsReport'

/**
 * Rows per keyset batch on PGlite. 500 made the 100 000-row report run 200 batch queries, each paying a plan with a
 * full scan of coverages (docs/benchmarks.md, finding 5); 2 000 is still well under a megabyte per batch, and each
 * batch holds PGlite's single connection only briefly, so other requests still interleave.
 */
const REPORT_BATCH_SIZE = 2000

const reportHeader = () => BOM + csvLine([...REPORT_COLUMNS])

export function streamReport(db: Db, kind: DbHandle['kind'], filter: ReportFilter, batchSize = REPORT_BATCH_SIZE): Readable {
  return kind === 'postgres' ? streamWithCopy(db, filter) : streamInBatches(db, filter, batchSize)
}

function streamWithCopy(db: Db, filter: ReportFilter): Readable {
  const pool = (db as unknown as { $client: pg.Pool }).$client
  const out = new PassThrough()
  out.write(reportHeader())
  void (async () => {
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (err) {
      out.destroy(err as Error)
      return
    }
    if (out.destroyed) {
      client.release()
      return
    }
    let released = false
    const release = (err?: Error) => {
      if (released) return
      released = true
      client.release(err)
    }
    const copy = client.query(copyTo(`copy (${reportSelectSql(filter)}) to stdout with (format csv)`))
    copy.on('error', (err) => {
      release(err)
      out.destroy(err)
    })
    copy.on('end', () => release())
    out.on('close', () => {
      if (!copy.readableEnded) {
        copy.destroy()
        release(new Error('report download aborted'))
      }
    })
    copy.pipe(out)
  })()
  return out
}

function streamInBatches(db: Db, filter: ReportFilter, batchSize: number): Readable {
  async function* lines() {
    yield Buffer.from(reportHeader())
    let after: { fecha: string; idEvento: number } | null = null
    for (;;) {
      const result = (await db.execute(sql.raw(reportSelectSql(filter, { after, limit: batchSize })))) as unknown as {
        rows: Record<string, unknown>[]
      }
      const rows = result.rows
      if (rows.length === 0) return
      let chunk = ''
      for (const row of rows) {
        const cells: (string | null)[] = []
        for (let i = 0; i < REPORT_CELL_COUNT; i++) {
          const v = row[`c${i}`]
          cells.push(v === null || v === undefined ? null : String(v))
        }
        chunk += csvLine(cells)
      }
      yield Buffer.from(chunk)
      if (rows.length < batchSize) return
      const last = rows[rows.length - 1]!
      after = { fecha: String(last.k_fecha), idEvento: Number(last.k_id) }
    }
  }
  return Readable.from(lines(), { objectMode: false })
}
