/**
 * GET /api/catalog/userRoles: the role choices of the sign-in screen, display name → role code (spec section 6).
 * Open to any client (authtoken only), since it is shown before sign-in. The retail partner's name is configuration.
 */
import type { FastifyInstance } from 'fastify'
import { ROLE } from '../auth/roles'
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope'

export function userRolesCatalog(partnerName: string): Record<string, number> {
  return { Ejecutivo: ROLE.executive, Administrativo: ROLE.admin, Proveedores: ROLE.provider, [partnerName]: ROLE.partner }
}

export default async function roleCatalogRoutes(app: FastifyInstance) {
  app.get(
    '/userRoles',
    {
      config: { auth: 'client' },
      schema: {
        response: {
          200: envelopeSchema({ type: 'object', additionalProperties: { type: 'integer' } }),
          '4xx': errorEnvelopeSchema,
        },
      },
    },
    async () => ok(userRolesCatalog(app.config.partnerName)),
  )
}
