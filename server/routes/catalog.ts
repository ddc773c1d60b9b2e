/** API group: /api/catalog. Routes are added by the issue that owns this group. */
import type { FastifyInstance } from 'fastify'

export default async function catalogRoutes(app: FastifyInstance) {
  void app
}
