/**
 * /api/auth: sign-in with email, password and role; sign-in of a collaborator with a claim number; token refresh.
 * Sign-up routes live in signup.ts.
 *
 * Every wrong sign-in answers the same 401 reason after the same work (an unknown email is checked against a
 * dummy hash), so neither the text nor the time tells whether the email exists, is inactive or has another role.
 * Both sign-ins run under the 5-in-15-minutes throttle (server/auth/throttle.ts) and a per-IP rate limit.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { claims, users } from '../db/schema'
import {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  passwordNeedsRehash,
  primeDummyHash,
  verifyAgainstDummy,
  verifyPassword,
} from '../auth/passwords'
import { sessionUserForCollaborator, sessionUserForUser, sessionUserSchema } from '../auth/sessionUser'
import { throttleKeyForCollaborator, throttleKeyForEmail, withLoginThrottle } from '../auth/throttle'
import { signAccessToken } from '../auth/tokens'
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope'

export const LOGIN_FAILED = 'Correo o contraseña incorrectos'
export const COLLABORATOR_LOGIN_FAILED = 'Número de trámite y/o colaborador incorrectos'

/** Second line behind the per-account throttle: requests per minute per client IP on each sign-in route. */
export const LOGIN_RATE_LIMIT_PER_MINUTE = 30

const MAX_INT4 = 2_147_483_647

interface LoginBody {
  email: string
  password: string
  role: number
}

interface CollaboratorLoginBody {
  idColaborador: number
  numProcedure: number
}

const signedInSchema = {
  200: envelopeSchema({
    type: 'object',
    properties: { user: sessionUserSchema, accessToken: { type: 'string' } },
    required: ['user', 'accessToken'],
  }),
  '4xx': errorEnvelopeSchema,
}

const rateLimit = { max: LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' }

export default async function authRoutes(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    await primeDummyHash()
  })

  app.post<{ Body: LoginBody }>(
    '/login',
    {
      config: { auth: 'client', rateLimit },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password', 'role'],
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
            role: { type: 'integer', minimum: 0, maximum: 4 },
          },
        },
        response: signedInSchema,
      },
    },
    async (request) => {
      const { email, password, role } = request.body
      const key = throttleKeyForEmail(email)
      const user = await withLoginThrottle(app.db, key, LOGIN_FAILED, async () => {
        const [row] = await app.db.select().from(users).where(sql`lower(${users.email}) = ${key}`).limit(1)
        const passwordOk = row ? await verifyPassword(row.passwordHash, password) : await verifyAgainstDummy(password)
        if (!row || !passwordOk || row.rol !== role || row.activo !== 0) return null
        return row
      })
      if (passwordNeedsRehash(user.passwordHash)) {
        // Upgrade an old hash now that we know the password; only if nobody changed the password meanwhile.
        const upgraded = await hashPassword(password)
        await app.db
          .update(users)
          .set({ passwordHash: upgraded })
          .where(and(eq(users.idUser, user.idUser), eq(users.passwordHash, user.passwordHash)))
      }
      const accessToken = await signAccessToken(app.tokenKeys, {
        kind: 'user',
        idUser: user.idUser,
        rol: user.rol as 0 | 1 | 3 | 4,
        tokenVersion: user.tokenVersion,
      })
      return ok({ user: await sessionUserForUser(app.db, user), accessToken })
    },
  )

  app.post<{ Body: CollaboratorLoginBody }>(
    '/login-colaborator',
    {
      config: { auth: 'client', rateLimit },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idColaborador', 'numProcedure'],
          properties: {
            idColaborador: { type: 'integer', minimum: 0, maximum: MAX_INT4 },
            numProcedure: { type: 'integer', minimum: 0, maximum: MAX_INT4 },
          },
        },
        response: signedInSchema,
      },
    },
    async (request) => {
      const { idColaborador, numProcedure } = request.body
      const key = throttleKeyForCollaborator(idColaborador)
      const user = await withLoginThrottle(app.db, key, COLLABORATOR_LOGIN_FAILED, async () => {
        const [claim] = await app.db
          .select({ idEvento: claims.idEvento })
          .from(claims)
          .where(and(eq(claims.idEvento, numProcedure), eq(claims.idColaborador, idColaborador)))
        return claim ? sessionUserForCollaborator(app.db, idColaborador, claim.idEvento) : null
      })
      const accessToken = await signAccessToken(app.tokenKeys, { kind: 'collaborator', idColaborador, idEvento: numProcedure, rol: 2 })
      return ok({ user, accessToken })
    },
  )

  // Any session. The plugin has already checked the token (and, for users, that it was not revoked).
  app.post(
    '/refresh-token',
    {
      schema: {
        response: {
          200: envelopeSchema({ type: 'object', properties: { accessToken: { type: 'string' } }, required: ['accessToken'] }),
          '4xx': errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const accessToken = await signAccessToken(app.tokenKeys, request.session!)
      reply.header('x-new-access-token', accessToken)
      return ok({ accessToken })
    },
  )
}
