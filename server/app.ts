/**
 * Builds the Fastify app: external plugins, then ours (db, auth), then one plugin per API group, then the built
 * browser app. Tests call buildApp with an open database and use `inject`; server/main.ts listens on a port.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import type { AppConfig } from './config'
import type { DbHandle } from './db/client'
import dbPlugin from './db/plugin'
import busPlugin from './bus/plugin'
import authPlugin from './auth/plugin'
import fileStorePlugin from './storage/plugin'
import { tokenKeys } from './auth/tokens'
import { registerErrorHandler } from './lib/errorHandler'
import { fail, ok } from './lib/envelope'
import { registerStrictNumbers } from './lib/strictNumbers'
import { registerSecurityHeaders } from './lib/securityHeaders'
import { registerWellFormedText } from './lib/wellFormedText'
import authRoutes from './routes/auth'
import catalogRoutes from './routes/catalog'
import eventRoutes from './routes/events'
import fileRoutes from './routes/files'
import userRoutes from './routes/users'
import signupRoutes from './routes/signup'
import roleCatalogRoutes from './routes/roleCatalog'
import notificationRoutes from './routes/notifications'
import serviceLevelRoutes from './routes/serviceLevels'
import liveRoutes from './routes/live'
import uploadRoutes from './routes/uploads'
import notificationWorkerPlugin from './notifications/plugin'
import { registerWebApp } from './webApp'
import healthRoutes from './health'
import { rateLimitOptions } from './lib/rateLimit'
import { loggerOptions, registerRequestIdHeader, requestIdOf, REQUEST_ID_HEADER } from './observability/logging'
import metricsPlugin from './observability/metrics'
import { tracingPlugin } from './observability/tracing'
import type { Writable } from 'node:stream'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
  }
}

export interface BuildAppOptions {
  config: AppConfig
  db: DbHandle
  /** Close the database when the app closes (true for the server; tests may share one). */
  closeDbWithApp?: boolean
  /** Run the notification worker with the app (the listening server; API tests drive their own). */
  notificationWorker?: boolean
  /** Where JSON log lines go instead of standard output (tests read them). */
  logStream?: Writable
}

/** A hop count as Fastify applies it (its types only accept the function form): trust the nearest `hops` proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export async function buildApp({ config, db, closeDbWithApp = true, notificationWorker = false, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // Every log line of a request carries its id (reqId), and every answer too (X-Request-Id, observability/logging.ts).
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY (server/config.ts): behind nginx, request.ip is the client's address from X-Forwarded-For.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // During a graceful shutdown a request that still arrives on an open keep-alive connection is served (with
    // `Connection: close`) instead of Fastify's bare 503 body, which is not our envelope.
    return503OnClosing: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Fastify's own refusals (a malformed percent-encoding, a path parameter over 100 characters) answer the envelope
    // with a Spanish reason like every other error.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .header(REQUEST_ID_HEADER, request.id)
        .send(fail('La dirección solicitada no es válida'))
    },
  })
  app.decorate('config', config)
  registerRequestIdHeader(app)
  // OpenTelemetry: a span per request when tracing was started (OTEL_EXPORTER_OTLP_ENDPOINT, server/main.ts).
  const tracing = tracingPlugin()
  if (tracing) await app.register(tracing)
  registerErrorHandler(app)
  registerStrictNumbers(app)
  registerWellFormedText(app)
  // API answers are personal and change with every action: never stored by a browser or a shared cache. A callback
  // hook (every answer, nothing to wait for): an async one costs a promise and a microtask turn each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The document viewer's pdf.js worker is a hashed file of our own build, started with `new Worker(url)`:
        // 'self' is all it needs (no blob: — pdf.js wraps only a cross-origin worker in one — and, with
        // isEvalSupported and useWasm off, no 'unsafe-eval' or 'wasm-unsafe-eval'; see
        // src/features/documents/pdfEngine.ts). Spelled out so a later change to script-src cannot widen workers.
        workerSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The portal is often served over plain http (localhost, a LAN address); TLS termination belongs to a proxy.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  })
  const limits = await rateLimitOptions(app, config, db.db)
  app.addHook('onClose', limits.close)
  await app.register(rateLimit, limits.options)
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 3, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  })
  await app.register(swagger, {
    openapi: { info: { title: 'Portal de trámites API', version: '1.0.0' } },
  })

  await app.register(dbPlugin, { handle: db, closeWithApp: closeDbWithApp })
  await app.register(busPlugin, { handle: db })
  await app.register(fileStorePlugin, { dataDir: config.dataDir, s3: config.s3 })
  await app.register(metricsPlugin, { allow: config.metricsAllow, stats: db.stats })
  await app.register(authPlugin, { clientToken: config.clientToken, keys: tokenKeys(config.jwtSecret, config.accessTokenTtl) })

  await app.register(healthRoutes)
  app.get('/api/docs', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger())
  app.get('/api/health', { config: { auth: 'public' }, schema: { hide: true } }, async () => ok({ db: app.dbKind }))

  await app.register(authRoutes)
  await app.register(signupRoutes)
  await app.register(roleCatalogRoutes)
  await app.register(catalogRoutes)
  await app.register(eventRoutes)
  await app.register(fileRoutes)
  await app.register(userRoutes)
  await app.register(notificationRoutes)
  await app.register(serviceLevelRoutes)
  await app.register(liveRoutes)
  await app.register(uploadRoutes, { maxUploadMb: config.maxUploadMb })
  if (notificationWorker) await app.register(notificationWorkerPlugin)

  await registerWebApp(app, config)
  return app
}
