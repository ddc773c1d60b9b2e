/**
 * PGlite in a worker thread (server/db/pgliteWorker/), as the server runs it: the event loop stays free while a query
 * runs, and Drizzle over the proxy keeps everything PGlite gave in the main thread: queries wait for an open
 * transaction, rollbacks leave nothing, errors keep their PostgreSQL fields, timestamps stay text, named statements
 * live in the session, migrations run and the start-up copy is saved and loaded. A stopped worker fails every call.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, like, sql } from 'drizzle-orm'
import { messages } from '@electric-sql/pglite'
import { MIGRATIONS_FOLDER, openDb, type Db, type DbHandle } from '../../server/db/client'
import { loginFailures, users } from '../../server/db/schema'
import { inSession } from '../../server/db/sessionStatements'
import { templatePath } from '../../server/db/pgliteTemplate'
import { isUniqueViolation } from '../../server/domain/users/dbErrors'
import { PgliteWorkerClient } from '../../server/db/pgliteWorker/client'

class RollBack extends Error {}

const newUser = (email: string) => ({ email, passwordHash: 'x', rol: 0, nombre: 'Hilo' })
const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: Record<string, unknown>[] }).rows
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('se esperaba un error')
    },
    (err: unknown) => err as Error & { cause?: unknown },
  )
const emailsLike = (db: Db, pattern: string) =>
  db.select({ email: users.email }).from(users).where(like(users.email, pattern)).orderBy(users.email)

describe('Drizzle on PGlite in a worker thread', () => {
  let handle: DbHandle
  let db: Db
  beforeAll(async () => {
    handle = await openDb({ dataDir: 'memory://', thread: 'worker' })
    db = handle.db
  })
  afterAll(() => handle.close())

  it('leaves the event loop free while a query runs', async () => {
    const started = performance.now()
    let timerFiredAfter = Infinity
    const timer = sleep(20).then(() => (timerFiredAfter = performance.now() - started))
    await db.execute(sql`select pg_sleep(0.5)`)
    const queryTook = performance.now() - started
    await timer
    expect(queryTook).toBeGreaterThanOrEqual(500)
    // In the main thread the timer could only fire once PostgreSQL gave the thread back, after 500 ms.
    expect(timerFiredAfter).toBeLessThan(400)
  })

  it('makes a query issued while a transaction is open wait for its commit', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let signalOpen = () => {}
    const open = new Promise<void>((resolve) => (signalOpen = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('espera@hilo.com'))
      signalOpen()
      await gate
    })
    await open
    let answered = false
    const outside = db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, 'espera@hilo.com'))
      .then((rows) => {
        answered = true
        return rows
      })
    await sleep(100)
    expect(answered).toBe(false)
    release()
    await transaction
    expect(await outside).toEqual([{ n: 1 }])
  })

  it('leaves nothing of a rolled back transaction, and hands its error to the caller', async () => {
    const outcome = db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('deshecho@hilo.com'))
      await tx.insert(loginFailures).values({ email: 'deshecho@hilo.com' })
      throw new RollBack('se deshace')
    })
    await expect(outcome).rejects.toBeInstanceOf(RollBack)
    expect(await emailsLike(db, 'deshecho@%')).toEqual([])
    expect(await db.select().from(loginFailures).where(eq(loginFailures.email, 'deshecho@hilo.com'))).toEqual([])
  })

  it('rolls a nested transaction (a savepoint) back alone', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('anidada-a@hilo.com'))
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(users).values(newUser('anidada-b@hilo.com'))
          throw new RollBack('solo la interna')
        }),
      ).rejects.toBeInstanceOf(RollBack)
    })
    expect(await emailsLike(db, 'anidada-%')).toEqual([{ email: 'anidada-a@hilo.com' }])
  })

  it('keeps the PostgreSQL code and fields of an error, with a stack at the caller', async () => {
    await db.insert(users).values(newUser('doble@hilo.com'))
    const err = await failureOf(db.insert(users).values(newUser('doble@hilo.com')))
    expect(isUniqueViolation(err)).toBe(true)
    expect(err.cause).toBeInstanceOf(messages.DatabaseError)
    expect(err.cause).toMatchObject({ code: '23505', severity: 'ERROR', table: 'users', constraint: 'users_email_uq' })
    expect((err.cause as Error).message).toMatch(/users_email_uq/)
    expect((err.cause as Error).stack).toContain('pgliteWorker.test.ts')
    // The error handler answers 400 for text the database cannot store (server/lib/errorHandler.ts).
    const nul = await failureOf(db.execute(sql`select ${'a\u0000b'}::text`))
    expect(nul.cause).toMatchObject({ code: '22021' })
  })

  it('gives timestamps, dates and intervals back as text, as Drizzle expects', async () => {
    const [user] = await db.insert(users).values(newUser('fecha@hilo.com')).returning({ createdAt: users.createdAt })
    // PostgreSQL prints no fraction for a time on a whole second (PGlite's clock has milliseconds: 1 run in 1,000).
    expect(user!.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00$/)
    const [row] = await rowsOf(
      db.execute(sql`select '2026-01-02 03:04:05.678+00'::timestamptz as tz, '2026-01-02 03:04:05'::timestamp as ts,
        '2026-01-02'::date as d, '1 day 2 hours'::interval as i, array['2026-01-02'::date] as ds`),
    )
    expect(row).toEqual({
      tz: '2026-01-02 03:04:05.678+00',
      ts: '2026-01-02 03:04:05',
      d: '2026-01-02',
      i: '1 day 02:00:00',
      ds: '{2026-01-02}',
    })
  })

  it('carries bytes, JSON, numbers and null both ways', async () => {
    const bytes = new Uint8Array([0, 1, 255])
    const [row] = await rowsOf(
      db.execute(sql`select ${bytes}::bytea as b, ${JSON.stringify({ a: [1, 'x'] })}::jsonb as j, ${null}::int as z, 2.5::float8 as f`),
    )
    expect(row).toEqual({ b: bytes, j: { a: [1, 'x'] }, z: null, f: 2.5 })
  })

  it('runs a named statement in the worker session (inSession)', async () => {
    const [user] = await db.insert(users).values(newUser('nombrada@hilo.com')).returning({ idUser: users.idUser })
    const prepared = db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.idUser, sql.placeholder('id')))
      .prepare('hilo_usuario')
    const byId = inSession(db, prepared, 'hilo_usuario')
    expect(await byId.execute({ id: user!.idUser })).toEqual([{ email: 'nombrada@hilo.com' }])
    expect(await byId.execute({ id: -1 })).toEqual([])
    const named = await rowsOf(db.execute(sql`select name from pg_prepared_statements where name = 'hilo_usuario'`))
    expect(named).toHaveLength(1)
  })

  it('has every migration applied', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
    const [applied] = await rowsOf(db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))
    expect(applied).toEqual({ n: journal.entries.length })
  })
})

describe('the proxy of a PGlite worker', () => {
  let client: PgliteWorkerClient
  beforeAll(async () => {
    client = (await PgliteWorkerClient.start({ dataDir: 'memory://', migrationsFolder: MIGRATIONS_FOLDER })).client
  })
  afterAll(() => client.close())

  it('sends identity parsers and refuses any it cannot reproduce in the worker', async () => {
    const keep = (value: string) => value
    const { rows } = await client.query<{ t: unknown }>(`select '2026-01-02 03:04:05+00'::timestamptz as t`, [], {
      parsers: { 1184: keep },
    })
    expect(rows).toEqual([{ t: '2026-01-02 03:04:05+00' }])
    // Without a parser PGlite makes a Date, so the identity parser above did reach the worker.
    expect((await client.query<{ t: unknown }>(`select '2026-01-02 03:04:05+00'::timestamptz as t`)).rows[0]!.t).toBeInstanceOf(Date)
    await expect(client.query('select 1', [], { parsers: { 1184: (value) => new Date(value) } })).rejects.toThrow(/parser del tipo 1184/)
    await expect(client.query('select 1', [], { onNotice: () => {} })).rejects.toThrow(/onNotice/)
  })

  it('rejects every call in flight, and every later one, when the worker stops', async () => {
    const sleeping = client.query('select pg_sleep(30)')
    const queued = client.query('select 1')
    const transaction = client.transaction(async (tx) => tx.query('select 1'))
    await sleep(200)
    await client.thread.terminate()
    for (const call of [sleeping, queued, transaction]) await expect(call).rejects.toThrow(/PGlite \(hilo de trabajo\) terminó/)
    const later = await failureOf(client.query('select 1'))
    expect(later.message).toMatch(/terminó/)
    expect(later.stack).toContain('pgliteWorker.test.ts')
  })
})

describe('a PGlite worker that cannot open its database', () => {
  it('fails its start with the reason instead of hanging', async () => {
    const start = PgliteWorkerClient.start({
      dataDir: path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json', 'pg'),
      migrationsFolder: MIGRATIONS_FOLDER,
    })
    await expect(start).rejects.toThrow(/ENOTDIR/)
  })
})

describe('a new PGlite database in a worker thread', () => {
  let folder: string
  const previous = process.env.PGLITE_TEMPLATE_DIR
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'pglite-worker-template-'))
    process.env.PGLITE_TEMPLATE_DIR = folder
  })
  afterAll(() => {
    if (previous === undefined) delete process.env.PGLITE_TEMPLATE_DIR
    else process.env.PGLITE_TEMPLATE_DIR = previous
    rmSync(folder, { recursive: true, force: true })
  })

  it(
    'migrates from nothing, saves the start-up copy through the proxy, and the next database starts from it',
    { timeout: 120_000 },
    async () => {
      const file = templatePath(MIGRATIONS_FOLDER)
      for (const expectCopyBefore of [false, true]) {
        expect(existsSync(file)).toBe(expectCopyBefore)
        const handle = await openDb({ dataDir: 'memory://', thread: 'worker' })
        try {
          const indexes = await rowsOf(handle.db.execute(sql`select indexname from pg_indexes where indexname = 'claims_id_text_trgm_idx'`))
          expect(indexes).toHaveLength(1)
        } finally {
          await handle.close()
        }
        // A gzip tarball, as PGlite's dumpDataDir('gzip') makes it.
        expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
      }
    },
  )
})
