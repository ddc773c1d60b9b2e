/**
 * The session of a request whose route needs one. The auth plugin has already refused a request without a valid
 * token, so this only turns "no session" into the same 401 instead of a non-null assertion in every handler.
 */
import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../lib/errors'
import type { Session } from './roles'

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}
