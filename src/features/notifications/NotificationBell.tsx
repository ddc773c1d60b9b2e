/**
 * The header's bell (issue 14): every signed-in role — the chip of executives, administrators and the partner, and
 * the 'Cerrar sesión' link of collaborators and providers — has it to its left. It shows the unread count as a
 * badge and opens the list in a dialog, where each notification can be opened or marked read. Bound to the
 * notifications machine, which reads the list again when the server's event stream says something changed
 * (src/api/liveEvents.ts) or the window regains focus: no polling.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { notificationsMachine, selectFirstLoad, selectIsMarking } from '../../../machines/notifications.machine'
import type { MyNotification, MyNotifications } from '../../../domain/contract/notifications'
import { listMyNotifications, markNotificationsRead } from '../../api/notifications'
import { fromRequest } from '../../lib/requestActor'
import { formatDateTime } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { useServerStateReload } from '../../lib/useServerStateReload'
import { serverKeys } from '../../api/serverState'
import { Banner, BellIcon, Button } from '../../ui'
// The list's dialog code downloads when the bell is first pressed: the shell's first screen does not wait for it.
import { DialogOnDemand } from '../../ui/overlaysOnDemand'
import { NOTIFICATION_TEXTS as T } from './messages'

const notificationActors = {
  loadNotifications: fromRequest<MyNotifications, void>(({ signal }) => listMyNotifications(signal)),
  markNotificationsRead: fromRequest<{ noLeidas: number }, { ids: number[] } | { todas: true }>(({ input, signal }) =>
    markNotificationsRead(input, signal),
  ),
}

type NotificationsActor = ReturnType<typeof useNotificationsActor>

function useNotificationsActor() {
  const actor = useActorRef(notificationsMachine.provide({ actors: notificationActors }), { inspect })
  useServerStateReload(serverKeys.notifications, () => actor.send({ type: 'notifications.refresh' }))
  return actor
}

const bellButton = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  mr: '2',
  borderRadius: 'full',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
const badge = css({
  position: 'absolute',
  top: '0',
  right: '0',
  minW: '5',
  h: '5',
  px: '1',
  borderRadius: 'full',
  bg: 'bg.error',
  color: 'fg.onPrimary',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 'xs',
  fontWeight: 'bold',
  lineHeight: '1',
})

export function NotificationBell() {
  const actor = useNotificationsActor()
  const unread = useSelector(actor, (s) => s.context.unread)
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={bellButton}
        aria-label={unread > 0 ? T.bellUnread(unread) : T.bell}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true)
          actor.send({ type: 'notifications.refresh' })
        }}
      >
        <BellIcon size={22} />
        {unread > 0 ? (
          <span className={badge} aria-hidden="true" data-testid="notification-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <DialogOnDemand open={open} onOpenChange={setOpen} title={T.title} description={T.description} size="md">
        <NotificationList actor={actor} onNavigate={() => setOpen(false)} />
      </DialogOnDemand>
    </>
  )
}

function NotificationList({ actor, onNavigate }: { actor: NotificationsActor; onNavigate: () => void }) {
  const items = useSelector(actor, (s) => s.context.items)
  const unread = useSelector(actor, (s) => s.context.unread)
  const error = useSelector(actor, (s) => s.context.error)
  const firstLoad = useSelector(actor, selectFirstLoad)
  const marking = useSelector(actor, selectIsMarking)

  if (firstLoad) return <p role="status">{T.loading}</p>
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {error ? <Banner>{error}</Banner> : null}
      {unread > 0 ? (
        <div>
          <Button variant="secondary" size="sm" disabled={marking} onClick={() => actor.send({ type: 'notifications.readAll' })}>
            {T.markAll}
          </Button>
        </div>
      ) : null}
      {items.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '2', listStyle: 'none', maxH: '60vh', overflowY: 'auto' })}>
          {items.map((item) => (
            <NotificationItem key={item.idNotificacion} item={item} disabled={marking} actor={actor} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </div>
  )
}

function NotificationItem(props: { item: MyNotification; disabled: boolean; actor: NotificationsActor; onNavigate: () => void }) {
  const { item, disabled, actor, onNavigate } = props
  const markRead = () => actor.send({ type: 'notification.read', idNotificacion: item.idNotificacion })
  return (
    <li
      className={css({
        display: 'grid',
        gap: '1',
        p: '3',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderLeftWidth: '4px',
        borderLeftColor: item.leida ? 'border.default' : 'border.primary',
        bg: item.leida ? 'bg.surface' : 'bg.primarySubtle',
      })}
    >
      <p className={css({ fontWeight: item.leida ? 'medium' : 'bold' })}>
        {item.leida ? null : <span className={css({ srOnly: true })}>{`${T.unread}: `}</span>}
        {item.titulo}
      </p>
      <p className={css({ fontSize: 'sm' })}>{item.mensaje}</p>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{formatDateTime(item.fecha)}</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <Link
          to={item.enlace}
          aria-label={`${T.open} C${item.idEvento}`}
          className={css({ color: 'fg.link', textDecoration: 'underline', fontSize: 'sm', fontWeight: 'medium' })}
          onClick={() => {
            if (!item.leida) markRead()
            onNavigate()
          }}
        >
          {T.open}
        </Link>
        {item.leida ? null : (
          <Button variant="link" size="sm" disabled={disabled} onClick={markRead} aria-label={`${T.markRead}: ${item.titulo}`}>
            {T.markRead}
          </Button>
        )}
      </div>
    </li>
  )
}
