/** Decorates the app with one Drizzle instance and closes it with the app. */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Db, DbHandle } from './client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbKind: DbHandle['kind']
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { handle: DbHandle; closeWithApp: boolean }) {
    app.decorate('db', opts.handle.db)
    app.decorate('dbKind', opts.handle.kind)
    if (opts.closeWithApp) app.addHook('onClose', async () => opts.handle.close())
  },
  { name: 'db' },
)
