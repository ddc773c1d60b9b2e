/**
 * Named statements in PGlite's session (server/db/sessionStatements.ts): a prepared query's SQL is PREPAREd once and
 * run with EXECUTE when every value is an integer, a boolean or null; any other value, or a statement PostgreSQL
 * cannot prepare, runs as the plain query. Nothing changes on a database that is not PGlite. The same on PGlite in the
 * main thread and on the proxy of a PGlite in a worker thread (the server's).
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inSession, registerPgliteClient } from '../../server/db/sessionStatements'
import type { PgliteClient, PgliteThread } from '../../server/db/pgliteClient'
import { PgliteWorkerClient } from '../../server/db/pgliteWorker/client'
import { MIGRATIONS_FOLDER } from '../../server/db/client'

const startClient: Record<PgliteThread, () => Promise<PgliteClient>> = {
  main: () => PGlite.create('memory://'),
  worker: async () => (await PgliteWorkerClient.start({ dataDir: 'memory://', migrationsFolder: MIGRATIONS_FOLDER })).client,
}

describe.each(['main', 'worker'] as const)('inSession on PGlite in the %s thread', (thread) => {
  let client: PgliteClient
  const db = {}
  beforeAll(async () => {
    client = await startClient[thread]()
    registerPgliteClient(db, client)
  })
  afterAll(async () => client.close())

  type Driver = { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }

  /** What Drizzle's PglitePreparedQuery holds: its driver and its SQL. */
  function preparedQuery(queryString: string) {
    return { client: client as unknown as Driver, queryString }
  }

  describe('inSession', () => {
    it('PREPAREs the SQL once and EXECUTEs it with integer, boolean and null values written in', async () => {
      const query = inSession(db, preparedQuery('select $1::int + 1 as n, $2::boolean as b, $3::int as z'), 'add_one')
      const spy = vi.spyOn(client, 'query')
      const exec = vi.spyOn(client, 'exec')
      try {
        expect((await query.client.query('select $1::int + 1 as n, $2::boolean as b, $3::int as z', [41, true, null])).rows).toEqual([
          { n: 42, b: true, z: null },
        ])
        expect((await query.client.query('select $1::int + 1 as n, $2::boolean as b, $3::int as z', [-8, false, 3])).rows).toEqual([
          { n: -7, b: false, z: 3 },
        ])
        // PREPARE once, then EXECUTE through exec (the simple protocol: one message into WebAssembly), never query.
        expect(exec.mock.calls.map((c) => c[0])).toEqual([
          'PREPARE add_one AS select $1::int + 1 as n, $2::boolean as b, $3::int as z',
          'EXECUTE add_one(41, true, null)',
          'EXECUTE add_one(-8, false, 3)',
        ])
        expect(spy).not.toHaveBeenCalled()
      } finally {
        spy.mockRestore()
        exec.mockRestore()
      }
      const named = await client.query<{ name: string }>(`select name from pg_prepared_statements where name = 'add_one'`)
      expect(named.rows).toHaveLength(1)
    })

    it('writes an array of integers as its array literal (the records of a list page), an array with anything else not', async () => {
      const text = 'select array_length($1::int[], 1) as n, $1::int[] as ids'
      const query = inSession(db, preparedQuery(text), 'page_ids')
      const spy = vi.spyOn(client, 'query')
      const exec = vi.spyOn(client, 'exec')
      try {
        expect((await query.client.query(text, [[3, 1, 2]])).rows).toEqual([{ n: 3, ids: [3, 1, 2] }])
        expect((await query.client.query(text, [[]])).rows).toEqual([{ n: null, ids: [] }])
        expect((await query.client.query(text, [['7', 8]])).rows).toEqual([{ n: 2, ids: [7, 8] }])
        expect(exec.mock.calls.map((c) => c[0])).toEqual([`PREPARE page_ids AS ${text}`, "EXECUTE page_ids('{3,1,2}')", "EXECUTE page_ids('{}')"])
        expect(spy.mock.calls.map((c) => c[0])).toEqual([text])
      } finally {
        spy.mockRestore()
        exec.mockRestore()
      }
    })

    it('runs the plain query with its parameters for a text or fractional value', async () => {
      const text = 'select $1::text as t'
      const query = inSession(db, preparedQuery(text), 'echo_text')
      const spy = vi.spyOn(client, 'query')
      try {
        expect((await query.client.query(text, ["x'); drop table users; --"])).rows).toEqual([{ t: "x'); drop table users; --" }])
        expect((await query.client.query('select $1::float8 as f', [1.5])).rows).toEqual([{ f: 1.5 }])
        expect(spy.mock.calls.map((c) => c[0])).toEqual([text, 'select $1::float8 as f'])
      } finally {
        spy.mockRestore()
      }
    })

    it('falls back to the plain query when the statement cannot be prepared', async () => {
      // The name is already taken in the session, so PREPARE fails.
      await client.exec('PREPARE taken AS select 0')
      const text = 'select $1::int * 2 as v'
      const query = inSession(db, preparedQuery(text), 'taken')
      const spy = vi.spyOn(client, 'query')
      try {
        expect((await query.client.query(text, [7])).rows).toEqual([{ v: 14 }])
        expect((await query.client.query(text, [8])).rows).toEqual([{ v: 16 }])
        expect(spy.mock.calls.map((c) => c[0])).toEqual([text, text])
      } finally {
        spy.mockRestore()
      }
    })
  })
})

describe('inSession elsewhere', () => {
  it('leaves a query on another database as it is', () => {
    const original = { client: { query: async () => ({ rows: [] }) }, queryString: 'select 1' }
    const driver = original.client
    expect(inSession({}, original, 'other').client).toBe(driver)
  })
})
