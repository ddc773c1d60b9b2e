/**
 * Bulk claims for benchmarks (`npm run seed:large -- --claims N`). Each batch is a few set-based statements
 * (INSERT … SELECT FROM generate_series) in one transaction: per claim one new collaborator, one coverage, the claim
 * at a stage spread over the whole catalogue, and its status history with increasing dates. Amounts stay within the
 * coverage; the ended stays are stored as the lifecycle stores them (stage_stays). Benchmark claims carry no documents, letters, dictaminations or invoices (no files to write), so they
 * exercise lists, search and reports, not the document screens.
 *
 * A claim waiting on the office or a provider (a timed stage) is a recent one: it entered that stage within the last
 * RECENT_ENTRY_DAYS (its earlier steps a day apart before that), and its service-level clock is written at the end
 * (claim_clocks). The work queues ('Pendientes') then hold a mix of 'A tiempo', 'Por vencer' and 'Vencido' as an
 * office's would, instead of half a million claims overdue for months.
 *
 * Needs executives and providers to exist (the demo seed provides them).
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { collaborators, providers, users } from '../db/schema'
import { ROLE } from '../auth/roles'
import { COVERAGE_TYPES, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './catalogue'
import { STAGE_PATHS } from './plan'
import { recordStageStays } from '../domain/stageStays'
import { backfillClaimClocks } from '../domain/serviceLevels/clocks'
import { TIMED_STAGE_IDS } from '../../domain/serviceLevels'

export interface LargeSeedResult {
  claims: number
  firstCollaborator: number
  ms: number
}

const STAGE_ORDER = [1, 2, 3, 4, 5, 6, 7, 9, 8, 10] as const

/** Calendar days within which a claim in a timed stage entered it (targets are 1 to 5 business days). */
const RECENT_ENTRY_DAYS = 8

/** SQL CASE giving the number of days from a claim's first to its last history row (one day per step). */
const lastStepDays = sql.raw(`CASE st.s ${STAGE_ORDER.map((s) => `WHEN ${s} THEN ${STAGE_PATHS[s].length - 1}`).join(' ')} END`)

/** SQL CASE giving the stage path (int[]) of a claim's status. */
const pathCase = sql.raw(
  `CASE cl.status_id ${STAGE_ORDER.map((s) => `WHEN ${s} THEN ARRAY[${STAGE_PATHS[s].join(',')}]::int[]`).join(' ')} END`,
)

