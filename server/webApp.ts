/**
 * Serves the built browser app and its runtime configuration. The app reads /app-config.js (an external script,
 * so the CSP needs no inline script) to learn the client token and partner prefix without a rebuild.
 * Unknown non-API GETs get index.html so the client router can show its own 404 page.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config'
import { fail } from './lib/envelope'

export function runtimeConfigScript(config: AppConfig): string {
  const runtime = {
    apiBase: '',
    clientToken: config.clientToken,
    partnerPrefix: config.partnerPrefix,
    partnerName: config.partnerName,
    internalEmailDomains: config.internalEmailDomains,
    maxUploadMb: config.maxUploadMb,
  }
  return `window.__PORTAL_CONFIG__ = ${JSON.stringify(runtime)};\n`
}

export async function registerWebApp(app: FastifyInstance, config: AppConfig) {
  app.get('/app-config.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(runtimeConfigScript(config)),
  )

  const root = config.staticDir && existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : null
  if (root) {
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] })
    // hashed assets are immutable; index.html must always be fresh
    app.get('/assets/*', { schema: { hide: true } }, async (request, reply) => {
      const file = (request.params as { '*': string })['*']
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path.join('assets', file))
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && root) {
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').sendFile('index.html')
    }
    return reply.code(404).send(fail('Ruta no encontrada'))
  })
}
