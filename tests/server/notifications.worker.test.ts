/**
 * Issue 14, the delivery worker against a real SMTP server on a loopback port: the mail it sends (Spanish,
 * plain text and HTML, the reviewer's comment), retries with backoff while the server is down and then exactly
 * one delivery, permanent failures recorded, kept mails without SMTP, an interrupted send never repeated, two
 * workers on one database sending each notification once, and the worker's start and stop with the server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { buildTestApp, openTestDb, usingPostgres, type TestApp } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'
import { createClaim, createUser } from './helpers/fixtures'
import { startSmtpSink, type SmtpSink } from './helpers/smtpSink'
import { claimFiles, notifications } from '../../server/db/schema'
import { openDb, type Db, type DbHandle } from '../../server/db/client'
import { applyClaimEvent } from '../../server/domain/claimLifecycle'
import { createNotificationWorker, INTERRUPTED_DELIVERY, retryDelayMs, smtpSender, type NotificationWorker } from '../../server/notifications/worker'
import { DEFAULT_NOTIFICATION_SETTINGS, loadConfig, type NotificationSettings } from '../../server/config'
import { buildApp } from '../../server/app'

const FAST: NotificationSettings = { pollMs: 20, retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 8, leaseMs: 60_000, batchSize: 5 }
const MAIL_FROM = 'Portal de trámites <avisos@portal.example>'

let t: TestApp
let sink: SmtpSink
let idEjecutivo: number
const workers: NotificationWorker[] = []

beforeAll(async () => {
  t = await buildTestApp()
  sink = await startSmtpSink({ refuse: ['inexistente@correo.example'] })
  idEjecutivo = (await createUser(t.db, 0)).idUser
})
afterAll(async () => {
  for (const worker of workers) await worker.stop()
  await sink.stop()
  await t.close()
})
beforeEach(async () => {
  // Each test starts with no mail due, so a worker touches only the rows of its own test.
  await t.db.update(notifications).set({ delivery: 'sent' }).where(inArray(notifications.delivery, ['pending', 'sending']))
  sink.mails.length = 0
})

function workerOn(db: Db, settings: Partial<NotificationSettings> = {}, withSmtp = true) {
  const worker = createNotificationWorker({
    db,
    sender: withSmtp ? smtpSender(sink.url) : null,
    mailFrom: MAIL_FROM,
    publicUrl: 'https://portal.example',
    settings: { ...FAST, ...settings },
  })
  workers.push(worker)
  return worker
}

/** `n` notifications of a concluded claim of `owner` written straight into the outbox; `email(i)` addresses each. */
async function pendingNotifications(db: Db, n: number, email: (i: number) => string = () => 'destino@correo.example', owner = idEjecutivo) {
  const { claim } = await createClaim(db, { idEjecutivo: owner, statusId: 8 })
  const rows = await db
    .insert(notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        idEvento: claim.idEvento,
        kind: 'claimConcluded',
        recipient: `user:${owner}`,
        email: email(i),
        subject: `Trámite C${claim.idEvento} concluido`,
        message: `La factura fue aprobada y el trámite C${claim.idEvento} concluyó.`,
        link: `/mis-tramites/proceso-general-tramites/${claim.idEvento}`,
        details: { audience: 'executive' as const },
      })),
    )
    .returning({ id: notifications.id })
  return rows.map((r) => r.id)
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id))
  return row!
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('tiempo de espera agotado')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('the mail', () => {
  it('a rejected document reaches the collaborator with the comment, in Spanish, as text and HTML', async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo, statusId: 3 })
    const id = claim.idEvento
    await t.db.insert(claimFiles).values(
      [1, 2, 3].map((tipo) => ({ idEvento: id, tipo, status: 1, storageKey: `2026/01/x${tipo}.pdf`, nombre: `d${tipo}.pdf`, size: 10, uploadedBy: 'test' })),
    )
    await t.db.transaction(async (tx) => {
      await tx
        .update(claimFiles)
        .set({ status: 3, comentario: 'El resumen médico no tiene firma del médico' })
        .where(sql`${claimFiles.idEvento} = ${id} and ${claimFiles.tipo} = 2`)
      await applyClaimEvent(tx, { idEvento: id, event: { type: 'document.comment', tipo: 2, status: 3 }, actor: `user:${idEjecutivo}` })
    })
    const result = await workerOn(t.db).runOnce()
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0, kept: 0 })
    const [mail] = await sink.waitFor(1)
    expect(mail!.to).toEqual(['maria@correo.com'])
    expect(mail!.from).toBe('avisos@portal.example')
    expect(mail!.subject).toBe(`Trámite C${id}: documentos rechazados`)
    expect(mail!.text).toContain('Se rechazaron documentos de su trámite. Revise los comentarios y cárguelos de nuevo.')
    expect(mail!.text).toContain('- Resumen médico: El resumen médico no tiene firma del médico')
    expect(mail!.text).toContain('https://portal.example/login-colaborador')
    expect(mail!.html).toContain('<strong>Resumen médico:</strong> El resumen médico no tiene firma del médico')
    expect(mail!.html).toContain('<html lang="es">')
    const [row] = await t.db.select().from(notifications).where(eq(notifications.idEvento, id))
    expect(mail!.messageId).toBe(`<notificacion-${row!.id}@portal.example>`)
    expect([row!.delivery, row!.attempts, row!.lastError]).toEqual(['sent', 1, null])
    expect(row!.sentAt).not.toBeNull()
  })
})

