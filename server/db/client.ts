/**
 * Opens the database: PGlite in a data folder by default, PostgreSQL when a URL is given. Both return the same
 * Drizzle API, so routes and repositories never know which one runs.
 *
 * PGlite has a single connection; it queues every query behind any open transaction itself, so concurrent
 * requests never interleave (tests/server/concurrency.test.ts proves it). Inside `db.transaction` always use the
 * `tx` argument: touching `db` there would wait for the transaction that is waiting for it.
 */
import path from 'node:path'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import { registerPgliteClient } from './sessionStatements'
import * as schema from './schema'
import { pgliteExtensions, readTemplate, saveTemplate, templatePath } from './pgliteTemplate'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface DbHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface OpenDbOptions {
  /** PGlite data folder; 'memory://' for an in-memory database (tests). */
  dataDir?: string
  databaseUrl?: string
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' })
    // An idle connection that the server ends (restart, admin terminate, a test's DROP DATABASE … FORCE racing
    // pool.end(), which resolves before its sockets close) makes the pool emit 'error'; with no listener that
    // error would crash the process. The pool already discarded the connection, so report it and go on.
    let closing = false
    pool.on('error', (err) => {
      if (!closing) console.error(`PostgreSQL: conexión inactiva cerrada por el servidor (${err.message})`)
    })
    const db = drizzle(pool, { schema }) as unknown as Db
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
    return {
      db,
      kind: 'postgres',
      close: () => {
        closing = true
        return pool.end()
      },
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const dataDir = opts.dataDir ?? 'memory://'
  const inMemory = dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  // A new database starts from the saved copy of a migrated one (server/db/pgliteTemplate.ts): 2.5 s instead of 11.
  const isNew = inMemory || !existsSync(path.join(dataDir, 'PG_VERSION'))
  const templateFile = isNew ? templatePath(MIGRATIONS_FOLDER) : undefined
  const template = templateFile ? readTemplate(templateFile) : undefined
  const extensions = await pgliteExtensions()
  let client: PGlite
  let saveCopy = templateFile !== undefined && !template
  try {
    client = await PGlite.create(dataDir, { extensions, ...(template ? { loadDataDir: template } : {}) })
  } catch (err) {
    if (!template) throw err
    // An unreadable copy (cut short, another PGlite's): start the folder over the slow way.
    if (!inMemory) {
      rmSync(dataDir, { recursive: true, force: true })
      mkdirSync(dataDir, { recursive: true })
    }
    client = await PGlite.create(dataDir, { extensions })
    saveCopy = true
  }
  const db = drizzle(client, { schema }) as unknown as Db
  registerPgliteClient(db, client)
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
  if (templateFile && saveCopy) await saveTemplate(client, templateFile)
  return { db, kind: 'pglite', close: () => client.close() }
}
