/**
 * Request rate limits (@fastify/rate-limit), keyed by who is calling and stored where every instance sees them.
 *
 * Key: a signed-in call counts against its token's subject (`u:{idUser}` or `c:{idColaborador}`), so many users
 * behind one proxy or office NAT no longer share one budget; a call without a session (sign-in, the public routes)
 * counts against the client's IP (the real one when TRUST_PROXY names the proxy). The plugin runs its check as a
 * route-level onRequest hook, which Fastify runs after the auth plugin's hook, so the session is known by then.
 *
 * Store (config.rateLimitStore): Redis when REDIS_URL is set (the plugin's own Lua store); the PostgreSQL server
 * every instance shares when DATABASE_URL is set (`rate_limits`, reserved in slices: databaseRateLimitStore.ts);
 * memory with PGlite (one process). A Redis that is down or slow is never waited for: the counts go to the PostgreSQL
 * or memory store until it answers again (redisFallbackStore.ts). A store that fails lets the request through (counted
 * in app.rateLimitState, /metrics): an outage of the counters must not take the portal down with it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { lt, sql } from 'drizzle-orm'
import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { databaseRateLimitStore } from './databaseRateLimitStore'
import { newRateLimitState, type RateLimitState } from './rateLimitState'
import { redisFallbackStore, redisOptions, watchRedis } from './redisFallbackStore'

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitState: RateLimitState
  }
}

/** `u:{idUser}` / `c:{idColaborador}` for a session (the token's `sub`), `ip:{address}` otherwise. */
function rateLimitKey(request: FastifyRequest): string {
  const session = request.session
  if (session?.kind === 'user') return `u:${session.idUser}`
  if (session?.kind === 'collaborator') return `c:${session.idColaborador}`
  return `ip:${request.ip}`
}

/**
 * The build's hashed files (/assets/…) are not counted: immutable, precompressed, cached a year by the browser, and
 * many per page since each screen loads its own chunks and prefetches the rest of its area (issue 24): a few
 * people opening the portal from one office address used to spend the whole address's budget on scripts.
 */
function isBuildAsset(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/assets/')
}

/** Removes the counters whose window ended (the maintenance timer calls it; the table keeps only live windows). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 minute'`))
}

/** The plugin's options for this configuration, and what to close with the app. */
export async function rateLimitOptions(
  app: FastifyInstance,
  config: AppConfig,
  db: Db,
): Promise<{ options: FastifyRateLimitOptions; close: () => Promise<void> }> {
  const base: FastifyRateLimitOptions = {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    allowList: isBuildAsset,
    skipOnError: true,
  }
  const state = newRateLimitState(config.rateLimitStore)
  app.decorate('rateLimitState', state)
  if (config.rateLimitStore === 'redis' && config.redisUrl) {
    const { Redis } = await import('ioredis')
    const { default: RedisStore } = await import('@fastify/rate-limit/store/RedisStore.js')
    const { default: LocalStore } = await import('@fastify/rate-limit/store/LocalStore.js')
    const redis = new Redis(config.redisUrl, redisOptions)
    // Several instances share PostgreSQL when DATABASE_URL is set: their fallback counters stay shared too.
    const fallbackKind = config.databaseUrl ? 'database' : 'memory'
    const fallback = fallbackKind === 'database' ? new (databaseRateLimitStore(db))({}) : new LocalStore(false, false)
    const health = watchRedis(redis, state, fallbackKind, app.log)
    await firstConnection(redis)
    const store = redisFallbackStore({ redisStore: new RedisStore(false, false, redis, config.redisKeyPrefix), fallback, health, state })
    return {
      options: { ...base, store: countingStore(store, state) },
      close: async () => {
        health.stop()
        await redis.quit().catch(() => redis.disconnect())
      },
    }
  }
  if (config.rateLimitStore === 'database') {
    return { options: { ...base, store: countingStore(databaseRateLimitStore(db), state) }, close: async () => undefined }
  }
  return { options: base, close: async () => undefined }
}

/**
 * Waits (at start only) for Redis' first connection, so the first requests count where they should; a Redis that
 * refuses or does not answer in FIRST_CONNECTION_MS leaves the counts in the fallback until it does.
 */
const FIRST_CONNECTION_MS = 1_000
async function firstConnection(redis: import('ioredis').Redis): Promise<void> {
  if (redis.status === 'ready') return
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      redis.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, FIRST_CONNECTION_MS)
    redis.once('ready', done)
    redis.once('error', done)
  })
}

/** The same store, counting in `state.errors` each count it could not make. */
function countingStore(Store: FastifyRateLimitStoreCtor, state: RateLimitState): FastifyRateLimitStoreCtor {
  const wrap = (inner: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr: (key, callback, timeWindow, max) =>
      inner.incr(
        key,
        (err, result) => {
          if (err) state.errors += 1
          callback(err, result)
        },
        timeWindow,
        max,
      ),
    child: (routeOptions) => wrap(inner.child(routeOptions)),
  })
  return class CountingStore {
    constructor(options: FastifyRateLimitOptions) {
      return wrap(new Store(options))
    }
  } as unknown as FastifyRateLimitStoreCtor
}
