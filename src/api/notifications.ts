/**
 * Notification calls (issue 14): the session's own notifications and unread count (GET /api/notifications/mine),
 * marking them read (PUT /api/notifications/read) and the administrators' mail list (GET /api/notifications/all).
 */
import { notificationCalls, type AdminNotificationPage, type MyNotifications } from '../../domain/contract/notifications'
import { callApi } from './client'

export function listMyNotifications(signal?: AbortSignal): Promise<MyNotifications> {
  return callApi(notificationCalls.mine, {}, { signal })
}

export function markNotificationsRead(which: { ids: number[] } | { todas: true }, signal?: AbortSignal): Promise<{ noLeidas: number }> {
  return callApi(notificationCalls.markRead, { body: which }, { signal })
}

export function listAllNotifications(
  request: { q?: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<AdminNotificationPage> {
  const query = { q: request.q ? request.q : undefined, page: request.page, pageSize: request.pageSize }
  return callApi(notificationCalls.all, { query }, { signal })
}
