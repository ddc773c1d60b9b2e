/**
 * Issue 25, item 5: a Redis (REDIS_URL) that is down, stops mid-run or hangs never makes a request wait for it (at most
 * 50 ms added at p99), the rate limits go on counting in the fallback (PostgreSQL's rate_limits with DATABASE_URL,
 * memory with PGlite) with one warning, /readyz says so in its body while staying ready, and a Redis that comes back
 * is used again without a restart. A real redis-server on a free loopback port, started and stopped by the test.
 */
import { Writable } from 'node:stream'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { DbHandle } from '../../server/db/client'
import { LOGIN_RATE_LIMIT_PER_MINUTE } from '../../server/routes/auth'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, openTestDb, usingPostgres } from './helpers/testApp'
import { createUser, sessionOf, tokenFor } from './helpers/fixtures'
import { throwawayRedis, type ThrowawayRedis } from './helpers/redisServer'

const ADDED_P99_MS = 50
const REQUESTS = 120

let redis: ThrowawayRedis
let handle: DbHandle
let drop: () => Promise<void>
let app: FastifyInstance
let dataDir: string
const lines: Array<{ level: number; msg: string }> = []
let authorization = ''
const prefix = `portal-fault-${process.pid}:`
const fallback = usingPostgres() ? 'postgres' : 'memoria'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!

/** Times REQUESTS signed-in reads, each counted by the per-user limit. */
async function timedReads(): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now()
    const res = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authtoken: TEST_CLIENT_TOKEN, authorization } })
    times.push(performance.now() - started)
    expect(res.statusCode).toBe(200)
  }
  return times
}

async function readyBody() {
  const res = await app.inject({ method: 'GET', url: '/readyz' })
  expect(res.statusCode).toBe(200)
  return res.json().response as { estado: string; limites?: string; aviso?: string }
}

async function waitForCounters(where: string, ms = 5_000): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < ms) {
    if ((await readyBody()).limites === where) return Date.now() - started
    await sleep(50)
  }
  throw new Error(`los límites no pasaron a ${where} en ${ms} ms`)
}

/** Reads until a count is made in Redis again (a hanging or slow Redis is asked again after its cool-off). */
async function untilCountedInRedis(ms = 5_000) {
  const started = Date.now()
  while ((await readyBody()).limites !== 'redis' && Date.now() - started < ms) {
    await app.inject({ method: 'GET', url: '/api/user/me', headers: { authtoken: TEST_CLIENT_TOKEN, authorization } })
    await sleep(100)
  }
  expect((await readyBody()).limites).toBe('redis')
}

/** Sign-in attempts from one new address until one is refused: the limit still counts (30 a minute). */
async function signInLimitHolds(address: string) {
  const statuses: number[] = []
  for (let i = 0; i <= LOGIN_RATE_LIMIT_PER_MINUTE; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { authtoken: TEST_CLIENT_TOKEN }, payload: {}, remoteAddress: address })
    statuses.push(res.statusCode)
  }
  expect(statuses.slice(0, LOGIN_RATE_LIMIT_PER_MINUTE).every((s) => s === 400)).toBe(true)
  expect(statuses.at(-1)).toBe(429)
}

const redisKeys = async () => {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 })
  await client.connect()
  try {
    return await client.keys(`${prefix}*`)
  } finally {
    client.disconnect()
  }
}
const warnings = () => lines.filter((l) => l.level === 40 && l.msg.includes('Redis'))

beforeAll(async () => {
  redis = await throwawayRedis()
  ;({ handle, drop } = await openTestDb())
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-redis-fault-'))
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      clientToken: TEST_CLIENT_TOKEN,
      jwtSecret: TEST_JWT_SECRET,
      staticDir: undefined,
      rateLimitStore: 'redis',
      redisUrl: redis.url,
      redisKeyPrefix: prefix,
      databaseUrl: usingPostgres() ? process.env.TEST_DATABASE_URL : undefined,
      rateLimitPerMinute: 100_000,
    },
  )
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string })
      done()
    },
  })
  // Redis is not running yet: the app starts without it.
  app = await buildApp({ config, db: handle, closeDbWithApp: false, logStream })
  await app.ready()
  const user = await createUser(handle.db, 1)
  authorization = `Bearer ${await tokenFor(app, sessionOf(user))}`
}, 60_000)

