/** API group: /api/users. Routes are added by the issue that owns this group. */
import type { FastifyInstance } from 'fastify'

export default async function usersRoutes(app: FastifyInstance) {
  void app
}