describe('retries and failures', () => {
  it('with the SMTP server stopped mid-run it retries with backoff, then delivers exactly once', async () => {
    const [id] = await pendingNotifications(t.db, 1)
    await sink.stop()
    const worker = workerOn(t.db)
    worker.start()
    try {
      await until(async () => {
        const row = await rowOf(id!)
        return row.attempts >= 2 && row.delivery === 'pending'
      })
      const waiting = await rowOf(id!)
      expect(waiting.lastError).toMatch(/ECONNREFUSED|conn/i)
      expect(sink.mails).toHaveLength(0)
      await sink.start()
      await sink.waitFor(1)
      await until(async () => (await rowOf(id!)).delivery === 'sent')
      // Several more rounds: nothing is sent again.
      await new Promise((r) => setTimeout(r, 400))
      expect(sink.mails).toHaveLength(1)
      expect((await rowOf(id!)).lastError).toBeNull()
    } finally {
      await worker.stop()
      await sink.start()
    }
  })

  it('backs off doubling from the base delay up to the maximum', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(FAST, n))).toEqual([100, 200, 400, 400, 400])
    const production = DEFAULT_NOTIFICATION_SETTINGS
    expect([1, 2, 3, 7, 8].map((n) => retryDelayMs(production, n) / 60_000)).toEqual([1, 2, 4, 60, 60])
  })

  it('a recipient the SMTP server refuses (5xx) is recorded as failed at once, not retried', async () => {
    const [id] = await pendingNotifications(t.db, 1, () => 'inexistente@correo.example')
    expect(await workerOn(t.db).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1, kept: 0 })
    const row = await rowOf(id!)
    expect(row.delivery).toBe('failed')
    expect(row.attempts).toBe(1)
    expect(row.lastError).toContain('550')
  })

  it('when the attempts run out the failure is recorded with its last error', async () => {
    const [id] = await pendingNotifications(t.db, 1)
    await sink.stop()
    try {
      const worker = workerOn(t.db, { maxAttempts: 2, retryBaseMs: 0 })
      expect((await worker.runOnce()).retried).toBe(1)
      expect((await worker.runOnce()).failed).toBe(1)
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, kept: 0 })
    } finally {
      await sink.start()
    }
    const row = await rowOf(id!)
    expect([row.delivery, row.attempts]).toEqual(['failed', 2])
    expect(row.lastError).toMatch(/ECONNREFUSED|conn/i)
  })

  it('a mail left sending past its lease (the process died) is recorded as failed and never sent again', async () => {
    const [id] = await pendingNotifications(t.db, 1)
    await t.db
      .update(notifications)
      .set({ delivery: 'sending', attempts: 1, claimedAt: sql`now() - interval '2 minutes'` })
      .where(eq(notifications.id, id!))
    await workerOn(t.db).runOnce()
    const row = await rowOf(id!)
    expect([row.delivery, row.lastError]).toEqual(['failed', INTERRUPTED_DELIVERY])
    expect(sink.mails).toHaveLength(0)
  })

  it('without an SMTP server mails are kept, not sent', async () => {
    const ids = await pendingNotifications(t.db, 2)
    expect(await workerOn(t.db, {}, false).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, kept: 2 })
    for (const id of ids) expect((await rowOf(id)).delivery).toBe('kept')
    expect(sink.mails).toHaveLength(0)
  })
})

