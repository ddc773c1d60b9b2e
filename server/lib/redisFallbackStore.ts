/**
 * The rate-limit store with Redis (REDIS_URL) that never makes a request wait for a Redis that is gone.
 *
 * Before (issue 25): a Redis that was down made every rate-limited request wait about 1 s for its command timeout,
 * then let it through uncounted (the limits silently off). Now:
 * - Commands are never queued while the connection is down (`enableOfflineQueue: false`): they fail at once, and the
 *   count goes to the fallback store instead: PostgreSQL's `rate_limits` when DATABASE_URL is set (shared by the
 *   instances, server/lib/databaseRateLimitStore.ts), else this instance's memory (PGlite is one process).
 * - A command that does not answer within COMMAND_TIMEOUT_MS (a Redis that hangs rather than closes) counts in the
 *   fallback too, and the fallback is used without asking Redis for COOL_OFF_MS, so a slow Redis costs one request at
 *   most that much, not every request.
 * - The switch is logged once each way (a warning when Redis stops answering, an info line when it is back), not
 *   once per request; /readyz says where the counters are (server/health.ts) and stays ready.
 * - ioredis keeps reconnecting in the background (every RECONNECT_MAX_MS at most), so a Redis that comes back is used
 *   again without a restart. Counts made in the fallback meanwhile stay there: a user may get up to one more budget
 *   in the minute of the switch, the price of never blocking on the counters.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { RateLimitState } from './rateLimitState'

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1]

const COMMAND_TIMEOUT_MS = 50
const COOL_OFF_MS = 1_000
const RECONNECT_MAX_MS = 1_000

/** ioredis settings for the counters: fail fast, reconnect for ever. */
export const redisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1_000,
  retryStrategy: (times: number) => Math.min(100 * times, RECONNECT_MAX_MS),
} as const

interface Health {
  /** The connection is ready and no command failed in the last COOL_OFF_MS. */
  usable: () => boolean
  failed: (reason: string) => void
  answered: () => void
  /** The app is closing: the connection's end is no outage. */
  stop: () => void
}

/** Tracks Redis' connection and logs each switch once. */
export function watchRedis(redis: Redis, state: RateLimitState, fallback: RateLimitState['active'], log: FastifyBaseLogger): Health {
  let coolOffUntil = 0
  // Until the first connection is ready the counts go to the fallback; that is an outage only if it fails.
  let warned = false
  let stopped = false
  state.active = redis.status === 'ready' ? 'redis' : fallback
  const degrade = (reason: string) => {
    if (stopped) return
    state.active = fallback
    if (warned) return
    warned = true
    log.warn(`Redis (límites de solicitudes) no responde (${reason}): se cuentan en ${fallback === 'database' ? 'PostgreSQL' : 'memoria'} hasta que vuelva`)
  }
  const recover = () => {
    state.active = 'redis'
    if (!warned) return
    warned = false
    log.info('Redis (límites de solicitudes) responde de nuevo: los límites vuelven a contarse en Redis')
  }
  redis.on('ready', () => {
    coolOffUntil = 0
    recover()
  })
  // ioredis emits 'error' on every failed reconnection: the switch is logged once, in degrade().
  redis.on('error', (err: Error) => degrade(err.message))
  redis.on('close', () => degrade('conexión cerrada'))
  return {
    usable: () => redis.status === 'ready' && Date.now() >= coolOffUntil,
    failed: (reason) => {
      coolOffUntil = Date.now() + COOL_OFF_MS
      degrade(reason)
    },
    // A command that timed out on a connection that stayed open: the next one that answers ends the outage.
    answered: recover,
    stop: () => {
      stopped = true
    },
  }
}

/**
 * A store class for @fastify/rate-limit: Redis' (the plugin's own Lua script, through `redisStore`) while Redis is
 * usable, the fallback's otherwise.
 */
export function redisFallbackStore(opts: {
  redisStore: FastifyRateLimitStore
  fallback: FastifyRateLimitStore
  health: Health
  state: RateLimitState
}): FastifyRateLimitStoreCtor {
  const { health, state } = opts

  class RedisFallbackStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly redisStore: FastifyRateLimitStore = opts.redisStore,
      private readonly fallback: FastifyRateLimitStore = opts.fallback,
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      if (!health.usable()) return this.fallback.incr(key, callback, timeWindow, max)
      let settled = false
      const toFallback = (reason: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        state.errors += 1
        health.failed(reason)
        this.fallback.incr(key, callback, timeWindow, max)
      }
      const timer = setTimeout(() => toFallback(`sin respuesta en ${COMMAND_TIMEOUT_MS} ms`), COMMAND_TIMEOUT_MS)
      this.redisStore.incr(
        key,
        (err, result) => {
          if (err) return toFallback(err.message)
          if (settled) return
          settled = true
          clearTimeout(timer)
          health.answered()
          callback(null, result)
        },
        timeWindow,
        max,
      )
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new RedisFallbackStore({}, this.redisStore.child(routeOptions), this.fallback.child(routeOptions))
    }
  }
  return RedisFallbackStore
}
