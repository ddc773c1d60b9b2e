/** Decorates the app with its bus (bus.ts) over the database handle, closed with the app. */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { DbHandle } from '../db/client'
import { createBus, type Bus } from './bus'

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus
  }
}

export default fp(
  async function busPlugin(app: FastifyInstance, opts: { handle: DbHandle }) {
    const bus = createBus(opts.handle, (message) => app.log.error(message))
    app.decorate('bus', bus)
    app.addHook('onClose', async () => bus.close())
  },
  { name: 'bus', dependencies: ['db'] },
)
