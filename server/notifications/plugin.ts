/**
 * Runs the notification worker with the server: started when the app is ready, stopped (waiting for the mail
 * being sent) before the database closes. Only the listening server starts it (server/main.ts); API tests drive a
 * worker of their own. The escalation round of the service levels (issue 23) runs beside it every minute and writes
 * into the same outbox.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createNotificationWorker, smtpSender, type NotificationWorker } from './worker'
import { escalateClocks } from '../domain/serviceLevels/escalation'
import { writeMorningDigests } from '../domain/serviceLevels/digest'
import { morningDigestDay } from '../../domain/morningDigest'

/** How often overdue claims are looked for: a badge changes by the minute at most. */
const ESCALATION_INTERVAL_MS = 60_000

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
    let escalation: Promise<unknown> = Promise.resolve()
    // The day this instance wrote the digest for: it reads the queues once a day, not every minute. Another instance
    // (or this one after a restart) writing the same day's digests again leaves one per user (the outbox's dedupe key).
    let digestDoneFor: string | null = null
    const digest = async (now: Date) => {
      const day = morningDigestDay(now)
      if (day === null || day === digestDoneFor) return
      await writeMorningDigests(app.db, now)
      digestDoneFor = day
    }
    const escalate = () => {
      escalation = escalation
        .then(() => escalateClocks(app.db, new Date()))
        .catch((err: unknown) => app.log.warn(`Escalamiento de trámites vencidos: ${(err as Error).message}`))
        .then(() => digest(new Date()))
        .catch((err: unknown) => app.log.warn(`Resumen matutino de pendientes: ${(err as Error).message}`))
    }
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      worker.start()
      escalate()
      timer = setInterval(escalate, ESCALATION_INTERVAL_MS)
      timer.unref()
    })
    // preClose runs before any onClose hook, so the worker never touches a closed database.
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer)
      await escalation
      await worker.stop()
    })
  },
  { name: 'notification-worker', dependencies: ['db'] },
)
