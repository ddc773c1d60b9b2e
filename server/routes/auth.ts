/**
 * /api/auth: sign-in with email, password and role; sign-in of a collaborator with a claim number; token refresh.
 * Sign-up routes live in signup.ts.
 *
 * Every wrong sign-in answers the same 401 reason after the same work (an unknown email is checked against a
 * dummy hash), so neither the text nor the time tells whether the email exists, is inactive or has another role.
 * Both sign-ins run under the 5-in-15-minutes throttle (server/auth/throttle.ts) and a per-IP rate limit.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isCollaboratorClaim, upgradePasswordHash, userByEmailKey } from '../domain/users/signIn'
import { hashPassword, passwordNeedsRehash, primeDummyHash, verifyAgainstDummy, verifyPassword } from '../auth/passwords'
import { sessionOf } from '../auth/requestSession'
import { sessionUserForCollaborator, sessionUserForUser, staffRoleOf } from '../auth/sessionUser'
import { throttleKeyForCollaborator, throttleKeyForEmail, withLoginThrottle } from '../auth/throttle'
import { signAccessToken } from '../auth/tokens'
import { ok } from '../lib/envelope'
import { routeOf, type RouteGroup } from '../lib/route'
import { authCalls as call } from '../../domain/contract/auth'
import { ROLE } from '../../domain/roles'

// One text for every refusal (wrong e-mail, password, role or an inactive account), so it reveals nothing (issue 21).
export const LOGIN_FAILED = 'Correo, contraseña o rol incorrectos'
export const COLLABORATOR_LOGIN_FAILED = 'Número de trámite y/o colaborador incorrectos'

/** Second line behind the per-account throttle: requests per minute per client IP on each sign-in route. */
export const LOGIN_RATE_LIMIT_PER_MINUTE = 30

const rateLimit = { max: LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' }

// No labels: a refused sign-in body keeps the generic reasons (it is not one of the forms of spec section 5).
const group: RouteGroup = { tags: ['sesión'] }

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onReady', async () => {
    await primeDummyHash()
  })

  app.route({
    ...routeOf(call.login, group),
    config: { auth: 'client', rateLimit },
    handler: async (request) => {
      const { email, password, role } = request.body
      const key = throttleKeyForEmail(email)
      const user = await withLoginThrottle(app.db, key, LOGIN_FAILED, async () => {
        const row = await userByEmailKey(app.db, key)
        const passwordOk = row ? await verifyPassword(row.passwordHash, password) : await verifyAgainstDummy(password)
        if (!row || !passwordOk || row.rol !== role || row.activo !== 0) return null
        return row
      })
      if (passwordNeedsRehash(user.passwordHash)) {
        // Upgrade an old hash now that we know the password; only if nobody changed the password meanwhile.
        await upgradePasswordHash(app.db, user, await hashPassword(password))
      }
      const accessToken = await signAccessToken(app.tokenKeys, {
        kind: 'user',
        idUser: user.idUser,
        rol: staffRoleOf(user.rol),
        tokenVersion: user.tokenVersion,
      })
      return ok({ user: await sessionUserForUser(app.db, user), accessToken })
    },
  })

  app.route({
    ...routeOf(call.collaboratorLogin, group),
    config: { auth: 'client', rateLimit },
    handler: async (request) => {
      const { idColaborador, numProcedure } = request.body
      const key = throttleKeyForCollaborator(idColaborador)
      const user = await withLoginThrottle(app.db, key, COLLABORATOR_LOGIN_FAILED, async () => {
        const own = await isCollaboratorClaim(app.db, idColaborador, numProcedure)
        return own ? sessionUserForCollaborator(app.db, idColaborador, numProcedure) : null
      })
      const accessToken = await signAccessToken(app.tokenKeys, {
        kind: 'collaborator',
        idColaborador,
        idEvento: numProcedure,
        rol: ROLE.collaborator,
      })
      return ok({ user, accessToken })
    },
  })

  // Any session. The plugin has already checked the token (and, for users, that it was not revoked).
  // freshSession: a new token is minted only for an account the database says is still good, never from the
  // session cache (server/auth/sessionCache.ts).
  app.route({
    ...routeOf(call.refreshToken, group),
    config: { freshSession: true },
    handler: async (request, reply) => {
      const accessToken = await signAccessToken(app.tokenKeys, sessionOf(request))
      reply.header('x-new-access-token', accessToken)
      return ok({ accessToken })
    },
  })
}

export default authRoutes
