/**
 * Authentication and role policy, checked in onRequest so an unauthenticated or unauthorized call is refused
 * before its body is even parsed. Every /api route needs a session unless its config says `auth: 'public'`;
 * `auth: ['admin', 'executive']` limits it to those roles. Row-level rules (whose claim is it) are checked by the
 * route's own policy functions (see server/routes/*Policy.ts).
 *
 * Order of checks: the fixed client header `authtoken` first (401), then the bearer token (401 'Token inválido'),
 * then the role (403).
 *
 * A user's token is good while the account is active and its token version and role are the token's. Those facts
 * come from `app.sessionCache` (server/auth/sessionCache.ts, 5 s lifetime) instead of one query per request; a
 * route whose config says `freshSession: true` (refresh-token, which exists to extend a session) always reads them
 * from the database. A revocation on any instance reaches every instance's cache over the bus (server/bus/bus.ts,
 * channel `sessionsRevoked`), and open event streams of that user end (server/live/).
 */
import fp from 'fastify-plugin'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { users } from '../db/schema'
import { roleNameOf, type RoleName, type Session } from './roles'
import { signAccessToken, verifyAccessToken, type TokenKeys } from './tokens'
import { fail } from '../lib/envelope'
import { BUS_CHANNELS, publish } from '../bus/bus'
import { SESSION_CACHE_LIFETIME_MS, SESSION_CACHE_MAX_ENTRIES, SessionCache, type AccountState } from './sessionCache'

type RoutePolicy = 'public' | 'client' | RoleName[]

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': no header needed (docs); 'client': only the authtoken header (login); roles: a session of one of them. Default: any session. */
    auth?: RoutePolicy
    /** Check the account in the database even when the session cache has it (routes that extend a session). */
    freshSession?: boolean
  }
  interface FastifyRequest {
    session: Session | null
    tokenIssuedAt: number
  }
  interface FastifyInstance {
    tokenKeys: TokenKeys
    /** Account facts behind users' tokens; forget a user here after changing its password, activo or rol. */
    sessionCache: SessionCache
  }
}

const INVALID_TOKEN = 'Token inválido'

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header || !header.startsWith('Bearer ')) return null
  return header.slice(7).trim() || null
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { clientToken: string; keys: TokenKeys }) {
    app.decorate('tokenKeys', opts.keys)
    const cache = new SessionCache({
      lifetimeMs: SESSION_CACHE_LIFETIME_MS,
      maxEntries: SESSION_CACHE_MAX_ENTRIES,
      // The change has committed; telling the others cannot undo it, so a failure to tell is reported, not thrown
      // (the 5 s lifetime still bounds the others).
      onForget: (idUser) => {
        publish(app.db, BUS_CHANNELS.sessionsRevoked, String(idUser)).catch((err: unknown) =>
          app.log.error(`No se pudo avisar a las demás instancias del cierre de sesiones de ${idUser}: ${(err as Error).message}`),
        )
      },
    })
    app.decorate('sessionCache', cache)
    await app.bus.subscribe(BUS_CHANNELS.sessionsRevoked, (payload) => {
      const idUser = Number(payload)
      if (Number.isSafeInteger(idUser)) cache.forgetLocally(idUser)
    })
    app.bus.onResync(() => cache.clear())

    // Built once: a cache miss costs one round trip of a statement PostgreSQL has already planned.
    const accountById = app.db
      .select({ tokenVersion: users.tokenVersion, activo: users.activo, rol: users.rol })
      .from(users)
      .where(eq(users.idUser, sql.placeholder('idUser')))
      .prepare('account_state_by_id')

    /** The account's current facts: from the cache unless `fresh`, else one primary-key read (then cached). */
    async function accountState(idUser: number, fresh: boolean): Promise<AccountState | undefined> {
      const cached = fresh ? undefined : cache.get(idUser)
      if (cached) return cached
      const generation = cache.currentGeneration()
      const [row] = await accountById.execute({ idUser })
      if (row) cache.remember(idUser, row, generation)
      return row
    }
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
        const row = await accountState(session.idUser, request.routeOptions.config?.freshSession === true)
        if (!row || row.activo !== 0 || row.tokenVersion !== session.tokenVersion || row.rol !== session.rol) {
          return reply.code(401).send(fail(`${INVALID_TOKEN}: la sesión ya no es válida`))
        }
      }
      request.session = session
      request.tokenIssuedAt = verified.issuedAt

      if (Array.isArray(policy) && !policy.includes(roleNameOf(session.rol))) {
        return reply.code(403).send(fail('Sin permiso para realizar esta acción'))
      }
    })

    // Rotation: a token past half its life gets a fresh one in x-new-access-token on any answer. A callback hook
    // that waits only when it signs: most answers carry a young token, and an async hook costs a promise and a
    // microtask turn on every one of them.
    app.addHook('onSend', (request, reply, payload, done) => {
      const session = request.session
      const ageSeconds = Date.now() / 1000 - request.tokenIssuedAt
      if (!session || reply.hasHeader('x-new-access-token') || ageSeconds < opts.keys.ttlSeconds / 2) return done(null, payload)
      signAccessToken(opts.keys, session).then(
        (token) => {
          reply.header('x-new-access-token', token)
          done(null, payload)
        },
        (err: Error) => done(err),
      )
    })
  },
  { name: 'auth', dependencies: ['db', 'bus'] },
)


