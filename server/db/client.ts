/**
 * Opens the database: PGlite in a data folder by default, PostgreSQL when a URL is given. Both return the same
 * Drizzle API, so routes and repositories never know which one runs.
 *
 * PGlite has a single connection; it queues every query behind any open transaction itself, so concurrent
 * requests never interleave (tests/server/concurrency.test.ts proves it). The server runs it in a worker thread
 * (server/db/pgliteWorker/, PGLITE_THREAD), where it keeps that one queue while the event loop stays free. Inside `db.transaction` always use the
 * `tx` argument: touching `db` there would wait for the transaction that is waiting for it.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import { registerPgliteClient } from './sessionStatements'
import * as schema from './schema'
import { saveTemplate } from './pgliteTemplate'
import { openPglite } from './pgliteOpen'
import type { PgliteThread } from './pgliteClient'
import { PgliteWorkerClient } from './pgliteWorker/client'
import { CONNECT_TIMEOUT_MS } from '../lib/databaseUnavailable'
import { PgListener } from './pgListener'

type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface DbHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** What the connections are doing right now, for /metrics (server/observability/metrics.ts). */
  stats?: () => DbStats
  /** PGlite only: its own consistent copy of the data folder, a gzip tarball (backups, server/backup/). */
  dumpDataDir?: () => Promise<Blob>
  /**
   * LISTEN on a channel (server/bus/bus.ts): `callback` gets each `pg_notify` payload once its transaction commits,
   * whichever instance sent it. PostgreSQL: one dedicated connection that reconnects by itself (pgListener.ts);
   * PGlite: its own in-process NOTIFY.
   */
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>
  /**
   * `handler` runs after the listening connection came back from a loss: notifications sent meanwhile were missed.
   * PGlite never loses one (it runs in this process).
   */
  onListenerReconnect: (handler: () => void) => void
}

/** PostgreSQL: the pool's connections in use and the queries waiting for one; PGlite: calls queued on its thread. */
type DbStats =
  | { kind: 'postgres'; inUse: number; idle: number; waiting: number; max: number }
  | { kind: 'pglite'; queued: number }

/** Connections of the PostgreSQL pool. */
const POOL_MAX = 10

/**
 * How long closing the pool may wait for its connections. `pool.end()` waits until every checked-out connection is
 * released, and a connection whose server vanished mid-statement (PostgreSQL restarting, the network) may never
 * answer: without a bound, closing the app hung past the test hooks' timeouts after a restart. After the bound the
 * sockets are left to the process's exit; nothing acknowledged is lost, since those statements never completed.
 */
const CLOSE_DEADLINE_MS = 5_000

async function withinDeadline(what: string, closing: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_DEADLINE_MS)
    timer.unref()
  })
  const outcome = await Promise.race([closing.then(() => 'closed' as const, () => 'closed' as const), deadline])
  clearTimeout(timer)
  if (outcome === 'late') console.error(`PostgreSQL: ${what} no cerró en ${CLOSE_DEADLINE_MS} ms; se deja al salir del proceso`)
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface OpenDbOptions {
  /** PGlite data folder; 'memory://' for an in-memory database (tests). */
  dataDir?: string
  databaseUrl?: string
  /**
   * Where PGlite runs (default 'worker'): a worker thread leaves the event loop to HTTP, authentication and JSON
   * while a query runs; 'main' saves the worker's start for short-lived databases.
   */
  thread?: PgliteThread
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    // numeric comes back as text by default; parse money as numbers (we never exceed 2^53 cents)
    pg.types.setTypeParser(1700, (v) => Number(v))
    // jit=off: the report's COPY query has a high estimated cost (per-row LATERAL sum), so with JIT on PostgreSQL
    // spent 0.9–3.4 s compiling it on every download, and deep list pages paid ~80 ms (docs/benchmarks.md,
    // finding 3). Our queries are short OLTP ones, where JIT never pays for itself.
    // connectionTimeoutMillis: a request waits at most this long for a connection (while PostgreSQL restarts), then
    // answers 503 (server/lib/databaseUnavailable.ts) instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_MAX, options: '-c jit=off', connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    // An idle connection that the server ends (restart, admin terminate, a test's DROP DATABASE … FORCE racing
    // pool.end(), which resolves before its sockets close) makes the pool emit 'error'; with no listener that
    // error would crash the process. The pool already discarded the connection, so report it and go on.
    let closing = false
    pool.on('error', (err) => {
      if (!closing) console.error(`PostgreSQL: conexión inactiva cerrada por el servidor (${err.message})`)
    })
    // The pool listens for errors only on its idle connections. A connection checked out for a transaction that the
    // server ends between two statements (PostgreSQL restarting, issue 25) emits 'error' with nobody listening, which
    // would end the process; its statements fail on their own (answered 503), and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => undefined))
    const db = drizzle(pool, { schema }) as unknown as Db
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
    const reconnectHandlers: (() => void)[] = []
    // Opened on the first LISTEN: scripts and tests that never listen hold no extra connection.
    const listener = new PgListener({
      connectionString: opts.databaseUrl,
      onReconnect: () => {
        for (const handler of reconnectHandlers) handler()
      },
    })
    return {
      db,
      kind: 'postgres',
      close: async () => {
        closing = true
        await withinDeadline('la conexión de avisos (LISTEN)', listener.close())
        await withinDeadline('el grupo de conexiones', pool.end())
      },
      stats: () => ({ kind: 'postgres', inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
      listen: (channel, callback) => listener.listen(channel, callback),
      onListenerReconnect: (handler) => void reconnectHandlers.push(handler),
    }
  }
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const dataDir = opts.dataDir ?? 'memory://'
  const { client, templateToSave } =
    (opts.thread ?? 'worker') === 'worker'
      ? await PgliteWorkerClient.start({ dataDir, migrationsFolder: MIGRATIONS_FOLDER })
      : await openPglite(dataDir, MIGRATIONS_FOLDER)
  // drizzle-orm/pglite calls only query and transaction (with a tx's query and exec) on its client, which the worker's
  // proxy has (server/db/pgliteClient.ts); its type asks for the whole PGlite class.
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db
  registerPgliteClient(db, client)
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
  if (templateToSave) await saveTemplate(client, templateToSave)
  const queued = 'queueDepth' in client ? () => client.queueDepth : () => 0
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    stats: () => ({ kind: 'pglite', queued: queued() }),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    listen: (channel, callback) => client.listen(channel, callback),
    onListenerReconnect: () => {},
  }
}
