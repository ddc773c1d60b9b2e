/**
 * /api/service-levels (issue 23): office users read the targets; administrators change them ('Niveles de servicio').
 * /api/queue: 'Pendientes', the claims waiting on the signed-in executive, administrator or provider.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sessionOf } from '../auth/requestSession'
import { ok } from '../lib/envelope'
import { routeOf, type RouteGroup } from '../lib/route'
import { bulkApprovalCalls, queueCalls, serviceLevelCalls as call } from '../../domain/contract/serviceLevels'
import { QUEUE_LABELS, SERVICE_LEVEL_LABELS } from '../../domain/contract/labels'
import { forbidden } from '../lib/errors'
import { saveServiceTargets, serviceLevelsOverview, serviceTargetsInForce } from '../domain/serviceLevels/serviceLevels'
import { queuePage } from '../domain/serviceLevels/queue'
import { approveInvoices } from '../domain/serviceLevels/bulkApproval'

const group: RouteGroup = { tags: ['niveles de servicio'], labels: SERVICE_LEVEL_LABELS }

const queueGroup: RouteGroup = { tags: ['pendientes'], labels: QUEUE_LABELS }

const serviceLevelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(queueCalls.queue, queueGroup),
    config: { auth: ['admin', 'executive', 'provider'] },
    handler: async (request) => ok(await queuePage(app.db, sessionOf(request), request.query, new Date(), app.config.listCountLimit)),
  })

  app.route({
    ...routeOf(bulkApprovalCalls.approveInvoices, queueGroup),
    config: { auth: ['admin'] },
    handler: async (request) => {
      const result = await approveInvoices(app.db, sessionOf(request), request.body.idEventos)
      return ok(result, `Facturas aprobadas: ${result.aprobados.length}; no aprobadas: ${result.rechazados.length}`)
    },
  })

  app.route({
    ...routeOf(call.targets, group),
    config: { auth: ['admin', 'executive', 'provider', 'partner', 'collaborator'] },
    handler: async () => ok(await serviceTargetsInForce(app.db)),
  })

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