export async function seedLargeClaims(
  db: Db,
  count: number,
  opts: { batchSize?: number; now?: Date; onProgress?: (done: number) => void } = {},
): Promise<LargeSeedResult> {
  if (!Number.isInteger(count) || count < 1) throw new Error('El número de trámites debe ser un entero mayor que 0')
  const started = performance.now()
  const batchSize = opts.batchSize ?? 20_000
  const now = (opts.now ?? new Date()).toISOString()

  const executives = await db.select({ id: users.idUser }).from(users).where(eq(users.rol, ROLE.executive))
  const providerRows = await db
    .select({ id: providers.idProveedor, servicioId: providers.servicioId })
    .from(providers)
    .where(eq(providers.activo, 0))
  const withService = providerRows.filter((p) => p.servicioId !== null)
  if (executives.length === 0 || withService.length === 0) {
    throw new Error('Se necesitan ejecutivos y proveedores con servicio: inicia el servidor una vez (npm start) para cargar los datos de demostración')
  }
  const [{ max } = { max: null }] = await db.select({ max: sql<number | null>`max(${collaborators.idColaborador})` }).from(collaborators)
  const firstCollaborator = Math.max(Number(max ?? 0), 10_000_000) + 1

  const list = (items: readonly (string | number)[]) => items.join('|')
  const execIds = list(executives.map((e) => e.id))
  const provIds = list(withService.map((p) => p.id))
  const provServices = list(withService.map((p) => p.servicioId!))
  const female = list(FEMALE_NAMES)
  const male = list(MALE_NAMES)
  const surnames = list(SURNAMES)
  const coverageNames = list(COVERAGE_TYPES.map((c) => c.descripcion))
  const stages = list(STAGE_ORDER)
  const timedStages = `{${TIMED_STAGE_IDS.join(',')}}`

  let done = 0
  while (done < count) {
    const n = Math.min(batchSize, count - done)
    const from = firstCollaborator + done
    const to = from + n - 1
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO collaborators (id_colaborador, nombre, ape_pat, ape_mat, email, telefono, edad, genero, estado_id, municipio_id)
        SELECT id,
               CASE WHEN id % 2 = 0 THEN f.names[(1 + (id * 7) % cardinality(f.names))::int] ELSE m.names[(1 + (id * 7) % cardinality(m.names))::int] END,
               s.names[(1 + (id * 13) % cardinality(s.names))::int],
               s.names[(1 + (id * 31) % cardinality(s.names))::int],
               'colaborador' || id || '@example.com',
               '66' || lpad(((id * 7919) % 100000000)::text, 8, '0'),
               19 + id % 46,
               CASE WHEN id % 2 = 0 THEN 2 ELSE 1 END,
               mun.sids[(1 + id % cardinality(mun.ids))::int],
               mun.ids[(1 + id % cardinality(mun.ids))::int]
        FROM generate_series(${from}::bigint, ${to}::bigint) AS id
        CROSS JOIN (SELECT string_to_array(${female}, '|') AS names) f
        CROSS JOIN (SELECT string_to_array(${male}, '|') AS names) m
        CROSS JOIN (SELECT string_to_array(${surnames}, '|') AS names) s
        CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids, array_agg(state_id ORDER BY id) AS sids FROM municipalities) mun
      `)
      await tx.execute(sql`
        INSERT INTO coverages (id_colaborador, descripcion, monto, show_cta_btn)
        SELECT id, d.names[(1 + (id * 3) % cardinality(d.names))::int], 20000 + ((id * 37) % 180) * 1000, 1
        FROM generate_series(${from}::bigint, ${to}::bigint) AS id
        CROSS JOIN (SELECT string_to_array(${coverageNames}, '|') AS names) d
      `)
      await tx.execute(sql`
        INSERT INTO claims (id_colaborador, id_cobertura, id_ejecutivo, id_proveedor, servicio_id, status_id, beneficiary, email,
                            phone, age, gender, state_id, city_id, monto_autorizado, tipo, fecha_ingreso, updated_at)
        SELECT c.id_colaborador, cv.id_cobertura,
               ex.ids[1 + (h.v % cardinality(ex.ids))],
               CASE WHEN st.s IN (6, 7, 9, 8, 10) THEN pv.ids[1 + (h.v % cardinality(pv.ids))] END,
               CASE WHEN st.s IN (6, 7, 9, 8, 10) THEN pv.sids[1 + (h.v % cardinality(pv.ids))] END,
               st.s,
               c.nombre || ' ' || c.ape_pat || ' ' || c.ape_mat, c.email, c.telefono, c.edad, c.genero, c.estado_id, c.municipio_id,
               floor(cv.monto * (10 + h.v % 75) / 1000) * 10,
               'Digital',
               fi.at,
               fi.at + ${lastStepDays} * interval '1 day'
        FROM collaborators c
        JOIN coverages cv ON cv.id_colaborador = c.id_colaborador
        CROSS JOIN (SELECT string_to_array(${execIds}, '|')::int[] AS ids) ex
        CROSS JOIN (SELECT string_to_array(${provIds}, '|')::int[] AS ids, string_to_array(${provServices}, '|')::int[] AS sids) pv
        CROSS JOIN LATERAL (SELECT ((c.id_colaborador::bigint * 2654435761) % 1000003)::int AS v) h
        CROSS JOIN LATERAL (SELECT (string_to_array(${stages}, '|')::int[])[1 + (h.v / 7) % 10] AS s) st
        -- Filed: within the last 10 to 180 days, or, for a claim now in a timed stage, its steps back from a recent entry.
        CROSS JOIN LATERAL (SELECT CASE WHEN st.s = any(${timedStages}::int[])
          THEN ${now}::timestamptz - make_interval(days => ${lastStepDays}, secs => ((h.v::bigint * 7919) % (${RECENT_ENTRY_DAYS} * 86400))::int)
          ELSE ${now}::timestamptz - make_interval(days => 10 + h.v % 170, secs => h.v % 86400) END AS at) fi
        WHERE c.id_colaborador BETWEEN ${from}::int AND ${to}::int
      `)
      // Statistics for the rows just written, before the history's foreign-key checks plan their lookups: with
      // autovacuum off (as on some machines) a never-analyzed claims table gets a sequential scan per history row,
      // and the seed grows with the square of its size (100,000 claims in 20 minutes instead of 40 s).
      await tx.execute(sql`ANALYZE claims`)
      await tx.execute(sql`
        INSERT INTO status_history (id_evento, status_id, fecha, actor)
        SELECT cl.id_evento, p.s, cl.fecha_ingreso + (p.ord - 1) * interval '1 day', 'user:' || cl.id_ejecutivo
        FROM claims cl
        CROSS JOIN LATERAL unnest(${pathCase}) WITH ORDINALITY AS p(s, ord)
        WHERE cl.id_colaborador BETWEEN ${from}::int AND ${to}::int
      `)
      await recordStageStays(tx, sql`c.id_colaborador BETWEEN ${from}::int AND ${to}::int`)
    })
    done += n
    opts.onProgress?.(done)
  }
  // As the server's start would (server/maintenance.ts), with the seed's instant: a clock already overdue then is
  // written as announced, so a server started on the seeded database does not mail every late claim at once.
  await backfillClaimClocks(db, new Date(now))
  return { claims: count, firstCollaborator, ms: Math.round(performance.now() - started) }
}
