/**
 * Log lines and request ids (issue 25, item 2).
 *
 * - Every request has an id: the `X-Request-Id` a proxy sent when it is a short token (nginx's `$request_id`, a
 *   load balancer's), else a new UUID. Fastify puts it on every line the request logs (`reqId`), and every answer
 *   carries it back in `X-Request-Id`, so a user's report or a proxy's log line leads to the server's lines.
 * - In a terminal (and outside production) lines are readable (pino-pretty: time, level, request id, message); in
 *   production, or when the output goes to a file or a collector, one JSON object a line. LOG_FORMAT overrides.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Writable } from 'node:stream'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import PinoPretty from 'pino-pretty'
import type { AppConfig } from '../config'

export const REQUEST_ID_HEADER = 'x-request-id'

/** What an incoming id may look like: anything else is replaced (it lands in every log line of the request). */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID()
}

/** Fastify's logger for this configuration; `stream` (tests) receives JSON lines. */
export function loggerOptions(config: AppConfig, stream?: Writable): FastifyServerOptions['logger'] {
  if (stream) return { level: 'info', stream }
  if (!config.logger) return false
  if (config.logFormat === 'json') return { level: 'info' }
  return {
    level: 'info',
    // In this thread rather than as a pino transport (a worker thread): a terminal's lines are few, and none is lost
    // when the process exits.
    stream: PinoPretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      messageFormat: '{if reqId}[{reqId}] {end}{msg}',
      singleLine: true,
    }),
  }
}

/**
 * Every answer names its request (set first, so refusals, 404s and errors carry it too). A callback hook, not an
 * async one: it runs on every request and has nothing to wait for, and an async hook costs a promise and a
 * microtask turn each time (issue 27, the per-request work of one claim).
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
}
