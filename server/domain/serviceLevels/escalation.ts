/**
 * Escalation (issue 23), a round the listening server runs every minute: a claim that became 'Vencido' is announced
 * once to whom its stage waits on (the owning executive, the assigned provider, or the administrators for an
 * invoice approval), and a claim overdue by its whole target again once to the administrators, through the
 * notification outbox (bell and mail).
 *
 * Once, whatever the number of instances: each round takes the clocks it announces with FOR UPDATE SKIP LOCKED and
 * marks them in the same transaction, and every row it writes carries a dedupe key (the claim, its stay and the
 * recipient) under a unique index, so even a clock announced twice (two rounds that read it before either committed)
 * leaves one notification.
 */
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { notifications } from '../../db/schema'
import { CLAIM_STAGES } from '../../../domain/claimStages'
import { ROLE } from '../../../domain/roles'
import { ACTIVO } from '../../../domain/rules/constants'
import type { NotificationAudience } from '../../../domain/notifications'
import { isTimedStage } from '../../../domain/serviceLevels'
import { notificationLink, notificationTexts, type ClaimNotificationKind } from '../../notifications/messages'

/** Clocks announced per transaction: a round after a long outage catches up in several. */
const ROUND_BATCH = 200

type Rows<T> = { rows: T[] }

interface DueClock {
  idEvento: number
  statusId: number
  waitsOn: string
  idEjecutivo: number
  idProveedor: number | null
  enteredAt: string
}

interface Recipient {
  key: string
  email: string
  audience: NotificationAudience
}

async function administrators(tx: Tx): Promise<Recipient[]> {
  const rows = (await tx.execute(sql`
    select id_user as "idUser", email from users where rol = ${ROLE.admin} and activo = ${ACTIVO.active} order by id_user`)) as unknown as Rows<{
    idUser: number
    email: string
  }>
  return rows.rows.map((row) => ({ key: `user:${row.idUser}`, email: row.email, audience: 'admin' }))
}

/** Whom an overdue clock is announced to: the party its stage waits on. */
async function partyOf(tx: Tx, clock: DueClock): Promise<Recipient[]> {
  if (clock.waitsOn === 'administrator') return administrators(tx)
  if (clock.waitsOn === 'provider') {
    if (clock.idProveedor === null) return []
    const rows = (await tx.execute(sql`
      select user_id as "userId", email from providers where id_proveedor = ${clock.idProveedor}`)) as unknown as Rows<{ userId: number; email: string }>
    return rows.rows.map((row) => ({ key: `user:${row.userId}`, email: row.email, audience: 'provider' }))
  }
  const rows = (await tx.execute(sql`
    select email, rol from users where id_user = ${clock.idEjecutivo} and activo = ${ACTIVO.active}`)) as unknown as Rows<{ email: string; rol: number }>
  return rows.rows.map((row) => ({ key: `user:${clock.idEjecutivo}`, email: row.email, audience: Number(row.rol) === ROLE.admin ? 'admin' : 'executive' }))
}

async function announce(tx: Tx, kind: ClaimNotificationKind, clock: DueClock, recipients: Recipient[]): Promise<number> {
  if (!isTimedStage(clock.statusId) || recipients.length === 0) return 0
  const etapa = CLAIM_STAGES[clock.statusId]
  const texts = notificationTexts(kind, clock.idEvento, etapa)
  const stay = `${clock.idEvento}:${clock.statusId}:${new Date(clock.enteredAt).getTime()}`
  const written = await tx
    .insert(notifications)
    .values(
      recipients.map((recipient) => ({
        idEvento: clock.idEvento,
        kind,
        recipient: recipient.key,
        email: recipient.email,
        subject: texts.subject,
        message: texts.message,
        link: notificationLink(recipient.audience, clock.idEvento),
        details: { audience: recipient.audience, etapa },
        dedupeKey: `${kind === 'claimOverdue' ? 'overdue' : 'escalated'}:${stay}:${recipient.key}`,
      })),
    )
    .onConflictDoNothing({ target: notifications.dedupeKey, where: sql`dedupe_key is not null` })
    .returning({ id: notifications.id })
  return written.length
}

/** One batch of one kind: the clocks it takes, marked, and their notifications, in one transaction. */
async function announceBatch(db: Db, kind: 'claimOverdue' | 'claimEscalated', now: Date): Promise<{ clocks: number; written: number }> {
  const at = now.toISOString()
  return db.transaction(async (tx) => {
    const taken = (await tx.execute(
      kind === 'claimOverdue'
        ? sql`
          update claim_clocks k set overdue_notified = true
          from (select id_evento from claim_clocks where not overdue_notified and due_at < ${at}::timestamptz
                order by due_at limit ${ROUND_BATCH} for update skip locked) due
          where k.id_evento = due.id_evento
          returning k.id_evento as "idEvento", k.status_id as "statusId", k.waits_on as "waitsOn",
                    k.id_ejecutivo as "idEjecutivo", k.id_proveedor as "idProveedor", k.entered_at as "enteredAt"`
        : sql`
          update claim_clocks k set escalated = true
          from (select id_evento from claim_clocks where not escalated and escalate_at < ${at}::timestamptz
                order by escalate_at limit ${ROUND_BATCH} for update skip locked) due
          where k.id_evento = due.id_evento
          returning k.id_evento as "idEvento", k.status_id as "statusId", k.waits_on as "waitsOn",
                    k.id_ejecutivo as "idEjecutivo", k.id_proveedor as "idProveedor", k.entered_at as "enteredAt"`,
    )) as unknown as Rows<DueClock>
    let written = 0
    for (const row of taken.rows) {
      const clock: DueClock = {
        idEvento: Number(row.idEvento),
        statusId: Number(row.statusId),
        waitsOn: row.waitsOn,
        idEjecutivo: Number(row.idEjecutivo),
        idProveedor: row.idProveedor === null ? null : Number(row.idProveedor),
        enteredAt: row.enteredAt,
      }
      written += await announce(tx, kind, clock, kind === 'claimOverdue' ? await partyOf(tx, clock) : await administrators(tx))
    }
    return { clocks: taken.rows.length, written }
  })
}

/** One escalation round at `now`: every clock that became overdue or escalated since the last one. Returns the rows written. */
export async function escalateClocks(db: Db, now: Date): Promise<number> {
  let written = 0
  for (const kind of ['claimOverdue', 'claimEscalated'] as const) {
    for (;;) {
      const batch = await announceBatch(db, kind, now)
      written += batch.written
      if (batch.clocks < ROUND_BATCH) break
    }
  }
  return written
}
