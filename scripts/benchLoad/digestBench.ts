/**
 * The morning digest's figure of `npm run bench:load` (issue 23): the digests of 200 executives at the benchmark's
 * claims against the report's statistics call for a month, target under 2×.
 *
 * - The digest: `writeMorningDigests` for the executives (server/domain/serviceLevels/digest.ts), from this process over
 *   a PostgreSQL connection as the server's minute round runs it, at 08:00 of the latest business day, inside a
 *   transaction rolled back afterwards, so every repetition reads and writes everything and the database keeps no
 *   digest (that day's digests the running portal wrote are deleted first, in the transaction, untimed). The seed's claims belong to its few executives: executives are added (active, no password anyone knows,
 *   no claims) up to 200, so the round pays for 200 recipients; their claims are the same million.
 * - The anchor: GET /api/event/report/statistics for the month, one request at a time over a socket to the portal.
 *
 * Each round times the anchor's requests and the digest's repetitions one after the other; the figure is the median
 * of the rounds' ratios of medians.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDb } from '../../server/db/client'
import { writeMorningDigests } from '../../server/domain/serviceLevels/digest'
import { ROLE } from '../../domain/roles'
import { ACTIVO } from '../../domain/rules/constants'
import { isBusinessDay, mexicoCityDate, mexicoCityStartOf } from '../../domain/businessDays'
import { median, medianOfRoundRatios, type Figure } from './verdict'

const EXECUTIVES = 200
const ANCHOR_REQUESTS = 10
const DIGEST_REPETITIONS = 3
const DAY_MS = 86_400_000

/** Rolls the digest's transaction back once it is timed. */
class RolledBack extends Error {}

/** 08:00 (and a minute) in Mexico City of the latest business day that has reached it. */
function latestDigestInstant(now = new Date()): Date {
  for (let at = now.getTime(); ; at -= DAY_MS) {
    const day = mexicoCityDate(new Date(at))
    const eight = mexicoCityStartOf(day).getTime() + 8 * 3_600_000 + 60_000
    if (isBusinessDay(day) && eight <= now.getTime()) return new Date(eight)
  }
}

export interface DigestBenchOptions {
  databaseUrl: string
  /** The portal's origin and an administrator's headers for the anchor. */
  origin: string
  headers: () => Promise<Record<string, string>>
  /** The statistics call for the month, path and query. */
  statisticsPath: string
  rounds: number
  log: (line: string) => void
  load: () => number[]
}

export async function measureDigest(options: DigestBenchOptions): Promise<{ figure: Figure; note: string }> {
  const handle = await openDb({ databaseUrl: options.databaseUrl })
  const { db } = handle
  try {
    await db.execute(sql`
      insert into users (email, password_hash, rol, nombre, ape_pat, activo)
      select 'resumen-bench-' || n || '@bench.example', '!', ${ROLE.executive}, 'Ejecutivo de prueba ' || n, 'Resumen', ${ACTIVO.active}
      from generate_series(1, greatest(0, ${EXECUTIVES} - (select count(*)::int from users where rol = ${ROLE.executive} and activo = ${ACTIVO.active}))) n
      on conflict (email) do nothing`)
    const now = latestDigestInstant()
    const day = mexicoCityDate(now)
    const anchor: { round: number; ms: number }[] = []
    const digest: { round: number; ms: number }[] = []
    const loads: number[] = []
    let written = 0
    for (let round = 1; round <= options.rounds; round++) {
      const anchorMs: number[] = []
      for (let i = 0; i < ANCHOR_REQUESTS; i++) {
        const started = performance.now()
        const response = await fetch(`${options.origin}${options.statisticsPath}`, { headers: await options.headers() })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`${options.statisticsPath}: HTTP ${response.status}`)
        anchorMs.push(performance.now() - started)
      }
      const digestMs: number[] = []
      for (let i = 0; i < DIGEST_REPETITIONS; i++) {
        await db
          .transaction(async (tx) => {
            // The running portal wrote that day's digests already if it started after 08:00: out of the way (in the
            // transaction, untimed), so the round writes every row as on a morning.
            await tx.execute(sql`delete from notifications where kind = 'morningDigest' and dedupe_key like ${`digest:${day}:%`}`)
            const started = performance.now()
            written = (await writeMorningDigests(tx, now, ['executive'])).written
            digestMs.push(performance.now() - started)
            throw new RolledBack()
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error
          })
      }
      anchor.push({ round, ms: median(anchorMs) })
      digest.push({ round, ms: median(digestMs) })
      loads.push(options.load()[0]!)
      options.log(
        `Resumen matutino, ronda ${round}: ${digest.at(-1)!.ms.toFixed(1)} ms (${written} correos) contra estadísticas del mes ` +
          `${anchor.at(-1)!.ms.toFixed(1)} ms; carga ${options.load().map((n) => n.toFixed(2)).join(' / ')}`,
      )
    }
    const { value, ratios } = medianOfRoundRatios(digest, anchor, (s) => s.ms)
    const executives = (await db.execute(sql`select count(*)::int as n from users where rol = ${ROLE.executive} and activo = ${ACTIVO.active}`)) as unknown as {
      rows: { n: number }[]
    }
    return {
      figure: {
        name: `Morning digest of ${executives.rows[0]!.n} executives (${written} mails)`,
        measure: "time ÷ the statistics call for a month, median of the rounds' ratios",
        value,
        unit: '×',
        comparison: '≤',
        target: 2,
        detail: `rounds ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; medians ${digest.map((d) => d.ms.toFixed(1)).join(', ')} vs ${anchor.map((a) => a.ms.toFixed(1)).join(', ')} ms`,
        loads,
      },
      note:
        `Morning digest: \`writeMorningDigests\` for the executives at ${now.toISOString()} (08:00 Mexico City of the latest business day), ` +
        `${DIGEST_REPETITIONS} runs a round in a rolled-back transaction over its own PostgreSQL connection, executives without claims added up to ${EXECUTIVES}; ` +
        `anchor ${ANCHOR_REQUESTS} sequential \`${options.statisticsPath}\` a round`,
    }
  } finally {
    await handle.close()
  }
}
