/**
 * Issue 23, item 4: the morning digest through the outbox. On a business day from 08:00 in Mexico City every active
 * executive, administrator and provider with claims 'Vencido' or 'Por vencer' gets one digest, listing them with
 * links; weekends and rest days send nothing; two instances writing and delivering at once leave one mail per user
 * and day. Controlled clock; PGlite, and PostgreSQL with TEST_DATABASE_URL (two connection pools there).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { openTestDb, useTestApp, usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'
import { authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { startSmtpSink } from './helpers/smtpSink'
import { notifications } from '../../server/db/schema'
import { openDb, type Db, type DbHandle } from '../../server/db/client'
import { backfillClaimClocks } from '../../server/domain/serviceLevels/clocks'
import { writeMorningDigests } from '../../server/domain/serviceLevels/digest'
import { saveServiceTargets } from '../../server/domain/serviceLevels/serviceLevels'
import { renderNotificationMail } from '../../server/notifications/renderNotificationMail'
import { digestTexts } from '../../server/notifications/digestMessages'
import { createNotificationWorker, smtpSender } from '../../server/notifications/worker'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../server/config'

const t = useTestApp()

/** Friday 27 November 2026 at 08:00 in Mexico City (UTC−6). */
const FRIDAY_8AM = new Date('2026-11-27T14:00:00Z')

async function claimIn(db: Db, statusId: number, enteredAt: string, owner: { idEjecutivo: number; idProveedor?: number }) {
  const { claim } = await createClaim(db, { ...owner, statusId })
  await db.execute(sql`update status_history set fecha = ${enteredAt}::timestamptz where id_evento = ${claim.idEvento}`)
  return claim.idEvento
}

/**
 * An executive with one claim of each badge, a provider with a late invoice, an administrator, and an inactive
 * executive with a late claim. At Friday 08:00:
 * - Validación de documentos (2 days) entered Monday 23 at 09:00: due Wednesday 25 at 09:00, 'Vencido';
 * - Asignación de proveedor (1 day) entered Thursday 26 at 09:00: due soon Friday at 04:12, due at 09:00, 'Por vencer';
 * - Carta y dictamen (3 days) entered Thursday 26 at 09:00: 'A tiempo', not listed;
 * - Facturación (5 days) entered Tuesday 17 at 09:00 (Monday 16 is a rest day): due Tuesday 24, 'Vencido'.
 */
async function world(db: Db) {
  const exec = await createUser(db, 0)
  const admin = await createUser(db, 1)
  const inactive = await createUser(db, 0, { activo: 1 })
  const idle = await createUser(db, 0)
  const { user: providerUser, provider } = await createProvider(db)
  const late = await claimIn(db, 3, '2026-11-23T15:00:00Z', { idEjecutivo: exec.idUser })
  const dueSoon = await claimIn(db, 5, '2026-11-26T15:00:00Z', { idEjecutivo: exec.idUser })
  await claimIn(db, 6, '2026-11-26T15:00:00Z', { idEjecutivo: exec.idUser })
  const invoice = await claimIn(db, 7, '2026-11-17T15:00:00Z', { idEjecutivo: exec.idUser, idProveedor: provider.idProveedor })
  const inactivesClaim = await claimIn(db, 3, '2026-11-23T15:00:00Z', { idEjecutivo: inactive.idUser })
  await backfillClaimClocks(db, new Date('2026-11-01T00:00:00Z'))
  return { exec, admin, inactive, idle, providerUser, late, dueSoon, invoice, inactivesClaim }
}

const digestsOf = (db: Db, idUser: number) =>
  db
    .select()
    .from(notifications)
    .where(sql`${notifications.kind} = 'morningDigest' and ${notifications.recipient} = ${`user:${idUser}`}`)
    .orderBy(asc(notifications.id))

beforeEach(async () => {
  // Each test reads the clocks of its own claims only.
  await t.db.execute(sql`delete from claim_clocks`)
})

