/**
 * Runs the notification worker with the server: started when the app is ready, stopped (waiting for the mail
 * being sent) before the database closes. Only the listening server starts it (server/main.ts); API tests drive a
 * worker of their own.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createNotificationWorker, smtpSender, type NotificationWorker } from './worker'

declare module 'fastify' {
  interface FastifyInstance {
    notificationWorker: NotificationWorker
  }
}

export default fp(
  async function notificationWorkerPlugin(app: FastifyInstance) {
    const { config } = app
    const worker = createNotificationWorker({
      db: app.db,
      sender: config.smtpUrl ? smtpSender(config.smtpUrl) : null,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      settings: config.notifications,
      log: (message) => app.log.warn(message),
    })
    app.decorate('notificationWorker', worker)
    app.addHook('onReady', async () => worker.start())
    // preClose runs before any onClose hook, so the worker never touches a closed database.
    app.addHook('preClose', async () => worker.stop())
  },
  { name: 'notification-worker', dependencies: ['db'] },
)
