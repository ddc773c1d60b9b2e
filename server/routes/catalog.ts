/**
 * /api/catalog (any session): the location catalogues (state → municipality → neighbourhood), the services and
 * the active providers of a service. Lists come sorted by name; an unknown parent id answers an empty list, like
 * a parent with no children. The role catalogue (/userRoles) lives in roleCatalog.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok } from '../lib/envelope'
import { routeOf, type RouteGroup } from '../lib/route'
import { catalogCalls as call } from '../../domain/contract/catalog'
import { CATALOG_LABELS } from '../../domain/contract/labels'
import {
  activeProvidersOfService,
  listMunicipalities,
  listNeighbourhoods,
  listServices,
  listStates,
} from '../domain/providers/catalogs'

const group: RouteGroup = { tags: ['catálogos'], labels: CATALOG_LABELS }

const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...routeOf(call.states, group), handler: async () => ok(await listStates(app.db)) })

  app.route({
    ...routeOf(call.municipalities, group),
    handler: async (request) => ok(await listMunicipalities(app.db, request.params.stateId)),
  })

  app.route({
    ...routeOf(call.neighbourhoods, group),
    handler: async (request) => ok(await listNeighbourhoods(app.db, request.params.id)),
  })

  app.route({ ...routeOf(call.services, group), handler: async () => ok(await listServices(app.db)) })

  app.route({
    ...routeOf(call.providersOfService, group),
    handler: async (request) => ok(await activeProvidersOfService(app.db, request.params.servicio)),
  })
}

export default catalogRoutes