describe('morning digest', () => {
  it('lists each office user their late and due-soon claims, most late first, with links', async () => {
    const w = await world(t.db)
    const round = await writeMorningDigests(t.db, FRIDAY_8AM)
    expect(round.day).toBe('2026-11-27')

    const [execDigest, ...moreExec] = await digestsOf(t.db, w.exec.idUser)
    expect(moreExec).toEqual([])
    expect(execDigest).toMatchObject({
      idEvento: w.late,
      email: w.exec.email,
      subject: 'Sus pendientes del viernes, 27 de noviembre: 1 vencido y 1 por vencer',
      message: '2 trámites requieren su atención: 1 vencido y 1 por vencer.',
      link: '/pendientes',
      dedupeKey: `digest:2026-11-27:user:${w.exec.idUser}`,
      delivery: 'pending',
    })
    expect(execDigest!.details).toEqual({
      audience: 'executive',
      resumen: {
        dia: '2026-11-27',
        vencidos: 1,
        porVencer: 1,
        tramites: [
          { idEvento: w.late, etapa: 'Validación de documentos', estado: 'overdue', vence: '2026-11-25T15:00:00.000Z' },
          { idEvento: w.dueSoon, etapa: 'Asignación de proveedor', estado: 'dueSoon', vence: '2026-11-27T15:00:00.000Z' },
        ],
      },
    })
    const mail = renderNotificationMail(execDigest!, 'https://portal.example')
    expect(mail.text).toBe(
      [
        'Hola:',
        '',
        '2 trámites requieren su atención: 1 vencido y 1 por vencer.',
        '',
        'Vencidos:',
        `- C${w.late} · Validación de documentos · venció el 25 nov 2026: https://portal.example/mis-tramites/proceso-general-tramites/${w.late}`,
        '',
        'Por vencer:',
        `- C${w.dueSoon} · Asignación de proveedor · vence el 27 nov 2026: https://portal.example/mis-tramites/proceso-general-tramites/${w.dueSoon}`,
        '',
        'Vea todos sus pendientes en el portal:',
        'https://portal.example/pendientes',
        '',
        'Este es un mensaje automático del Portal de trámites; no lo responda.',
        '',
      ].join('\n'),
    )
    expect(mail.html).toContain(`<a href="https://portal.example/mis-tramites/proceso-general-tramites/${w.late}">C${w.late} · Validación de documentos · venció el 25 nov 2026</a>`)

    // The provider: their late invoice, linked to its upload.
    const [providerDigest] = await digestsOf(t.db, w.providerUser.idUser)
    expect(providerDigest).toMatchObject({ subject: 'Sus pendientes del viernes, 27 de noviembre: 1 vencido', link: '/proveedores/pendientes' })
    expect(renderNotificationMail(providerDigest!, 'https://portal.example').text).toContain(
      `- C${w.invoice} · Facturación · venció el 24 nov 2026: https://portal.example/proveedores/cargar-factura/${w.invoice}`,
    )

    // The administrator: every claim waiting on the office (the inactive executive's too), not the provider's.
    const [adminDigest] = await digestsOf(t.db, w.admin.idUser)
    expect(adminDigest!.link).toBe('/administrador/pendientes')
    expect(adminDigest!.details.resumen!.tramites.map((claim) => claim.idEvento)).toEqual([w.late, w.inactivesClaim, w.dueSoon])
    expect(adminDigest!.subject).toBe('Sus pendientes del viernes, 27 de noviembre: 2 vencidos y 1 por vencer')

    // A mail only: the executive's bell leaves it out; the administrators' mail list shows it.
    const bell = await t.app.inject({ url: '/api/notifications/mine', headers: await authHeaders(t.app, sessionOf(w.exec)) })
    expect(bell.json().response).toEqual({ noLeidas: 0, notificaciones: [] })
    const mails = await t.app.inject({ url: `/api/notifications/all?q=${encodeURIComponent(w.exec.email)}`, headers: await authHeaders(t.app, sessionOf(w.admin)) })
    const listed = mails.json().response.items as { tipo: string; texto: string }[]
    expect(listed.map((item) => item.tipo)).toEqual(['morningDigest'])
    expect(listed[0]!.texto).toContain(`- C${w.late} · Validación de documentos · venció el 25 nov 2026: `)

    // Nothing for an inactive user, nor for one with nothing late.
    expect(await digestsOf(t.db, w.inactive.idUser)).toEqual([])
    expect(await digestsOf(t.db, w.idle.idUser)).toEqual([])
  })

  it('writes one digest per user and day, however many rounds run (at once or later that day)', async () => {
    const w = await world(t.db)
    const rounds = await Promise.all([writeMorningDigests(t.db, FRIDAY_8AM), writeMorningDigests(t.db, FRIDAY_8AM)])
    expect(rounds[0].written + rounds[1].written).toBeGreaterThan(0)
    expect((await writeMorningDigests(t.db, new Date('2026-11-27T20:00:00Z'))).written).toBe(0)
    expect(await digestsOf(t.db, w.exec.idUser)).toHaveLength(1)
    // The next business day (Monday 30) has its own.
    expect((await writeMorningDigests(t.db, new Date('2026-11-30T14:00:00Z'))).day).toBe('2026-11-30')
    expect(await digestsOf(t.db, w.exec.idUser)).toHaveLength(2)
  })

  it('finds every executive and provider who owns a late claim, not only the first of each (read by a skip scan)', async () => {
    // Owners interleaved with users who own nothing and an inactive owner first, so each owner after the first is
    // found by a step of the scan, not by its start.
    const inactive = await createUser(t.db, 0, { activo: 1 })
    await claimIn(t.db, 3, '2026-11-23T15:00:00Z', { idEjecutivo: inactive.idUser })
    const owners: number[] = []
    for (let i = 0; i < 3; i++) {
      await createUser(t.db, 0)
      const owner = await createUser(t.db, 0)
      await claimIn(t.db, 3, '2026-11-23T15:00:00Z', { idEjecutivo: owner.idUser })
      owners.push(owner.idUser)
    }
    const providers = [await createProvider(t.db), await createProvider(t.db)]
    for (const { provider } of providers) await claimIn(t.db, 7, '2026-11-17T15:00:00Z', { idEjecutivo: owners[0]!, idProveedor: provider.idProveedor })
    await backfillClaimClocks(t.db, new Date('2026-11-01T00:00:00Z'))

    await writeMorningDigests(t.db, FRIDAY_8AM, ['executive', 'provider'])
    for (const idUser of [...owners, ...providers.map((p) => p.user.idUser)]) expect(await digestsOf(t.db, idUser)).toHaveLength(1)
    expect(await digestsOf(t.db, inactive.idUser)).toEqual([])
  })

  it('counts each badge up to 1,000 and says «más de 1,000» past it', () => {
    expect(digestTexts({ dia: '2026-11-27', vencidos: 1001, porVencer: 3, tramites: [] })).toEqual({
      subject: 'Sus pendientes del viernes, 27 de noviembre: más de 1,000 vencidos y 3 por vencer',
      message: 'Muchos trámites requieren su atención: más de 1,000 vencidos y 3 por vencer.',
    })
    expect(digestTexts({ dia: '2026-11-27', vencidos: 1000, porVencer: 0, tramites: [] }).subject).toBe(
      'Sus pendientes del viernes, 27 de noviembre: 1,000 vencidos',
    )
  })

  it('reads the targets in force: a raised target widens the due-soon range of the next round', async () => {
    const w = await world(t.db)
    // A round with the defaults first (Thursday 26), then Validación de documentos raised from 2 to 10 business days.
    await writeMorningDigests(t.db, new Date('2026-11-26T14:00:00Z'))
    // Entered Friday 13 at 09:00: with 10 days it is due soon from Thursday 26 at 09:00 (Monday 16 is a rest day) and
    // due Monday 30 at 09:00, past the range the defaults give at Friday 08:00 (20 % of 3 days).
    const raised = await claimIn(t.db, 3, '2026-11-13T15:00:00Z', { idEjecutivo: w.exec.idUser })
    await backfillClaimClocks(t.db, new Date('2026-11-01T00:00:00Z'))
    await saveServiceTargets(t.db, w.admin.idUser, { objetivos: [{ statusId: 3, diasHabiles: 10 }] })
    try {
      await writeMorningDigests(t.db, FRIDAY_8AM)
      const friday = (await digestsOf(t.db, w.exec.idUser)).find((row) => row.dedupeKey?.startsWith('digest:2026-11-27:'))
      expect(friday?.details.resumen?.tramites).toContainEqual(expect.objectContaining({ idEvento: raised, estado: 'dueSoon', vence: '2026-11-30T15:00:00.000Z' }))
    } finally {
      await saveServiceTargets(t.db, w.admin.idUser, { objetivos: [{ statusId: 3, diasHabiles: 2 }] })
    }
  })

  it.each([
    ['Friday before 08:00', '2026-11-27T13:59:59Z'],
    ['Saturday 2026-11-28', '2026-11-28T15:00:00Z'],
    ['Sunday 2026-11-29', '2026-11-29T15:00:00Z'],
    ['Friday 2026-12-25 (Navidad)', '2026-12-25T15:00:00Z'],
    ['Monday 2026-11-16 (Día de la Revolución)', '2026-11-16T15:00:00Z'],
  ])('sends nothing on %s', async (_name, instant) => {
    const w = await world(t.db)
    expect(await writeMorningDigests(t.db, new Date(instant))).toEqual({ day: null, written: 0 })
    expect(await digestsOf(t.db, w.exec.idUser)).toEqual([])
  })
})

