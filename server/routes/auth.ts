/** API group: /api/auth. Routes are added by the issue that owns this group. */
import type { FastifyInstance } from 'fastify'

export default async function authRoutes(app: FastifyInstance) {
  void app
}
