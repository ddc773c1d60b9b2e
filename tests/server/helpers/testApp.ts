/**
 * Builds the app for API tests: a fresh in-memory PGlite, or, when TEST_DATABASE_URL is set, a fresh database on
 * that PostgreSQL server (dropped on close). Migrations always run, so both databases get the same tables.
 */
import { afterAll, beforeAll } from 'vitest'
import { checkAnswersAgainstContract } from './contractCheck'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { loadConfig, type AppConfig } from '../../../server/config'
import { openDb, type DbHandle } from '../../../server/db/client'
import type { PgliteThread } from '../../../server/db/pgliteClient'
import { createTestDatabase } from './testDatabase'

export const TEST_CLIENT_TOKEN = 'test-client-token'
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256'

export interface TestApp {
  app: FastifyInstance
  db: DbHandle['db']
  config: AppConfig
  close: () => Promise<void>
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL)

/**
 * The tests' throwaway PGlite runs in the main thread: a worker costs about 0.15–0.25 s more per database (a fresh
 * isolate loads tsx and compiles PGlite's WebAssembly again) and a message round trip per query; six API files took
 * 19.6 s instead of 17.5 s over it, for no gain, since tests mostly send one request at a time. PGLITE_THREAD=worker
 * runs them over the worker, as the server runs (all the API files pass so); tests/server/pgliteWorker.test.ts and
 * the concurrency test cover the worker on every run.
 */
export const testPgliteThread = (): PgliteThread => (process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main')

/** Opens a fresh, migrated database (PGlite in memory, or a new PostgreSQL database) and a dropper. */
export async function openTestDb(thread = testPgliteThread()): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (!usingPostgres()) {
    const handle = await openDb({ dataDir: 'memory://', thread })
    return { handle, drop: () => handle.close() }
  }
  const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_${randomBytes(6).toString('hex')}`)
  const handle = await openDb({ databaseUrl: created.url })
  return {
    handle,
    drop: async () => {
      await handle.close()
      await created.drop()
    },
  }
}

export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'))
  const { handle, drop } = await openTestDb(overrides.pgliteThread)
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      clientToken: TEST_CLIENT_TOKEN,
      jwtSecret: TEST_JWT_SECRET,
      staticDir: undefined,
      logger: false,
      ...overrides,
    },
  )
  const app = await buildApp({ config, db: handle, closeDbWithApp: false })
  const contractViolations = checkAnswersAgainstContract(app)
  await app.ready()
  return {
    app,
    db: handle.db,
    config,
    close: async () => {
      const violations = contractViolations()
      await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
      if (violations.length > 0) throw new Error(`Answers that the app would refuse:\n${violations.join('\n')}`)
    },
  }
}

/**
 * The app of the tests in the `describe` (or file) that calls this: built before them, closed after. The object is
 * filled in by `beforeAll`, so read its fields inside tests and hooks, never while the tests are being collected.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(overrides))
  })
  afterAll(() => t.close())
  return t
}
