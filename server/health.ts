/**
 * Probes for a process manager or load balancer, outside /api (no client header, no token, no rate limit):
 * - GET /healthz: the process answers (liveness). Never touches the database.
 * - GET /readyz: this instance should get traffic: the database answers and every migration of this build is
 *   applied; 503 (in the envelope, with the Spanish reason) when not, and from the moment a SIGTERM starts the
 *   graceful shutdown (server/main.ts), so a balancer that polls it stops sending new requests first. With REDIS_URL
 *   its body also says where the rate-limit counters are (`limites`), with an `aviso` while Redis does not answer.
 *   With S3_BUCKET it says `archivos: 's3'`, and `avisoArchivos` while the bucket does not answer: the instance stays
 *   ready (only uploads and downloads fail, with 503; lists, claims and sign-in go on), as with Redis.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { MIGRATIONS_FOLDER } from './db/client'
import { fail, ok } from './lib/envelope'
import { rateLimitNotice, type RateLimitState } from './lib/rateLimitState'
import type { FileStore } from './storage/fileStore'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the graceful shutdown began: /readyz answers 503 from then on. */
    draining: boolean
  }
}

/** `when` of the newest migration in this build's journal (drizzle records it as the migration's created_at). */
function latestMigrationMillis(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

/**
 * With REDIS_URL, where the rate-limit counters are right now: a Redis that does not answer leaves the instance ready
 * (the counters moved to PostgreSQL or memory, server/lib/redisFallbackStore.ts), and the body says so.
 */
function countersOf(state: RateLimitState | undefined): { limites?: string; aviso?: string } {
  if (!state || state.configured !== 'redis') return {}
  const notice = rateLimitNotice(state)
  const where = { redis: 'redis', database: 'postgres', memory: 'memoria' }[state.active]
  return notice ? { limites: where, aviso: notice } : { limites: where }
}

/** With S3, whether the bucket answers (a HeadBucket within the client's timeouts). */
async function filesOf(store: FileStore): Promise<{ archivos?: string; avisoArchivos?: string }> {
  if (store.kind !== 's3') return {}
  const notice = await store.probe()
  return notice ? { archivos: 's3', avisoArchivos: notice } : { archivos: 's3' }
}

const probe = { config: { auth: 'public' as const, rateLimit: false as const }, schema: { hide: true } }

const notReady = (reply: FastifyReply, reason: string) => reply.code(503).header('cache-control', 'no-store').send(fail(reason))

export default fp(
  async function healthRoutes(app: FastifyInstance) {
    app.decorate('draining', false)
    const expected = latestMigrationMillis()

    app.get('/healthz', probe, async (_request, reply) => reply.header('cache-control', 'no-store').send(ok({ estado: 'vivo' })))

    app.get('/readyz', probe, async (request, reply) => {
      if (app.draining) return notReady(reply, 'El servicio se está deteniendo')
      let applied: number
      try {
        const result = await app.db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)
        const row = (result as unknown as { rows: Array<{ last: unknown }> }).rows[0]
        applied = Number(row?.last ?? 0)
      } catch (err) {
        request.log.warn(`readyz: ${(err as Error).message}`)
        return notReady(reply, 'La base de datos no responde')
      }
      if (!(applied >= expected)) return notReady(reply, 'La base de datos no tiene todas las migraciones aplicadas')
      return reply.header('cache-control', 'no-store').send(ok({ estado: 'listo', db: app.dbKind, ...countersOf(app.rateLimitState), ...(await filesOf(app.fileStore)) }))
    })
  },
  { name: 'health', dependencies: ['db', 'fileStore'] },
)
