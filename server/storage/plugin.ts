/** Decorates the app with the one file store under the data folder, so every route and script shares its root. */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createFileStore, type FileStore } from './fileStore'

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore
  }
}

export default fp(
  async function fileStorePlugin(app: FastifyInstance, opts: { dataDir: string }) {
    app.decorate('fileStore', createFileStore(opts.dataDir))
  },
  { name: 'fileStore' },
)