describe('several workers on one database', () => {
  it('two workers never send a notification twice', async () => {
    // On PostgreSQL each worker has its own connection pool on one fresh database (two server instances);
    // on PGlite both share its single connection.
    let second: { handle: DbHandle; drop: () => Promise<void> } | null = null
    let first: { handle: DbHandle; drop: () => Promise<void> } | null = null
    if (usingPostgres()) {
      const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_${randomBytes(6).toString('hex')}`)
      const a = await openDb({ databaseUrl: created.url })
      const b = await openDb({ databaseUrl: created.url })
      first = { handle: a, drop: async () => a.close() }
      second = { handle: b, drop: async () => (await b.close(), await created.drop()) }
    } else {
      const shared = await openTestDb()
      first = { handle: shared.handle, drop: shared.drop }
    }
    const dbA = first.handle.db
    const dbB = (second ?? first).handle.db
    try {
      const owner = await createUser(dbA, 0)
      const total = 40
      await pendingNotifications(dbA, total, (i) => `destino${i}@correo.example`, owner.idUser)
      const a = workerOn(dbA, { batchSize: 3, pollMs: 5 })
      const b = workerOn(dbB, { batchSize: 3, pollMs: 5 })
      a.start()
      b.start()
      await sink.waitFor(total, 30_000)
      await new Promise((r) => setTimeout(r, 300))
      await a.stop()
      await b.stop()
      expect(sink.mails).toHaveLength(total)
      expect(new Set(sink.mails.map((m) => m.messageId)).size).toBe(total)
      expect(new Set(sink.mails.map((m) => m.to[0])).size).toBe(total)
      const rows = await dbA.select({ delivery: notifications.delivery, attempts: notifications.attempts }).from(notifications)
      expect(rows.every((r) => r.delivery === 'sent' && r.attempts === 1)).toBe(true)
    } finally {
      await second?.drop()
      await first.drop()
    }
  }, 60_000)
})

describe('with the server', () => {
  it('the listening server runs the worker with SMTP_URL and stops it cleanly on close', async () => {
    const { handle, drop } = await openTestDb()
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-worker-'))
    const config = loadConfig(
      { NODE_ENV: 'test', SMTP_URL: sink.url, MAIL_FROM: MAIL_FROM, PUBLIC_URL: 'https://portal.example/' },
      { dataDir, jwtSecret: 'x'.repeat(40), staticDir: undefined, logger: false },
    )
    expect(config.smtpUrl).toBe(sink.url)
    expect(config.publicUrl).toBe('https://portal.example')
    const app = await buildApp({ config: { ...config, notifications: FAST }, db: handle, closeDbWithApp: false, notificationWorker: true })
    try {
      await app.ready()
      const owner = await createUser(handle.db, 0)
      const { claim } = await createClaim(handle.db, { idEjecutivo: owner.idUser, statusId: 9 })
      // Approving needs the three documents (the lifecycle's guard of invoice.approve).
      await handle.db.insert(claimFiles).values(
        ([1, 2, 3] as const).map((tipo) => ({ idEvento: claim.idEvento, tipo, status: 2, storageKey: `k-${claim.idEvento}-${tipo}`, nombre: `d${tipo}.pdf`, size: 1, uploadedBy: 'user:0' })),
      )
      await handle.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'invoice.approve' }, actor: 'user:999999' }))
      const mails = await sink.waitFor(2)
      expect(mails.map((m) => m.to[0]).sort()).toEqual([owner.email, 'maria@correo.com'].sort())
    } finally {
      await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('configuration', () => {
  it('reads the worker timing from the environment, keeping the production defaults for anything unusable', () => {
    const base = { NODE_ENV: 'test' }
    expect(loadConfig(base).notifications).toEqual(DEFAULT_NOTIFICATION_SETTINGS)
    expect(loadConfig({ ...base, NOTIFY_POLL_MS: '200', NOTIFY_RETRY_BASE_MS: '50' }).notifications).toMatchObject({ pollMs: 200, retryBaseMs: 50 })
    expect(loadConfig({ ...base, NOTIFY_POLL_MS: 'abc', NOTIFY_RETRY_BASE_MS: '-1' }).notifications).toEqual(DEFAULT_NOTIFICATION_SETTINGS)
    expect(loadConfig(base).smtpUrl).toBeUndefined()
    expect(loadConfig({ ...base, PORT: '4000' }).publicUrl).toBe('http://localhost:4000')
  })
})
