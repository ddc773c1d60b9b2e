/**
 * The databases of `npm run bench:load`, kept between runs because seeding a million claims takes minutes: a
 * dedicated PostgreSQL database (bench_1m, bench_<n>) and a PGlite data folder (.tmp/bench/pglite-<n>), each reused
 * when it holds the demo seed plus exactly N benchmark claims, seeded again otherwise (or with --fresh). Also reads
 * what the load needs from it (claim ids, users, dates) before the server opens it: PGlite allows one process.
 */
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { ROLE, type Session } from '../../server/auth/roles'
import { openDb, type DbHandle } from '../../server/db/client'
import { DEMO_USER_IDS, TOTAL_DEMO_CLAIMS, seedDemoData } from '../../server/seed'
import { seedLargeClaims } from '../../server/seed/large'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { REPO_ROOT } from '../lib/serverProcess'
import { benchDatabaseName } from './args'

export const BENCH_DIR = path.join(REPO_ROOT, '.tmp/bench')

interface Fixtures {
  /** Every claim number, lowest and highest (dense: claims are never deleted); the loads pick at random among them. */
  claimIds: { from: number; to: number }
  totalClaims: number
  admin: Session
  executive: Session
  /** First and last UTC day with claims: the report over the whole range. */
  firstDate: string
  lastDate: string
  /**
   * One collaborator per parallel upload, each with their own claim at a stage that accepts a document (1 or 2):
   * twenty people uploading at once, as production sees it. One user may upload only 3 files at a time
   * (MAX_UPLOADS_PER_USER), so twenty uploads of one account would measure that limit instead.
   */
  uploaders: Array<Extract<Session, { kind: 'collaborator' }>>
}

export interface BenchData {
  /** PostgreSQL only. */
  databaseUrl?: string
  /** The server's DATA_DIR (file store, and the PGlite folder under pg/). */
  dataDir: string
  fixtures: Fixtures
}

export const PARALLEL_UPLOADS = 20

export function postgresAdminUrl(): string {
  return process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
}

function databaseUrlOf(name: string): string {
  const url = new URL(postgresAdminUrl())
  url.pathname = `/${name}`
  return url.toString()
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function countClaims(handle: DbHandle): Promise<number> {
  const result = (await handle.db.execute(sql`select count(*)::int as n from claims`)) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]!.n)
}

/**
 * Demo seed, N claims, VACUUM ANALYZE: the statistics and the visibility map a production table has after autovacuum
 * (without the map an index-only scan still reads the heap, and the capped counts of the lists would pay for it).
 */
