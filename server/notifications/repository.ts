/** Reads of the notifications: a session's own (in-app list, unread count, mark read) and all mails (administrators). */
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { notifications } from '../db/schema'
import type { Session } from '../auth/roles'
import { actorOf } from '../auth/actor'
import { likeContains } from '../lib/likeContains'
import { countTableUpTo, countUpTo } from '../lib/pageTotal'
import type { PageRequest } from '../../domain/paging'
import type { Page } from '../../domain/contract/schema'
import type { AdminNotification, MyNotification, MyNotifications } from '../../domain/contract/notifications'
import { NOTIFICATION_LIST_SIZE, type DeliveryState, type NotificationKind } from '../../domain/notifications'
import { renderNotificationMail } from './renderNotificationMail'

/**
 * The rows a session owns: its recipient key; a collaborator signs in for one claim and sees only that claim's
 * notifications (no more than the portal shows them). The morning digest is a mail only (issue 23): the bell leaves
 * it out, Pendientes already shows what it lists.
 */
function ownedBy(session: Session): SQL {
  const mine = and(eq(notifications.recipient, actorOf(session)), ne(notifications.kind, 'morningDigest'))!
  return session.kind === 'collaborator' ? and(mine, eq(notifications.idEvento, session.idEvento))! : mine
}

async function unreadCount(db: Db, session: Session): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(ownedBy(session), isNull(notifications.readAt)))
  return Number(row?.n ?? 0)
}

export async function listMine(db: Db, session: Session): Promise<MyNotifications> {
  const rows = await db
    .select()
    .from(notifications)
    .where(ownedBy(session))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_SIZE)
  const notificaciones: MyNotification[] = rows.map((row) => ({
    idNotificacion: row.id,
    idEvento: row.idEvento,
    titulo: row.subject,
    mensaje: row.message,
    enlace: row.link,
    fecha: new Date(row.createdAt).toISOString(),
    leida: row.readAt !== null,
  }))
  return { noLeidas: await unreadCount(db, session), notificaciones }
}

/** Marks the session's notifications read (those of `ids` that are its own, or all); answers the unread count. */
export async function markRead(db: Db, session: Session, which: { ids?: number[]; todas?: boolean }): Promise<number> {
  const selection = which.todas ? undefined : inArray(notifications.id, which.ids ?? [])
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(session), isNull(notifications.readAt), selection))
  return unreadCount(db, session)
}

/** Every mail, newest first; q matches the address, the subject or the claim (C123 or 123). */
/**
 * The mails search: the address or the subject contains the text (each from its trigram index, migration 0008), or
 * the text is a claim number (C optional) and the mail is about that claim.
 */
export function mailSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim()
  if (!text) return undefined
  const claim = /^c?\d{1,9}$/i.test(text) ? Number(text.replace(/^c/i, '')) : null
  return or(
    ilike(notifications.email, likeContains(text)),
    ilike(notifications.subject, likeContains(text)),
    claim !== null ? eq(notifications.idEvento, claim) : undefined,
  )
}

export async function listAll(db: Db, publicUrl: string, { q, page, pageSize, countLimit }: PageRequest): Promise<Page<AdminNotification>> {
  const where = mailSearch(q)
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Several mails per claim: this table outgrows the claims, so it is counted like them (server/lib/pageTotal.ts).
    where === undefined
      ? countTableUpTo(db, notifications, countLimit)
      : countUpTo(db, db.select({ id: notifications.id }).from(notifications).where(where).$dynamic(), countLimit),
  ])
  const items = rows.map((row) => ({
    idNotificacion: row.id,
    idEvento: row.idEvento,
    tipo: row.kind as NotificationKind,
    correo: row.email,
    asunto: row.subject,
    texto: renderNotificationMail(row, publicUrl).text,
    estado: row.delivery as DeliveryState,
    intentos: row.attempts,
    ultimoError: row.lastError,
    fecha: new Date(row.createdAt).toISOString(),
    enviada: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }))
  return { items, ...counted, page, pageSize }
}
