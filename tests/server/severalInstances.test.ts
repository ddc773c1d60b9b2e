/**
 * Several instances on one database (issue 12), in process: two apps built on the same database count the
 * sign-in throttle (5 failures) and the per-user rate limit together; the rate limit is keyed by token subject for
 * signed-in calls and by client IP otherwise (the real one behind a trusted proxy); the counters live in the
 * database or in Redis; /healthz and /readyz; the orphan-file sweep.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { loadConfig, parseTrustProxy, type AppConfig } from '../../server/config'
import type { DbHandle } from '../../server/db/client'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { monthFolders, sweepOrphans } from '../../server/storage/orphans'
import { openTestDb, TEST_CLIENT_TOKEN, TEST_JWT_SECRET } from './helpers/testApp'
import { attachClaimDocument, createClaim, createUser, sessionOf, TEST_PASSWORD, tokenFor } from './helpers/fixtures'
import { makePdf } from './helpers/uploads'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-instances-'))
  dirs.push(dir)
  return dir
}

function configFor(overrides: Partial<AppConfig>): AppConfig {
  return loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: tempDir(), clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false, ...overrides },
  )
}

/** Two apps (two "instances") on one database. */
async function twoInstances(handle: DbHandle, overrides: Partial<AppConfig>): Promise<[FastifyInstance, FastifyInstance]> {
  const a = await buildApp({ config: configFor(overrides), db: handle, closeDbWithApp: false })
  const b = await buildApp({ config: configFor(overrides), db: handle, closeDbWithApp: false })
  await Promise.all([a.ready(), b.ready()])
  return [a, b]
}

let handle: DbHandle
let drop: () => Promise<void>
const apps: FastifyInstance[] = []

beforeAll(async () => {
  ;({ handle, drop } = await openTestDb())
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await drop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('false')).toBe(false)
    expect(parseTrustProxy('true')).toBe(true)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8'])
  })

  it('keys requests without a session by the client address X-Forwarded-For names only when the proxy is trusted', async () => {
    const trusting = await buildApp({ config: configFor({ trustProxy: ['127.0.0.1'], rateLimitPerMinute: 2 }), db: handle, closeDbWithApp: false })
    const direct = await buildApp({ config: configFor({ trustProxy: false, rateLimitPerMinute: 2 }), db: handle, closeDbWithApp: false })
    apps.push(trusting, direct)
    const call = (app: FastifyInstance, client: string) =>
      app.inject({ method: 'GET', url: '/api/docs', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } })
    // Behind the trusted proxy every client has its own budget of 2 a minute.
    for (const client of ['203.0.113.1', '203.0.113.2']) {
      expect((await call(trusting, client)).statusCode).toBe(200)
      expect((await call(trusting, client)).statusCode).toBe(200)
    }
    const third = await call(trusting, '203.0.113.1')
    expect(third.statusCode).toBe(429)
    expect(third.json()).toEqual({ success: false, response: null, reason: 'Demasiadas solicitudes; hay que esperar unos minutos para intentarlo de nuevo' })
    // Not trusted: the header is ignored and everybody is the proxy.
    expect((await call(direct, '203.0.113.1')).statusCode).toBe(200)
    expect((await call(direct, '203.0.113.2')).statusCode).toBe(200)
    expect((await call(direct, '203.0.113.3')).statusCode).toBe(429)
  })
})

describe('the sign-in throttle is shared by the instances', () => {
  it('3 failures on one instance and 2 on the other block the 6th attempt, even with the right password', async () => {
    const [a, b] = await twoInstances(handle, {})
    apps.push(a, b)
    const user = await createUser(handle.db, 0)
    let n = 0
    const login = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authtoken: TEST_CLIENT_TOKEN },
        payload: { email: user.email, password, role: 0 },
        remoteAddress: `10.9.0.${++n}`,
      })
    for (const app of [a, a, a, b, b]) expect((await login(app, 'Mala#2026')).statusCode).toBe(401)
    for (const app of [a, b]) {
      const res = await login(app, TEST_PASSWORD)
      expect(res.statusCode).toBe(429)
      expect(res.json()).toEqual({ success: false, response: null, reason: 'Score de captcha insuficiente' })
    }
  })
})

/** The per-user limit of 5 a minute, counted across two instances with the given store. */
async function expectSharedUserLimit(overrides: Partial<AppConfig>) {
  const [a, b] = await twoInstances(handle, { rateLimitPerMinute: 5, ...overrides })
  apps.push(a, b)
  const one = await createUser(handle.db, 1)
  const other = await createUser(handle.db, 1)
  const call = async (app: FastifyInstance, user: typeof one, remoteAddress: string) =>
    app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authtoken: TEST_CLIENT_TOKEN, authorization: `Bearer ${await tokenFor(app, sessionOf(user))}` },
      remoteAddress,
    })
  // One user from five addresses over both instances: the budget follows the token's subject, not the address.
  const statuses = []
  for (const [i, app] of [a, b, a, b, a].entries()) statuses.push((await call(app, one, `10.8.0.${i}`)).statusCode)
  expect(statuses).toEqual([200, 200, 200, 200, 200])
  const sixth = await call(b, one, '10.8.0.9')
  expect(sixth.statusCode).toBe(429)
  expect(sixth.json().reason).toBe('Demasiadas solicitudes; hay que esperar unos minutos para intentarlo de nuevo')
  expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)
  // Another user from the same address still has a whole budget.
  expect((await call(a, other, '10.8.0.9')).statusCode).toBe(200)
}

