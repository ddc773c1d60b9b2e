/** API group: /api/events. Routes are added by the issue that owns this group. */
import type { FastifyInstance } from 'fastify'

export default async function eventsRoutes(app: FastifyInstance) {
  void app
}
