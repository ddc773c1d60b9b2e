/**
 * The row half of each file route's policy (the role half is the route's `config.auth`): a route's preHandler
 * names the claim the request touches (from params, the body or a file row) and calls `checkClaimAccess`, which
 * applies server/auth/claimAccess.ts in read or write mode (404 unknown claim, 403 someone else's) and keeps the
 * loaded claim for the handler. It runs after validation, so ids are typed.
 */
import type { FastifyRequest } from 'fastify'
import { loadClaimFor, type AccessMode, type ClaimRow } from '../../auth/claimAccess'
import type { Session } from '../../auth/roles'
import { unauthorized } from '../../lib/errors'

const claimsByRequest = new WeakMap<FastifyRequest, ClaimRow>()

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}

export async function checkClaimAccess(request: FastifyRequest, mode: AccessMode, idEvento: number): Promise<void> {
  const claim = await loadClaimFor(request.server.db, sessionOf(request), idEvento, mode)
  claimsByRequest.set(request, claim)
}

/** The claim `checkClaimAccess` loaded for this request. */
export function claimOf(request: FastifyRequest): ClaimRow {
  const claim = claimsByRequest.get(request)
  if (!claim) throw new Error('checkClaimAccess did not run for this route')
  return claim
}