describe('two instances', () => {
  it('write and deliver one digest per user: two rounds and two outbox workers at once', async () => {
    // On PostgreSQL each instance has its own connection pool on one fresh database; on PGlite both share its one
    // connection.
    let first: { handle: DbHandle; drop: () => Promise<void> }
    let second: { handle: DbHandle; drop: () => Promise<void> } | null = null
    if (usingPostgres()) {
      const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_${randomBytes(6).toString('hex')}`)
      const a = await openDb({ databaseUrl: created.url })
      const b = await openDb({ databaseUrl: created.url })
      first = { handle: a, drop: async () => a.close() }
      second = { handle: b, drop: async () => (await b.close(), await created.drop()) }
    } else {
      first = await openTestDb()
    }
    const dbA = first.handle.db
    const dbB = (second ?? first).handle.db
    const sink = await startSmtpSink()
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, pollMs: 5, batchSize: 2 }
    const workers = [dbA, dbB].map((db) =>
      createNotificationWorker({ db, sender: smtpSender(sink.url), mailFrom: 'avisos@portal.example', publicUrl: 'https://portal.example', settings }),
    )
    try {
      const w = await world(dbA)
      await Promise.all([writeMorningDigests(dbA, FRIDAY_8AM), writeMorningDigests(dbB, FRIDAY_8AM)])
      for (const worker of workers) worker.start()
      // The executive, the administrator and the provider.
      await sink.waitFor(3, 30_000)
      await Promise.all([writeMorningDigests(dbB, new Date('2026-11-27T15:00:00Z')), new Promise((resolve) => setTimeout(resolve, 300))])
      for (const worker of workers) await worker.stop()
      expect(sink.mails.map((mail) => mail.to[0]).sort()).toEqual([w.exec.email, w.admin.email, w.providerUser.email].sort())
      expect(sink.mails.find((mail) => mail.to[0] === w.exec.email)!.subject).toBe('Sus pendientes del viernes, 27 de noviembre: 1 vencido y 1 por vencer')
      const rows = await dbA.select({ delivery: notifications.delivery }).from(notifications).where(eq(notifications.kind, 'morningDigest'))
      expect(rows.map((row) => row.delivery)).toEqual(['sent', 'sent', 'sent'])
    } finally {
      for (const worker of workers) await worker.stop()
      await sink.stop()
      await second?.drop()
      await first.drop()
    }
  }, 60_000)
})
