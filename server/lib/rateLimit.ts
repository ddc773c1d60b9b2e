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
 * memory with PGlite (one process). A store that fails lets the request through (logged): an outage of the
 * counters must not take the portal down with it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyRateLimitOptions } from '@fastify/rate-limit'
import { lt, sql } from 'drizzle-orm'
import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { databaseRateLimitStore } from './databaseRateLimitStore'

/** `u:{idUser}` / `c:{idColaborador}` for a session (the token's `sub`), `ip:{address}` otherwise. */
function rateLimitKey(request: FastifyRequest): string {
  const session = request.session
  if (session?.kind === 'user') return `u:${session.idUser}`
  if (session?.kind === 'collaborator') return `c:${session.idColaborador}`
  return `ip:${request.ip}`
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
    skipOnError: true,
  }
  if (config.rateLimitStore === 'redis' && config.redisUrl) {
    const { Redis } = await import('ioredis')
    // A request must not wait for a Redis that is gone: fail fast, and skipOnError lets it through.
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 })
    redis.on('error', (err: Error) => app.log.warn(`Redis (límites de solicitudes): ${err.message}`))
    return {
      options: { ...base, redis, nameSpace: config.redisKeyPrefix },
      close: async () => {
        await redis.quit().catch(() => redis.disconnect())
      },
    }
  }
  if (config.rateLimitStore === 'database') {
    return { options: { ...base, store: databaseRateLimitStore(db) }, close: async () => undefined }
  }
  return { options: base, close: async () => undefined }
}
