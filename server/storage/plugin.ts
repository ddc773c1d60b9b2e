/** Decorates the app with the one file store (a folder or a bucket, server/storage/openFileStore.ts), so every route and script shares it. */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config'
import type { FileStore } from './fileStore'
import { openFileStore } from './openFileStore'

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore
  }
}

export default fp(
  async function fileStorePlugin(app: FastifyInstance, opts: Pick<AppConfig, 'dataDir' | 's3'>) {
    const store = openFileStore(opts)
    app.decorate('fileStore', store)
    app.addHook('onClose', async () => store.close())
  },
  { name: 'fileStore' },
)
