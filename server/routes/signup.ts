/**
 * /api/auth/signup-executive and /api/auth/signup-provider: administrators create executive and provider accounts.
 * A body passes the contract's schema (shape, ranges, no unknown fields: a client can never choose a role), then the
 * same form rules the app runs (validateExecutive / validateProvider), then the database checks (duplicate email,
 * existing catalogue ids). The password is hashed before the transaction so no lock waits on argon2.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hashPassword } from '../auth/passwords'
import { ok } from '../lib/envelope'
import { badRequest } from '../lib/errors'
import { routeOf, type RouteGroup } from '../lib/route'
import { EXECUTIVE_FIELDS, firstErrorReason, PROVIDER_FIELDS, validateExecutive, validateProvider } from '../../domain/rules'
import { authCalls as call } from '../../domain/contract/auth'
import { EXECUTIVE_LABELS, PROVIDER_LABELS } from '../../domain/contract/labels'
import { createExecutive } from '../domain/users/executiveAccounts'
import { createProviderAccount } from '../domain/providers/providerAccounts'

const executives: RouteGroup = { tags: ['usuarios'], labels: EXECUTIVE_LABELS }
const providers: RouteGroup = { tags: ['usuarios'], labels: PROVIDER_LABELS }

const signupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.signupExecutive, executives),
    config: { auth: ['admin'] },
    handler: async (request) => {
      const body = request.body
      const values = { ...body, confirmPassword: body.confirmPassword ?? body.password }
      const reason = firstErrorReason(EXECUTIVE_FIELDS, validateExecutive(values, 'create', app.config.internalEmailDomains))
      if (reason) throw badRequest(reason)
      const passwordHash = await hashPassword(body.password)
      const idUser = await createExecutive(
        app.db,
        { nombre: body.nombre, telefono: body.phone, email: body.email, activo: body.activo, ubicacionLaboral: body.ubicacion },
        passwordHash,
      )
      return ok({ idUser })
    },
  })

  app.route({
    ...routeOf(call.signupProvider, providers),
    config: { auth: ['admin'] },
    handler: async (request) => {
      const body = request.body
      const values = { ...body, confirmPassword: body.confirmPassword ?? body.password }
      const reason = firstErrorReason(PROVIDER_FIELDS, validateProvider(values, 'create'))
      if (reason) throw badRequest(reason)
      const passwordHash = await hashPassword(body.password)
      const insertId = await createProviderAccount(app.db, body, passwordHash)
      return ok({ insertId })
    },
  })
}

export default signupRoutes
