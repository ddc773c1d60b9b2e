/**
 * Delivers the notification outbox by e-mail (issue 14). One worker runs in each server instance; any number may
 * share a database and a notification is still sent at most once:
 *
 * 1. A round takes due rows (`pending`, `next_attempt_at` reached) with `SELECT … FOR UPDATE SKIP LOCKED` and marks
 *    them `sending` (attempts + 1, claimed_at) in one short transaction: another worker skips the locked rows and,
 *    once committed, no longer sees them as pending.
 * 2. It sends each mail outside any transaction, then records `sent`, or on failure `pending` again with the next
 *    attempt after a doubling delay, or `failed` (with the error) when the SMTP server refused it for good (5xx) or
 *    the attempts ran out. Nothing is deleted: a permanent failure stays for the administrators to read.
 * 3. A row left `sending` past the lease (its process died mid-send: the mail may or may not have left) is recorded
 *    as `failed`, never sent again — at most once rather than maybe twice.
 *
 * Without an SMTP server (no SMTP_URL) the same round marks due rows `kept`: nothing is sent, administrators read
 * the mails at /administrador/notificaciones.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { notifications } from '../db/schema'
import type { NotificationSettings } from '../config'
import { renderNotificationMail } from './renderNotificationMail'

interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html: string
  messageId: string
}

/** Where mails go: an SMTP server (production, tests) — anything with `send`. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    send: async (mail) => {
      await transport.sendMail(mail)
    },
    close: () => transport.close(),
  }
}

export interface NotificationWorkerOptions {
  db: Db
  /** null: keep the mails (no SMTP server configured). */
  sender: MailSender | null
  mailFrom: string
  publicUrl: string
  settings: NotificationSettings
  log?: (message: string) => void
}

interface RoundResult {
  sent: number
  retried: number
  failed: number
  kept: number
}

export interface NotificationWorker {
  /** One round now (tests drive the worker with it). */
  runOnce(): Promise<RoundResult>
  /** Rounds every pollMs until stop(). */
  start(): void
  /** Stops polling and waits for the round under way. */
  stop(): Promise<void>
}

export const INTERRUPTED_DELIVERY = 'Entrega interrumpida (el servidor se detuvo durante el envío); no se reintenta para no duplicar el correo'
const NO_ADDRESS = 'El destinatario no tiene dirección de correo'

/** Delay before attempt n+1 after n failed attempts: retryBaseMs · 2^(n−1), at most retryMaxMs. */
export function retryDelayMs(settings: Pick<NotificationSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1))
}

/** An SMTP 5xx answer is final (unknown mailbox, refused sender): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { db, sender, settings } = options
  const domain = URL.canParse(options.publicUrl) ? new URL(options.publicUrl).hostname || 'portal' : 'portal'
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = true

  async function recoverInterrupted() {
    await db
      .update(notifications)
      .set({ delivery: 'failed', lastError: INTERRUPTED_DELIVERY })
      .where(
        and(
          eq(notifications.delivery, 'sending'),
          lte(notifications.claimedAt, sql`now() - (${settings.leaseMs}::int * interval '1 millisecond')`),
        ),
      )
  }

  /** Takes due rows: `sending` (with an SMTP server) or `kept` (without). */
  async function claimDue() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.delivery, 'pending'), lte(notifications.nextAttemptAt, sql`now()`)))
        .orderBy(notifications.id)
        .limit(settings.batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      const ids = due.map((row) => row.id)
      return tx
        .update(notifications)
        .set(
          sender
            ? { delivery: 'sending', attempts: sql`${notifications.attempts} + 1`, claimedAt: sql`now()` }
            : { delivery: 'kept', claimedAt: sql`now()` },
        )
        .where(inArray(notifications.id, ids))
        .returning()
    })
  }

  async function runOnce(): Promise<RoundResult> {
    const result: RoundResult = { sent: 0, retried: 0, failed: 0, kept: 0 }
    await recoverInterrupted()
    const rows = (await claimDue()).sort((a, b) => a.id - b.id)
    if (!sender) {
      result.kept = rows.length
      return result
    }
    for (const row of rows) {
      const finish = (values: PgUpdateSetSource<typeof notifications>) =>
        db
          .update(notifications)
          .set({ claimedAt: null, ...values })
          .where(and(eq(notifications.id, row.id), eq(notifications.delivery, 'sending')))
      try {
        if (!row.email.trim()) throw Object.assign(new Error(NO_ADDRESS), { responseCode: 550 })
        const mail = renderNotificationMail(row, options.publicUrl)
        await sender.send({ ...mail, from: options.mailFrom, to: row.email, messageId: `<notificacion-${row.id}@${domain}>` })
        await finish({ delivery: 'sent', sentAt: sql`now()`, lastError: null })
        result.sent++
      } catch (error) {
        if (isPermanent(error) || row.attempts >= settings.maxAttempts) {
          await finish({ delivery: 'failed', lastError: errorText(error) })
          options.log?.(`Notificación ${row.id}: entrega fallida (${errorText(error)})`)
          result.failed++
        } else {
          const delay = retryDelayMs(settings, row.attempts)
          await finish({
            delivery: 'pending',
            lastError: errorText(error),
            nextAttemptAt: sql`now() + (${delay}::int * interval '1 millisecond')`,
          })
          result.retried++
        }
      }
    }
    return result
  }

  function schedule(ms: number) {
    if (stopped) return
    timer = setTimeout(() => {
      timer = undefined
      const round = runOnce().then(
        (result) => result,
        (error: unknown) => {
          options.log?.(`Notificaciones: la ronda falló (${errorText(error)})`)
          return null
        },
      )
      running = round
      void round.then((result) => {
        running = undefined
        // A full batch suggests more are due: go on at once.
        const busy = result !== null && result.sent + result.retried + result.failed + result.kept >= settings.batchSize
        schedule(busy ? 0 : settings.pollMs)
      })
    }, ms)
  }

  return {
    runOnce,
    start() {
      if (!stopped) return
      stopped = false
      schedule(0)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await running
      sender?.close()
    },
  }
}
