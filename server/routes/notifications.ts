/**
 * /api/notifications (issue 14): every signed-in user reads and marks read their own notifications; administrators
 * read every mail with its delivery state (/administrador/notificaciones). Notifications are written only by stage
 * changes (server/notifications/outbox.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sessionOf } from '../auth/requestSession'
import { ok } from '../lib/envelope'
import { badRequest } from '../lib/errors'
import { routeOf, type RouteGroup } from '../lib/route'
import { notificationCalls as call } from '../../domain/contract/notifications'
import { NOTIFICATION_LABELS } from '../../domain/contract/labels'
import { pageRequestWithin } from '../lib/pageTotal'
import { listAll, listMine, markRead } from '../notifications/repository'

const MARK_READ_WHICH = 'Indique las notificaciones (ids) o todas'

const group: RouteGroup = { tags: ['notificaciones'], labels: NOTIFICATION_LABELS }

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.mine, group),
    handler: async (request) => ok(await listMine(app.db, sessionOf(request))),
  })

  app.route({
    ...routeOf(call.markRead, group),
    handler: async (request) => {
      const { ids, todas } = request.body
      if ((ids === undefined) === (todas !== true)) throw badRequest(MARK_READ_WHICH)
      const noLeidas = await markRead(app.db, sessionOf(request), { ids, todas })
      return ok({ noLeidas })
    },
  })

  app.route({
    ...routeOf(call.all, group),
    config: { auth: ['admin'] },
    handler: async (request) => ok(await listAll(app.db, app.config.publicUrl, pageRequestWithin(request.query, app.config.listCountLimit))),
  })
}

export default notificationRoutes
