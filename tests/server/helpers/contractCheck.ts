/**
 * The contract test of every API test: each JSON answer a test receives from a route of the contract must pass the
 * app's own boundary check for that call (src/api/structOf.ts over the contract's envelope). A violation is kept and
 * fails the file when its app closes, naming the route and superstruct's reason.
 */
import type { FastifyInstance } from 'fastify'
import { validate } from 'superstruct'
import { allCalls } from '../../../domain/contract'
import type { CallSpec } from '../../../domain/contract/call'
import { Envelope } from '../../../domain/contract/envelope'
import { structOf } from '../../../src/api/structOf'

const callByRoute = new Map<string, CallSpec>(allCalls.map((call) => [`${call.method} ${call.path}`, call]))

export function checkAnswersAgainstContract(app: FastifyInstance): () => string[] {
  const violations: string[] = []
  app.addHook('onSend', async (request, reply, payload) => {
    const call = callByRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`)
    const isJson = String(reply.getHeader('content-type') ?? '').includes('application/json')
    if (!call || call.file || reply.statusCode !== 200 || !isJson || typeof payload !== 'string') return payload
    const [error] = validate(JSON.parse(payload), structOf(Envelope(call.response)))
    if (error) violations.push(`${call.method} ${call.path}: ${error.message}`)
    return payload
  })
  return () => violations
}