afterAll(async () => {
  await app?.close()
  await redis?.stop()
  await drop?.()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('Redis unreachable, stopping, hanging and coming back', () => {
  it('never holds a request, keeps counting in the fallback with one warning, and picks Redis up again', async () => {
    // 1. Started without Redis: ready, counting in the fallback, requests not held.
    const body = await readyBody()
    expect(body.estado).toBe('listo')
    expect(body.limites).toBe(fallback)
    await signInLimitHolds('10.25.0.1')

    // 2. Redis starts: picked up without a restart, counts land in it.
    // 3. Redis stops mid-run: at most 50 ms added at p99, one warning per outage, the limits still hold, /readyz says
    //    so. p99 over 120 requests on a shared 2-core machine moves by more than 50 ms between two runs of the same
    //    code, so a pair of measurements that misses is measured again (three pairs at most): a Redis that made
    //    requests wait (about 1 s each before issue 25) misses every time.
    let withRedis: number[] = []
    let withoutRedis: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      await redis.start()
      expect(await waitForCounters('redis')).toBeLessThan(3_000)
      expect(await readyBody()).toEqual({ estado: 'listo', db: handle.kind, limites: 'redis' })
      withRedis = await timedReads()
      expect((await redisKeys()).length).toBeGreaterThan(0)
      // A command slower than 50 ms on this loaded machine may have sent the counts to the fallback for a second:
      // the outage below must start from counts in Redis.
      await untilCountedInRedis()
      const warningsBefore = warnings().length
      await redis.stop()
      withoutRedis = await timedReads()
      const degraded = await readyBody()
      expect(degraded.limites).toBe(fallback)
      expect(degraded.aviso).toMatch(/^Redis no responde: los límites de solicitudes se cuentan (en PostgreSQL|en la memoria de esta instancia) hasta que vuelva$/)
      await signInLimitHolds(`10.25.${attempt}.2`)
      await timedReads()
      expect(warnings().length - warningsBefore).toBe(1)
      if (p99(withoutRedis) <= p99(withRedis) + ADDED_P99_MS) break
      console.log(`attempt ${attempt}: p99 with Redis ${p99(withRedis).toFixed(1)} ms, stopped ${p99(withoutRedis).toFixed(1)} ms`)
    }
    expect(p99(withoutRedis)).toBeLessThanOrEqual(p99(withRedis) + ADDED_P99_MS)

    // 4. Redis back on the same port: used again within seconds, no restart; an info line says so.
    await redis.start()
    expect(await waitForCounters('redis')).toBeLessThan(3_000)
    await timedReads()
    expect((await redisKeys()).length).toBeGreaterThan(0)
    expect(lines.some((l) => l.level === 30 && l.msg.includes('Redis (límites de solicitudes) responde de nuevo'))).toBe(true)

    // 5. Redis hangs (SIGSTOP: the connection stays open, nothing answers): one request waits its 50 ms, the rest
    //    go straight to the fallback; after SIGCONT the next answered command brings Redis back.
    //    Measured up to three times, as the stop above: on a loaded machine (a CI run beside other suites) the one
    //    request that waits its 50 ms once took 57.8 ms, over the bound by scheduling alone.
    let hanging: number[] = []
    const hangingBound = () => Math.max(p99(withRedis), p99(withoutRedis)) + ADDED_P99_MS
    for (let attempt = 1; attempt <= 3; attempt++) {
      redis.pause()
      try {
        hanging = await timedReads()
        expect((await readyBody()).limites).toBe(fallback)
      } finally {
        redis.resume()
      }
      await untilCountedInRedis()
      if (p99(hanging) <= hangingBound()) break
      console.log(`attempt ${attempt}: p99 with Redis hanging ${p99(hanging).toFixed(1)} ms, bound ${hangingBound().toFixed(1)} ms`)
    }
    expect(p99(hanging)).toBeLessThanOrEqual(hangingBound())
    console.log(
      `Redis fault (${handle.kind}): p99 of ${REQUESTS} reads with Redis ${p99(withRedis).toFixed(1)} ms, ` +
        `stopped ${p99(withoutRedis).toFixed(1)} ms, hanging ${p99(hanging).toFixed(1)} ms`,
    )
  }, 120_000)
})
