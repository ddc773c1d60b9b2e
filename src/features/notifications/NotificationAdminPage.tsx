/**
 * Notificaciones (issue 14) at /administrador/notificaciones: every notification mail, newest first, with its
 * recipient, subject, delivery state (Pendiente, Enviando, Enviado, Falló, Conservado sin SMTP), attempts, last
 * error and its plain text. Without SMTP_URL the mails are kept, not sent, and this is where they are read.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { createPagedListMachine } from '../../../machines/pagedList.machine'
import type { LoadPageInput, PagedListPage } from '../../../machines/pagedList.machine'
import type { AdminNotification } from '../../../domain/contract/notifications'
import { DELIVERY_LABELS, type DeliveryState } from '../../../domain/notifications'
import { listAllNotifications } from '../../api/notifications'
import { fromRequest } from '../../lib/requestActor'
import { formatDateTime } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { Banner, Card, EmailText, Highlight, PageHeader } from '../../ui'
import { PagedListView, type PagedListActor } from '../lists/PagedListView'
import { NOTIFICATION_LIST_TEXTS, NOTIFICATION_TEXTS as T } from './messages'

const notificationListMachine = createPagedListMachine<AdminNotification>()
const notificationListActors = {
  loadPage: fromRequest<PagedListPage<AdminNotification>, LoadPageInput<AdminNotification>>(async ({ input, signal }) => {
    const page = await listAllNotifications(input, signal)
    return { items: page.items, total: page.total, totalCapped: page.totalCapped }
  }),
}

const stateBadge = css({ px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'bold', whiteSpace: 'nowrap' })
const STATE_TONES: Record<DeliveryState, string> = {
  pending: css({ bg: 'bg.muted', color: 'fg.default' }),
  sending: css({ bg: 'bg.muted', color: 'fg.default' }),
  sent: css({ bg: 'bg.successSubtle', color: 'fg.success' }),
  failed: css({ bg: 'bg.errorSubtle', color: 'fg.error' }),
  kept: css({ bg: 'bg.primarySubtle', color: 'fg.primary' }),
}

export function NotificationAdminPage() {
  const actor = useActorRef(notificationListMachine.provide({ actors: notificationListActors }), {
    input: { searchMode: 'text' },
    inspect,
  })
  return (
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <PageHeader title={T.adminTitle} subtitle={T.adminSubtitle} />
      <KeptNotice actor={actor} />
      <PagedListView
        actor={actor}
        texts={NOTIFICATION_LIST_TEXTS}
        layout={{ kind: 'cards', label: T.adminTitle }}
        keyOf={(item) => item.idNotificacion}
        renderItem={(item) => <MailCard item={item} />}
      />
    </div>
  )
}

function KeptNotice({ actor }: { actor: PagedListActor<AdminNotification> }) {
  const anyKept = useSelector(actor, (s) => s.context.items.some((item) => item.estado === 'kept'))
  return anyKept ? <Banner tone="info">{T.adminKept}</Banner> : null
}

function MailCard({ item }: { item: AdminNotification }) {
  return (
    <Card>
      <div className={css({ display: 'grid', gap: '2', minW: 0 })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', justifyContent: 'space-between' })}>
          {/* h2: the page's h1 is the only heading above (a skipped level is axe's heading-order). */}
          <h2 className={css({ fontWeight: 'bold', fontSize: 'md', overflowWrap: 'anywhere' })}>
            <Highlight text={item.asunto} />
          </h2>
          <span className={cx(stateBadge, STATE_TONES[item.estado])}>
            {DELIVERY_LABELS[item.estado]}
          </span>
        </div>
        <dl className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: '3', rowGap: '1', fontSize: 'sm' })}>
          <dt className={css({ color: 'fg.muted' })}>Para</dt>
          <dd>
            <EmailText address={item.correo} />
          </dd>
          <dt className={css({ color: 'fg.muted' })}>{T.createdAt}</dt>
          <dd>{formatDateTime(item.fecha)}</dd>
          {item.enviada ? (
            <>
              <dt className={css({ color: 'fg.muted' })}>{T.sentAt}</dt>
              <dd>{formatDateTime(item.enviada)}</dd>
            </>
          ) : null}
          <dt className={css({ color: 'fg.muted' })}>Entrega</dt>
          <dd>{T.attempts(item.intentos)}</dd>
          {item.ultimoError ? (
            <>
              <dt className={css({ color: 'fg.muted' })}>{T.lastError}</dt>
              <dd className={css({ overflowWrap: 'anywhere' })}>{item.ultimoError}</dd>
            </>
          ) : null}
        </dl>
        <details>
          <summary className={css({ cursor: 'pointer', color: 'fg.link', fontWeight: 'medium', fontSize: 'sm' })}>{T.showMail}</summary>
          <pre
            className={css({
              mt: '2',
              p: '3',
              bg: 'bg.muted',
              borderRadius: 'l2',
              fontSize: 'sm',
              fontFamily: 'inherit',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            })}
          >
            {item.texto}
          </pre>
        </details>
      </div>
    </Card>
  )
}
