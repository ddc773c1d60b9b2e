/**
 * The signed-in user's notifications (issue 14): the unread badge on the header's bell and the list it opens.
 *
 * States: loading → ready, which reads again on 'notifications.refresh' → loading; ready → marking
 * ('notification.read' of an unread one, or 'notifications.readAll' while any is unread) → ready with those marked
 * and the server's unread count, or back to ready with the reason when it failed. A failed read keeps the last list
 * and shows the reason.
 *
 * No polling (issue 21): the bell sends 'notifications.refresh' when the server's event stream says a claim the
 * user may see changed — every notification is about such a claim — and when the window regains focus
 * (src/api/serverState.ts, src/features/notifications/NotificationBell.tsx).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { MyNotification, MyNotifications } from '../domain/contract/notifications'
import { failureReason } from './failureReason'

const NOTIFICATIONS_LOAD_ERROR = 'No se pudieron cargar las notificaciones'
const NOTIFICATIONS_MARK_ERROR = 'No se pudo marcar como leída'

/** What 'marcar como leída' sends: one notification, or all of the session's. */
export type MarkReadRequest = { ids: number[] } | { todas: true }

export interface NotificationsContext {
  items: MyNotification[]
  unread: number
  error: string | null
  /** What the mark under way asked for. */
  marking: MarkReadRequest | null
}

export type NotificationsEvent =
  | { type: 'notifications.refresh' }
  | { type: 'notification.read'; idNotificacion: number }
  | { type: 'notifications.readAll' }

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    loadNotifications: fromPromise<MyNotifications, void>(async () => {
      throw new Error('loadNotifications not provided')
    }),
    markNotificationsRead: fromPromise<{ noLeidas: number }, MarkReadRequest>(async () => {
      throw new Error('markNotificationsRead not provided')
    }),
  },
  guards: {
    isUnread: ({ context, event }) =>
      event.type === 'notification.read' && context.items.some((n) => n.idNotificacion === event.idNotificacion && !n.leida),
    anyUnread: ({ context }) => context.unread > 0,
  },
  actions: {
    storeList: assign((_, output: MyNotifications) => ({ items: output.notificaciones, unread: output.noLeidas, error: null })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    startMarking: assign({
      marking: ({ event }): MarkReadRequest | null =>
        event.type === 'notification.read' ? { ids: [event.idNotificacion] } : event.type === 'notifications.readAll' ? { todas: true } : null,
      error: null,
    }),
    applyMarked: assign(({ context }, output: { noLeidas: number }) => {
      const marked = context.marking
      const isMarked = (n: MyNotification) => marked !== null && ('todas' in marked || marked.ids.includes(n.idNotificacion))
      return { items: context.items.map((n) => (isMarked(n) ? { ...n, leida: true } : n)), unread: output.noLeidas, marking: null }
    }),
    forgetMarking: assign({ marking: null }),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], unread: 0, error: null, marking: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Se leen las notificaciones de la sesión y cuántas no ha leído.',
      meta: { view: 'Campana del encabezado; la lista abierta muestra «Cargando notificaciones…» la primera vez' },
      invoke: {
        id: 'loadNotifications',
        src: 'loadNotifications',
        onDone: { target: 'ready', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'storeError', params: ({ event }) => ({ message: failureReason(event.error, NOTIFICATIONS_LOAD_ERROR) }) },
        },
      },
    },
    ready: {
      description: 'Lista y contador al día; se vuelven a leer cuando el servidor avisa de un cambio o la ventana recupera el foco.',
      meta: { view: 'Campana con el número de no leídas; lista con «Marcar como leída» por notificación y «Marcar todas como leídas»' },
      on: {
        'notifications.refresh': { target: 'loading' },
        'notification.read': { guard: 'isUnread', target: 'marking', actions: 'startMarking' },
        'notifications.readAll': { guard: 'anyUnread', target: 'marking', actions: 'startMarking' },
      },
    },
    marking: {
      description: 'Se marcan como leídas en el servidor (una o todas).',
      meta: { view: 'Botones de marcar deshabilitados mientras se guarda' },
      invoke: {
        id: 'markNotificationsRead',
        src: 'markNotificationsRead',
        input: ({ context }) => context.marking ?? { todas: true },
        onDone: { target: 'ready', actions: { type: 'applyMarked', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: [
            'forgetMarking',
            { type: 'storeError', params: ({ event }) => ({ message: failureReason(event.error, NOTIFICATIONS_MARK_ERROR) }) },
          ],
        },
      },
    },
  },
})

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

/** The badge's number (0: no badge). */
export const selectUnread = (snapshot: NotificationsSnapshot): number => snapshot.context.unread
/** The first read has not answered yet. */
export const selectFirstLoad = (snapshot: NotificationsSnapshot): boolean =>
  snapshot.matches('loading') && snapshot.context.items.length === 0 && snapshot.context.error === null
export const selectIsMarking = (snapshot: NotificationsSnapshot): boolean => snapshot.matches('marking')
