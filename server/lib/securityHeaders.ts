/**
 * Security headers (CSP and helmet's others), computed once when the app is built and set on every answer as they
 * are. `@fastify/helmet` ran helmet's middleware on every request, which rebuilt the CSP text each time (about 6 % of
 * the busy time of a one-claim load, issue 27); our directives hold no per-request value (no nonces), so the headers
 * never change between requests.
 *
 * helmet itself computes them, on a real (unsent) Node response, so its defaults and names stay helmet's.
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** The headers helmet sets with `options`, by lower-case name. */
function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()))
  let failure: unknown = null
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error ?? null
  })
  if (failure) throw failure
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response.getHeaders())) if (value !== undefined) headers[name] = String(value)
  return headers
}

/** Sets the headers on every answer, before any handler runs (an error answer carries them too). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
