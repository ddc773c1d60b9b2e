/**
 * /api/notifications (issue 14): the signed-in user's own notifications (list, unread count, mark read) and the
 * administrators' view of every mail with its delivery state. Notifications are written by the server with each
 * stage change that hands a claim to someone; no call creates one.
 */
import { DELIVERY_STATES, NOTIFICATION_KINDS } from '../notifications'
import { defineCall } from './call'
import { Id, Int, NullableText, PageOf, PageQuery, Strict, Text, TextEnum, Type, type Static } from './schema'

/** One notification as its recipient sees it in the app. */
export const MyNotification = Type.Object({
  idNotificacion: Int,
  idEvento: Int,
  titulo: Text,
  mensaje: Text,
  /** Path inside the app. */
  enlace: Text,
  /** ISO timestamp. */
  fecha: Text,
  leida: Type.Boolean(),
})
export type MyNotification = Static<typeof MyNotification>

export const MyNotifications = Type.Object({
  /** Unread notifications of the session, all of them (the list shows only the newest). */
  noLeidas: Int,
  notificaciones: Type.Array(MyNotification),
})
export type MyNotifications = Static<typeof MyNotifications>

/** Either some notifications by id or all of the session's. */
const MarkReadBody = Strict({
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
  todas: Type.Optional(Type.Boolean()),
})
type MarkReadBody = Static<typeof MarkReadBody>

/** One mail as the administrators read it: recipient address, texts and delivery state. */
export const AdminNotification = Type.Object({
  idNotificacion: Int,
  idEvento: Int,
  tipo: TextEnum(NOTIFICATION_KINDS),
  correo: Text,
  asunto: Text,
  texto: Text,
  estado: TextEnum(DELIVERY_STATES),
  intentos: Int,
  ultimoError: NullableText,
  /** ISO timestamps. */
  fecha: Text,
  enviada: NullableText,
})
export type AdminNotification = Static<typeof AdminNotification>
export const AdminNotificationPage = PageOf(AdminNotification)
export type AdminNotificationPage = Static<typeof AdminNotificationPage>

export const notificationCalls = {
  mine: defineCall({
    method: 'GET',
    path: '/api/notifications/mine',
    summary: 'Notificaciones de la sesión (las más recientes) y cuántas no ha leído',
    response: MyNotifications,
  }),
  markRead: defineCall({
    method: 'PUT',
    path: '/api/notifications/read',
    summary: 'Marca como leídas notificaciones de la sesión (por id, o todas)',
    body: MarkReadBody,
    response: Type.Object({ noLeidas: Int }),
  }),
  all: defineCall({
    method: 'GET',
    path: '/api/notifications/all',
    summary: 'Todos los correos de notificación con su estado de entrega; q busca en correo, asunto o C{id}',
    querystring: PageQuery,
    response: AdminNotificationPage,
  }),
}