describe('the per-user rate limit is shared by the instances', () => {
  it('in the database (rate_limits)', async () => {
    await expectSharedUserLimit({ rateLimitStore: 'database' })
    const rows = await handle.db.execute(sql`select count(*)::int as n from rate_limits`)
    expect(Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeGreaterThan(0)
  })

  const redisUp = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: 6379 })
      socket.once('connect', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
      socket.setTimeout(1000, () => (socket.destroy(), resolve(false)))
    })

  it('in Redis (REDIS_URL), under a key prefix of its own', async (ctx) => {
    if (!(await redisUp())) ctx.skip('no Redis on 127.0.0.1:6379')
    await expectSharedUserLimit({ rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: `portal-test-${randomBytes(6).toString('hex')}:` })
  })
})

describe('/healthz and /readyz', () => {
  it('answer the envelope, and /readyz answers 503 while draining or without the latest migration', async () => {
    const app = await buildApp({ config: configFor({}), db: handle, closeDbWithApp: false })
    apps.push(app)
    const healthz = await app.inject({ method: 'GET', url: '/healthz' })
    expect(healthz.statusCode).toBe(200)
    expect(healthz.json()).toEqual({ success: true, response: { estado: 'vivo' }, reason: '' })
    expect(healthz.headers['cache-control']).toBe('no-store')
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ success: true, response: { estado: 'listo' } })

    const latest = await handle.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    )
    const row = (latest as unknown as { rows: Array<{ hash: string; created_at: string }> }).rows[0]!
    const behind = await app.inject({ method: 'GET', url: '/readyz' })
    await handle.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`)
    expect(behind.statusCode).toBe(503)
    expect(behind.json()).toEqual({ success: false, response: null, reason: 'La base de datos no tiene todas las migraciones aplicadas' })

    app.draining = true
    const draining = await app.inject({ method: 'GET', url: '/readyz' })
    expect(draining.statusCode).toBe(503)
    expect(draining.json()).toEqual({ success: false, response: null, reason: 'El servicio se está deteniendo' })
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })

  it('/readyz answers 503 when the database does not answer', async () => {
    const down = Object.create(handle.db, { execute: { value: () => Promise.reject(new Error('connection refused')) } }) as DbHandle['db']
    const app = await buildApp({ config: configFor({}), db: { ...handle, db: down }, closeDbWithApp: false })
    apps.push(app)
    const res = await app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'La base de datos no responde' })
  })
})

describe('orphan-file sweep', () => {
  it('removes only files that no row names and that are older than the grace period', async () => {
    const store = createLocalFileStore(tempDir())
    const executive = await createUser(handle.db, 0)
    const { claim } = await createClaim(handle.db, { idEjecutivo: executive.idUser, statusId: 1 })
    const kept = await attachClaimDocument(handle.db, store, claim.idEvento, 1)
    const oldOrphan = await store.put(await makePdf('huérfano'), 'pdf')
    const youngOrphan = await store.put(await makePdf('subida en curso'), 'pdf')
    const hourAgo = new Date(Date.now() - 3_600_000)
    for (const key of [kept.storageKey, oldOrphan]) utimesSync(path.join(store.root, key), hourAgo, hourAgo)
    // A file of two months ago, outside the folders a sweep walks, and a stray name that is not a key.
    const [oldFolder] = monthFolders(Date.now() - 62 * 86_400_000, Date.now() - 62 * 86_400_000)
    mkdirSync(path.join(store.root, oldFolder!), { recursive: true })
    const ancient = `${oldFolder}/00000000-0000-4000-8000-000000000000.pdf`
    writeFileSync(path.join(store.root, ancient), 'x')
    const twoMonthsAgo = new Date(Date.now() - 62 * 86_400_000)
    utimesSync(path.join(store.root, ancient), twoMonthsAgo, twoMonthsAgo)
    writeFileSync(path.join(store.root, oldFolder!, 'leeme.txt'), 'x')

    const result = await sweepOrphans(handle.db, store, { graceMs: 600_000 })
    expect(result.removed).toEqual([oldOrphan])
    expect(await store.listKeys()).toEqual([kept.storageKey, youngOrphan, ancient].sort())

    const wide = await sweepOrphans(handle.db, store, { graceMs: 600_000, lookbackDays: 90 })
    expect(wide.removed).toEqual([ancient])
  })

  it('lists the month folders a window covers', () => {
    expect(monthFolders(Date.UTC(2025, 10, 20), Date.UTC(2026, 1, 3))).toEqual(['2025/11', '2025/12', '2026/01', '2026/02'])
  })
})
