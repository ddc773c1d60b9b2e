/**
 * Builds the Fastify app: external plugins, then ours (db, auth), then one plugin per API group, then the built
 * browser app. Tests call buildApp with an open database and use `inject`; server/main.ts listens on a port.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import type { AppConfig } from './config'
import type { DbHandle } from './db/client'
import dbPlugin from './db/plugin'
import authPlugin from './auth/plugin'
import fileStorePlugin from './storage/plugin'
import { tokenKeys } from './auth/tokens'
import { registerErrorHandler } from './lib/errorHandler'
import { ok } from './lib/envelope'
import authRoutes from './routes/auth'
import catalogRoutes from './routes/catalog'
import eventRoutes from './routes/events'
import fileRoutes from './routes/files'
import userRoutes from './routes/users'
import signupRoutes from './routes/signup'
import roleCatalogRoutes from './routes/roleCatalog'
import { registerWebApp } from './webApp'

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
}

export async function buildApp({ config, db, closeDbWithApp = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  })
  app.decorate('config', config)
  registerErrorHandler(app)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  await app.register(rateLimit, { global: true, max: 1000, timeWindow: '1 minute' })
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 3, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  })
  await app.register(swagger, {
    openapi: { info: { title: 'Portal de trámites API', version: '1.0.0' } },
  })

  await app.register(dbPlugin, { handle: db, closeWithApp: closeDbWithApp })
  await app.register(fileStorePlugin, { dataDir: config.dataDir })
  await app.register(authPlugin, { clientToken: config.clientToken, keys: tokenKeys(config.jwtSecret, config.accessTokenTtl) })

  app.get('/api/docs', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger())
  app.get('/api/health', { config: { auth: 'public' }, schema: { hide: true } }, async () => ok({ db: app.dbKind }))

  await app.register(authRoutes, { prefix: '/api/auth' })
  await app.register(signupRoutes, { prefix: '/api/auth' })
  await app.register(roleCatalogRoutes, { prefix: '/api/catalog' })
  await app.register(catalogRoutes, { prefix: '/api/catalog' })
  await app.register(eventRoutes, { prefix: '/api/event' })
  await app.register(fileRoutes, { prefix: '/api/file' })
  await app.register(userRoutes, { prefix: '/api/user' })

  await registerWebApp(app, config)
  return app
}
