/**
 * The row half of each file route's policy (the role half is the route's `config.auth`): a preHandler that finds
 * which claim the request touches, applies server/auth/claimAccess.ts in read or write mode (404 unknown claim,
 * 403 someone else's) and hands the loaded claim to the handler. It runs after validation, so ids are typed.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { loadClaimFor, type AccessMode, type ClaimRow } from '../../auth/claimAccess'
import type { Session } from '../../auth/roles'
import { unauthorized } from '../../lib/errors'

const claimsByRequest = new WeakMap<FastifyRequest, ClaimRow>()

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}

/** `resolve` names the claim (from params, the body or a file row); it may throw 404 for an unknown file. */
export function claimPolicy(
  mode: AccessMode,
  resolve: (request: FastifyRequest) => number | Promise<number>,
): preHandlerAsyncHookHandler {
  return async function checkClaimAccess(request) {
    const idEvento = await resolve(request)
    const claim = await loadClaimFor(request.server.db, sessionOf(request), idEvento, mode)
    claimsByRequest.set(request, claim)
  }
}

/** The claim the policy loaded for this request. */
export function claimOf(request: FastifyRequest): ClaimRow {
  const claim = claimsByRequest.get(request)
  if (!claim) throw new Error('claimPolicy did not run for this route')
  return claim
}
