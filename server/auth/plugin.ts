/**
 * Authentication and role policy, checked in onRequest so an unauthenticated or unauthorized call is refused
 * before its body is even parsed. Every /api route needs a session unless its config says `auth: 'public'`;
 * `auth: ['admin', 'executive']` limits it to those roles. Row-level rules (whose claim is it) are checked by the
 * route's own policy functions (see server/routes/*Policy.ts).
 *
 * Order of checks: the fixed client header `authtoken` first (401), then the bearer token (401 'Token inválido'),
 * then the role (403).
 */
import fp from 'fastify-plugin'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { users } from '../db/schema'
import { ROLE, roleNameOf, type RoleName, type Session } from './roles'
import { signAccessToken, verifyAccessToken, type TokenKeys } from './tokens'
import { fail } from '../lib/envelope'

export type RoutePolicy = 'public' | 'client' | RoleName[]

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': no header needed (docs); 'client': only the authtoken header (login); roles: a session of one of them. Default: any session. */
    auth?: RoutePolicy
  }
  interface FastifyRequest {
    session: Session | null
    tokenIssuedAt: number
  }
  interface FastifyInstance {
    tokenKeys: TokenKeys
  }
}

export const INVALID_TOKEN = 'Token inválido'

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header || !header.startsWith('Bearer ')) return null
  return header.slice(7).trim() || null
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { clientToken: string; keys: TokenKeys }) {
    app.decorate('tokenKeys', opts.keys)
    app.decorateRequest('session', null)
    app.decorateRequest('tokenIssuedAt', 0)

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return
      const policy: RoutePolicy | undefined = request.routeOptions.config?.auth
      if (policy === 'public') return
      if (request.headers.authtoken !== opts.clientToken) {
        return reply.code(401).send(fail('Cliente no autorizado'))
      }
      if (policy === 'client') return
      // An unknown /api route has no config; let the not-found handler answer 404.
      if (!request.routeOptions.url) return

      const token = bearer(request)
      const verified = token ? await verifyAccessToken(opts.keys, token) : null
      if (!verified) return reply.code(401).send(fail(`${INVALID_TOKEN}: inicie sesión de nuevo`))

      const session = verified.session
      if (session.kind === 'user') {
        const [row] = await app.db
          .select({ tokenVersion: users.tokenVersion, activo: users.activo, rol: users.rol })
          .from(users)
          .where(eq(users.idUser, session.idUser))
        if (!row || row.activo !== 0 || row.tokenVersion !== session.tokenVersion || row.rol !== session.rol) {
          return reply.code(401).send(fail(`${INVALID_TOKEN}: la sesión ya no es válida`))
        }
      }
      request.session = session
      request.tokenIssuedAt = verified.issuedAt

      if (Array.isArray(policy) && !policy.includes(roleNameOf(session.rol))) {
        return reply.code(403).send(fail('No tiene permiso para realizar esta acción'))
      }
    })

    // Rotation: a token past half its life gets a fresh one in x-new-access-token on any answer.
    app.addHook('onSend', async (request, reply, payload) => {
      const session = request.session
      if (!session || reply.hasHeader('x-new-access-token')) return payload
      const ageSeconds = Date.now() / 1000 - request.tokenIssuedAt
      if (ageSeconds >= opts.keys.ttlSeconds / 2) {
        reply.header('x-new-access-token', await signAccessToken(opts.keys, session))
      }
      return payload
    })
  },
  { name: 'auth', dependencies: ['db'] },
)

export { ROLE }
