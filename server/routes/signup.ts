/**
 * /api/auth/signup-executive and /api/auth/signup-provider: administrators create executive and provider accounts.
 * A body passes the JSON schema (shape, ranges, no unknown fields: a client can never choose a role), then the same
 * form rules the app runs (validateExecutive / validateProvider), then the database checks (duplicate email,
 * existing catalogue ids). The password is hashed before the transaction so no lock waits on argon2.
 */
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../auth/passwords'
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope'
import { badRequest } from '../lib/errors'
import {
  EXECUTIVE_FIELDS,
  firstErrorReason,
  PROVIDER_FIELDS,
  validateExecutive,
  validateProvider,
} from '../../src/lib/rules'
import { createExecutive } from '../domain/users/executiveAccounts'
import { EXECUTIVE_LABELS, executiveBodyProperties } from '../domain/users/executiveSchemas'
import { passwordSchema } from '../domain/users/jsonSchemas'
import { schemaErrorFormatter } from '../lib/schemaErrors'
import { createProviderAccount } from '../domain/providers/providerAccounts'
import { PROVIDER_LABELS, signupProviderBodySchema } from '../domain/providers/providerSchemas'
import type { ProviderInput } from '../domain/providers/providersRepo'

export interface SignupExecutiveBody {
  ubicacion: string
  phone: string
  activo: 0 | 1
  nombre: string
  email: string
  password: string
  confirmPassword?: string
}

const created = (key: string) => ({
  200: envelopeSchema({ type: 'object', properties: { [key]: { type: 'integer' } }, required: [key] }),
  '4xx': errorEnvelopeSchema,
})

export default async function signupRoutes(app: FastifyInstance) {
  app.post<{ Body: SignupExecutiveBody }>(
    '/signup-executive',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter(EXECUTIVE_LABELS),
      schema: {
        tags: ['usuarios'],
        summary: 'Crea un ejecutivo (administrador)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ubicacion', 'phone', 'activo', 'nombre', 'email', 'password'],
          properties: { ...executiveBodyProperties, password: passwordSchema, confirmPassword: passwordSchema },
        },
        response: created('idUser'),
      },
    },
    async (request) => {
      const body = request.body
      const values = { ...body, confirmPassword: body.confirmPassword ?? body.password }
      const errors = validateExecutive(values, 'create', app.config.internalEmailDomains)
      const reason = firstErrorReason(EXECUTIVE_FIELDS, errors)
      if (reason) throw badRequest(reason)
      const passwordHash = await hashPassword(body.password)
      const idUser = await createExecutive(
        app.db,
        { nombre: body.nombre, telefono: body.phone, email: body.email, activo: body.activo, ubicacionLaboral: body.ubicacion },
        passwordHash,
      )
      return ok({ idUser })
    },
  )

  app.post<{ Body: ProviderInput & { password: string } }>(
    '/signup-provider',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter(PROVIDER_LABELS),
      schema: {
        tags: ['usuarios'],
        summary: 'Crea un proveedor con su cuenta (administrador)',
        body: signupProviderBodySchema,
        response: created('insertId'),
      },
    },
    async (request) => {
      const body = request.body
      const values = { ...body, confirmPassword: body.confirmPassword ?? body.password }
      const reason = firstErrorReason(PROVIDER_FIELDS, validateProvider(values, 'create'))
      if (reason) throw badRequest(reason)
      const passwordHash = await hashPassword(body.password)
      const insertId = await createProviderAccount(app.db, body, passwordHash)
      return ok({ insertId })
    },
  )
}