async function seed(handle: DbHandle, dataDir: string, claims: number, log: (line: string) => void): Promise<void> {
  await seedDemoData(handle.db, createLocalFileStore(dataDir), { emailDomain: 'coppel.com' })
  let shown = 0
  const started = performance.now()
  await seedLargeClaims(handle.db, claims, {
    onProgress: (done) => {
      if (done - shown >= claims / 10 || done === claims) {
        shown = done
        log(`  ${done.toLocaleString('es-MX')} / ${claims.toLocaleString('es-MX')} trámites`)
      }
    },
  })
  await handle.db.execute(sql`VACUUM ANALYZE`)
  log(`  sembrado en ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

/**
 * Clocks that fell due since the seed (or the last run) are marked announced, as a server running all along would
 * have announced them minute by minute: otherwise the first escalation round of the benchmarked server would catch up
 * on thousands of them (bell and mail each) while it is being measured.
 */
async function settleEscalations(handle: DbHandle): Promise<void> {
  await handle.db.execute(sql`update claim_clocks set overdue_notified = true where not overdue_notified and due_at < now()`)
  await handle.db.execute(sql`update claim_clocks set escalated = true where not escalated and escalate_at < now()`)
  // The updated pages lose their all-visible bit, and the queues read claim_clocks by index-only scans.
  await handle.db.execute(sql`vacuum analyze claim_clocks`)
}

export async function preparePostgres(claims: number, fresh: boolean, log: (line: string) => void, database?: string): Promise<BenchData> {
  const name = database ?? benchDatabaseName(claims)
  const databaseUrl = databaseUrlOf(name)
  const dataDir = path.join(BENCH_DIR, `files-${name}`)
  const exists = await admin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1)
  const recreate = async () => {
    await admin(async (c) => {
      await c.query(`drop database if exists "${name}" with (force)`)
      await c.query(`create database "${name}"`)
    })
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (!exists || fresh) await recreate()
  let handle = await openDb({ databaseUrl })
  try {
    if ((await countClaims(handle)) !== TOTAL_DEMO_CLAIMS + claims) {
      log(`PostgreSQL: ${name} no tiene ${claims} trámites de prueba; se crea de nuevo y se siembra`)
      await handle.close()
      await recreate()
      handle = await openDb({ databaseUrl })
      mkdirSync(dataDir, { recursive: true })
      await seed(handle, dataDir, claims, log)
    } else {
      log(`PostgreSQL: se reutiliza ${name}`)
    }
    await settleEscalations(handle)
    return { databaseUrl, dataDir, fixtures: await readFixtures(handle) }
  } finally {
    await handle.close()
  }
}

export async function preparePglite(claims: number, fresh: boolean, log: (line: string) => void): Promise<BenchData> {
  const dataDir = path.join(BENCH_DIR, `pglite-${claims}`)
  if (fresh) rmSync(dataDir, { recursive: true, force: true })
  let handle = await openDb({ dataDir: path.join(dataDir, 'pg') })
  try {
    const count = await countClaims(handle)
    if (count !== TOTAL_DEMO_CLAIMS + claims) {
      log(`PGlite: ${dataDir} no tiene ${claims} trámites de prueba; se crea de nuevo y se siembra`)
      if (count !== 0) {
        await handle.close()
        rmSync(dataDir, { recursive: true, force: true })
        handle = await openDb({ dataDir: path.join(dataDir, 'pg') })
      }
      await seed(handle, dataDir, claims, log)
    } else {
      log(`PGlite: se reutiliza ${dataDir}`)
    }
    await settleEscalations(handle)
    return { dataDir, fixtures: await readFixtures(handle) }
  } finally {
    await handle.close()
  }
}

async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows
}

async function sessionOf(handle: DbHandle, idUser: number): Promise<Session> {
  const [user] = await rows<{ rol: number; token_version: number }>(
    handle,
    sql`select rol, token_version from users where id_user = ${idUser}`,
  )
  if (!user) throw new Error(`falta el usuario de demostración ${idUser}`)
  return { kind: 'user', idUser, rol: user.rol as 0 | 1 | 3, tokenVersion: Number(user.token_version) }
}

async function readFixtures(handle: DbHandle): Promise<Fixtures> {
  const [range] = await rows<{ min: number; max: number; n: number; first: string; last: string }>(
    handle,
    sql`select min(id_evento)::int as min, max(id_evento)::int as max, count(*)::int as n,
               to_char(min(fecha_ingreso) at time zone 'UTC', 'YYYY-MM-DD') as first,
               to_char(max(fecha_ingreso) at time zone 'UTC', 'YYYY-MM-DD') as last
        from claims`,
  )
  // Any claim of the table, drawn per request (issue 27: a cached thousand stayed in the buffer cache).
  const claimIds = { from: Number(range!.min), to: Number(range!.max) }
  const uploads = await rows<{ id: number; collaborator: number }>(
    handle,
    sql`select id_evento::int as id, id_colaborador::int as collaborator from claims
        where status_id in (1, 2) and id_evento > ${TOTAL_DEMO_CLAIMS} order by id_evento limit ${PARALLEL_UPLOADS}`,
  )
  if (uploads.length < PARALLEL_UPLOADS) throw new Error(`faltan trámites en etapa 1 o 2 para ${PARALLEL_UPLOADS} cargas`)
  return {
    claimIds,
    totalClaims: Number(range!.n),
    admin: await sessionOf(handle, DEMO_USER_IDS.admin),
    executive: await sessionOf(handle, DEMO_USER_IDS.executive),
    firstDate: range!.first,
    lastDate: range!.last,
    uploaders: uploads.map((u) => ({ kind: 'collaborator', idColaborador: Number(u.collaborator), idEvento: Number(u.id), rol: ROLE.collaborator })),
  }
}
