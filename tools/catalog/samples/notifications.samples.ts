import type { TraversalSamples } from '../../machineGraph/traversal'
import type { MyNotification } from '../../../domain/contract/notifications'
import { serverError } from './common'

export const unreadNotification: MyNotification = {
  idNotificacion: 41,
  idEvento: 300,
  titulo: 'Trámite C300: documentos rechazados',
  mensaje: 'Se rechazaron documentos de su trámite. Revise los comentarios y cárguelos de nuevo.',
  enlace: '/home-colaborador',
  fecha: '2026-01-15T17:30:00.000Z',
  leida: false,
}

export const notificationsSamples = {
  events: [
    { type: 'xstate.done.actor.loadNotifications', output: { noLeidas: 1, notificaciones: [unreadNotification] } },
    { type: 'xstate.error.actor.loadNotifications', error: serverError },
    { type: 'notification.read', idNotificacion: 41 },
    { type: 'xstate.done.actor.markNotificationsRead', output: { noLeidas: 0 } },
    { type: 'xstate.error.actor.markNotificationsRead', error: serverError },
  ],
} satisfies TraversalSamples
