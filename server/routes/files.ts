/** API group: /api/files. Routes are added by the issue that owns this group. */
import type { FastifyInstance } from 'fastify'

export default async function filesRoutes(app: FastifyInstance) {
  void app
}
