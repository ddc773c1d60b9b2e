/** API group registered in server/app.ts. Routes are added by the issue that owns this group. */
import type { FastifyInstance } from 'fastify'

export default async function signupRoutes(app: FastifyInstance) {
  void app
}
