/**
 * Prometheus metrics at GET /metrics (issue 25, item 2), with prom-client, in the text format Prometheus scrapes.
 * Only the addresses of METRICS_ALLOW may read them (loopback by default, server/observability/metricsAccess.ts);
 * anyone else gets 403. Outside /api: no client header, no session, no rate limit.
 *
 * What is measured (each app has its own registry, so tests that build several apps do not mix their figures):
 * - portal_http_request_duration_seconds{method,route,status_code}: a histogram per route pattern (`/api/event/by-id/:id`,
 *   never the raw URL, so the number of series stays bounded; `(sin ruta)` for 404s) and status.
 * - portal_http_requests_in_flight: requests received and not answered yet.
 * - portal_outbox_mails{state} (pending, sending, failed) and portal_outbox_oldest_pending_age_seconds: the mail
 *   outbox (server/notifications/), read from the database at each scrape.
 * - portal_db_pool_connections{state} (in_use, idle, waiting, max) on PostgreSQL; portal_pglite_queue_depth on PGlite.
 * - portal_rate_limit_store_errors_total, portal_rate_limit_store_fallback (1 while Redis' counts go to the fallback).
 * - portal_upload_bytes_total: bytes received into the upload staging area (server/storage/fileStore.ts) and the
 *   bytes of resumable uploads' PATCH bodies (server/routes/uploads.ts).
 * - Node's own (nodejs_*, process_*): event-loop lag, heap, GC, CPU, resident memory.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'drizzle-orm'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { DbHandle } from '../db/client'
import { fail } from '../lib/envelope'
import { metricsAllowList } from './metricsAccess'

export const METRICS_FORBIDDEN = 'Las métricas solo se leen desde las direcciones de METRICS_ALLOW'
const NO_ROUTE = '(sin ruta)'
/** The outbox query must not hold a scrape while the database is slow or gone. */
const OUTBOX_TIMEOUT_MS = 1_000

const counted = Symbol('portal.metrics.inFlight')
type CountedRequest = FastifyRequest & { [counted]?: boolean }

export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: { allow: readonly string[]; stats?: DbHandle['stats'] }) {
    const allowed = metricsAllowList(opts.allow)
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const registers = [registry]

    const duration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Duración de las solicitudes HTTP por ruta y estado',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    const inFlight = new Gauge({ name: 'portal_http_requests_in_flight', help: 'Solicitudes recibidas y aún sin respuesta', registers })

    // prom-client awaits each metric's collect(); the outbox gauges share one query.
    const outboxMails = new Gauge({
      name: 'portal_outbox_mails',
      help: 'Correos de la bandeja de salida por estado',
      labelNames: ['state'] as const,
      registers,
      collect: () => readOutbox(),
    })
    const oldestPending = new Gauge({
      name: 'portal_outbox_oldest_pending_age_seconds',
      help: 'Antigüedad del correo pendiente más antiguo (0 si no hay)',
      registers,
      collect: () => readOutbox(),
    })
    // One query for the three outbox gauges, at most once per scrape.
    let outboxRead: Promise<void> | undefined
    const readOutbox = () =>
      (outboxRead ??= (async () => {
        try {
          const result = await Promise.race([
            app.db.execute(sql`select
                count(*) filter (where delivery = 'pending')::int as pending,
                count(*) filter (where delivery = 'sending')::int as sending,
                count(*) filter (where delivery = 'failed')::int as failed,
                coalesce(extract(epoch from now() - min(created_at) filter (where delivery in ('pending', 'sending'))), 0)::float8 as oldest
              from notifications where delivery in ('pending', 'sending', 'failed')`),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('sin respuesta')), OUTBOX_TIMEOUT_MS).unref()),
          ])
          const row = (result as unknown as { rows: Array<Record<'pending' | 'sending' | 'failed' | 'oldest', unknown>> }).rows[0]
          outboxMails.set({ state: 'pending' }, Number(row?.pending ?? 0))
          outboxMails.set({ state: 'sending' }, Number(row?.sending ?? 0))
          outboxMails.set({ state: 'failed' }, Number(row?.failed ?? 0))
          oldestPending.set(Number(row?.oldest ?? 0))
        } catch (err) {
          // The database is down: the scrape still answers, with the process's figures and the last outbox values.
          app.log.warn(`métricas: no se pudo leer la bandeja de salida (${(err as Error).message})`)
        } finally {
          outboxRead = undefined
        }
      })())

    const stats = opts.stats
    if (stats) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'Conexiones del pool de PostgreSQL (in_use, idle, waiting: consultas esperando conexión, max)',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const now = stats()
          if (now.kind !== 'postgres') return
          this.set({ state: 'in_use' }, now.inUse)
          this.set({ state: 'idle' }, now.idle)
          this.set({ state: 'waiting' }, now.waiting)
          this.set({ state: 'max' }, now.max)
        },
      })
      new Gauge({
        name: 'portal_pglite_queue_depth',
        help: 'Llamadas enviadas al hilo de PGlite aún sin respuesta',
        registers,
        collect() {
          const now = stats()
          if (now.kind === 'pglite') this.set(now.queued)
        },
      })
    }

    new Counter({
      name: 'portal_rate_limit_store_errors_total',
      help: 'Conteos de límites de solicitudes que el almacén no pudo hacer (la solicitud siguió)',
      registers,
      collect() {
        this.reset()
        this.inc(app.rateLimitState?.errors ?? 0)
      },
    })
    new Gauge({
      name: 'portal_rate_limit_store_fallback',
      help: '1 mientras los límites se cuentan fuera de Redis porque Redis no responde',
      registers,
      collect() {
        const state = app.rateLimitState
        this.set(state && state.active !== state.configured ? 1 : 0)
      },
    })

    const uploadBytes = new Counter({ name: 'portal_upload_bytes_total', help: 'Bytes de archivos subidos recibidos', registers })
    const stage = app.fileStore.stage
    app.fileStore.stage = async (source) => {
      const staged = await stage(source)
      uploadBytes.inc(staged.size)
      return staged
    }
    // Resumable uploads (issue 22) stream PATCH bodies straight to their store: the route counts them here.
    app.decorate('recordUploadBytes', (bytes: number) => uploadBytes.inc(bytes))

    // Callback hooks (every request; nothing to wait for): an async hook costs a promise and a microtask turn.
    app.addHook('onRequest', (request: CountedRequest, _reply, next) => {
      request[counted] = true
      inFlight.inc()
      next()
    })
    const done = (request: CountedRequest) => {
      if (!request[counted]) return
      request[counted] = false
      inFlight.dec()
    }
    app.addHook('onRequestAbort', async (request: CountedRequest) => done(request))
    app.addHook('onResponse', (request: CountedRequest, reply, next) => {
      done(request)
      duration.observe(
        { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      )
      next()
    })

    app.get('/metrics', { config: { auth: 'public', rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request.ip)) return reply.code(403).header('cache-control', 'no-store').send(fail(METRICS_FORBIDDEN))
      const body = await registry.metrics()
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body)
    })
  },
  { name: 'metrics', dependencies: ['db', 'fileStore'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds to portal_upload_bytes_total (bytes of a resumable upload that reached the server). */
    recordUploadBytes?: (bytes: number) => void
  }
}
