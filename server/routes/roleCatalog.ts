/**
 * GET /api/catalog/userRoles: the role choices of the sign-in screen, display name → role code (spec section 6).
 * Open to any client (authtoken only), since it is shown before sign-in. The app itself reads the same catalogue from
 * /app-config.js (server/auth/roleCatalog.ts); this call stays for other clients.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { userRolesCatalog } from '../auth/roleCatalog'
import { ok } from '../lib/envelope'
import { routeOf } from '../lib/route'
import { catalogCalls as call } from '../../domain/contract/catalog'
import { CATALOG_LABELS } from '../../domain/contract/labels'

const roleCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.userRoles, { tags: ['catálogos'], labels: CATALOG_LABELS }),
    config: { auth: 'client' },
    handler: async () => ok(userRolesCatalog(app.config.partnerName)),
  })
}

export default roleCatalogRoutes
