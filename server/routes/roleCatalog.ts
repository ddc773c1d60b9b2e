/**
 * GET /api/catalog/userRoles: the role choices of the sign-in screen, display name → role code (spec section 6).
 * Open to any client (authtoken only), since it is shown before sign-in. The retail partner's name is configuration.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ROLE } from '../auth/roles'
import { ok } from '../lib/envelope'
import { routeOf } from '../lib/route'
import { catalogCalls as call, type RoleCatalog } from '../../domain/contract/catalog'
import { CATALOG_LABELS } from '../../domain/contract/labels'

function userRolesCatalog(partnerName: string): RoleCatalog {
  return { Ejecutivo: ROLE.executive, Administrativo: ROLE.admin, Proveedores: ROLE.provider, [partnerName]: ROLE.partner }
}

const roleCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.userRoles, { tags: ['catálogos'], labels: CATALOG_LABELS }),
    config: { auth: 'client' },
    handler: async () => ok(userRolesCatalog(app.config.partnerName)),
  })
}

export default roleCatalogRoutes
