/**
 * /api/service-levels (issue 23): office users read the targets; administrators change them ('Niveles de servicio').
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sessionOf } from '../auth/requestSession'
import { ok } from '../lib/envelope'
import { routeOf, type RouteGroup } from '../lib/route'
import { serviceLevelCalls as call } from '../../domain/contract/serviceLevels'
import { SERVICE_LEVEL_LABELS } from '../../domain/contract/labels'
import { forbidden } from '../lib/errors'
import { saveServiceTargets, serviceLevelsOverview } from '../domain/serviceLevels/serviceLevels'

const group: RouteGroup = { tags: ['niveles de servicio'], labels: SERVICE_LEVEL_LABELS }

const serviceLevelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.serviceLevels, group),
    config: { auth: ['admin', 'executive', 'provider', 'partner'] },
    handler: async () => ok(await serviceLevelsOverview(app.db)),
  })

  app.route({
    ...routeOf(call.saveServiceLevels, group),
    config: { auth: ['admin'] },
    handler: async (request) => {
      const session = sessionOf(request)
      if (session.kind !== 'user') throw forbidden()
      return ok(await saveServiceTargets(app.db, session.idUser, request.body))
    },
  })
}

export default serviceLevelRoutes
