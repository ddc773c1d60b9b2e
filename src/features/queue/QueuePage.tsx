/**
 * 'Pendientes' (issue 23) at /pendientes (executive), /administrador/pendientes and /proveedores/pendientes: the claims
 * waiting on the signed-in user, the most late first, as the server computes them (GET /api/queue). Each row has the
 * claim code, the collaborator, the stage, the business days in it, the due date, the badge and the button to the
 * screen where the action is taken. The stage and badge filters and the claim-number search live in the address,
 * so a view can be bookmarked; a filter change starts a new list, the search follows the pagedList machine. The
 * administrator's invoice approvals can be selected and approved together (BulkApproval).
 */
import { useEffect } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useSearchParams } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { createPagedListMachine } from '../../../machines/pagedList.machine'
import { CLAIM_STAGES } from '../../../domain/claimStages'
import { SERVICE_BADGES, serviceBadgeLabel } from '../../../domain/serviceLevels'
import { useSessionUser } from '../../lib/session'
import { claimCode, formatShortDate } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { ButtonLink, PageHeader } from '../../ui'
// The filters' code downloads after the first screen is drawn (issue 24): the queue is a role's first screen.
import { SelectOnDemand } from '../../ui/SelectOnDemand'
import { PagedListView } from '../lists/PagedListView'
import { td, wideOnly } from '../lists/ListTable'
import { loadQueueActor, type QueueItem } from './actors'
import { BulkApproval, useBulkApproval, type BulkApprovalActor, SelectInvoice } from './BulkApproval'
import { QUEUE_TEXTS as T } from './messages'
import { queueFiltersOf, queueSearchParamsOf, type QueueFilters } from './queueFilters'
import { QUEUE_STAGES, rowActionOf, type QueueArea } from './rowAction'
import { ServiceBadge } from './ServiceBadge'

const queueMachine = createPagedListMachine<QueueItem>()

const ALL = 'all'

/** Below md the other columns hide: their content shows under the claim code, one line each. */
const narrowDetails = css({ display: { base: 'grid', md: 'none' }, gap: '1', mt: '1', minW: '9rem', color: 'fg.muted', fontSize: 'xs' })

export function QueuePage({ area }: { area: QueueArea }) {
  const user = useSessionUser()
  const [params, setParams] = useSearchParams()
  const filters = queueFiltersOf(params, QUEUE_STAGES[area])
  const setFilters = (next: QueueFilters) => setParams(queueSearchParamsOf(next), { replace: true })
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <PageHeader title={T.title} subtitle={T.subtitle[area]} />
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 16rem))' } })}>
        {QUEUE_STAGES[area].length > 1 ? (
          <SelectOnDemand
            label={T.stage}
            name="etapa"
            value={filters.etapa === null ? ALL : String(filters.etapa)}
            placeholderValue={null}
            options={[{ value: ALL, label: T.allStages }, ...QUEUE_STAGES[area].map((id) => ({ value: String(id), label: CLAIM_STAGES[id] }))]}
            onValueChange={(value) => setFilters({ ...filters, etapa: value === ALL || value === '' ? null : (Number(value) as QueueFilters['etapa']) })}
          />
        ) : null}
        <SelectOnDemand
          label={T.badge}
          name="estado"
          value={filters.estado ?? ALL}
          placeholderValue={null}
          options={[{ value: ALL, label: T.allBadges }, ...SERVICE_BADGES.map((badge) => ({ value: badge, label: serviceBadgeLabel(badge) }))]}
          onValueChange={(value) => setFilters({ ...filters, estado: SERVICE_BADGES.find((badge) => badge === value) ?? null })}
        />
      </div>
      {/* A new list per user and filters: the search box keeps its text through the address. */}
      <QueueList key={`${user?.idUser ?? ''}/${filters.etapa}/${filters.estado}`} area={area} filters={filters} onSearch={(q) => setFilters({ ...filters, q })} />
    </div>
  )
}

function QueueList({ area, filters, onSearch }: { area: QueueArea; filters: QueueFilters; onSearch: (q: string) => void }) {
  const actor = useActorRef(queueMachine.provide({ actors: { loadPage: loadQueueActor(filters) } }), {
    input: { searchMode: 'claimNumber', initialSearch: filters.q },
    inspect,
  })
  const query = useSelector(actor, (s) => s.context.query)
  useEffect(() => {
    if (query !== filters.q.replace(/^\s*[cC]\s*/, '').trim()) onSearch(query)
    // Only the applied search is written back; the filters' own changes remount this list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query])
  const bulk = useBulkApproval(area === 'admin')
  const columns = [
    ...(bulk ? [{ label: T.select, hidden: true }] : []),
    { label: T.claim },
    { label: T.collaborator, className: wideOnly },
    { label: T.stageAndDays, className: wideOnly },
    { label: T.due, className: wideOnly },
    { label: T.badge, className: wideOnly },
    { label: T.action, hidden: true },
  ]
  return (
    <PagedListView
      actor={actor}
      texts={T}
      layout={{ kind: 'table', label: T.tableLabel, columns }}
      keyOf={(item) => item.idEvento}
      renderItem={(item) => <QueueRow area={area} item={item} bulk={bulk} />}
      toolbar={bulk ? <BulkApproval actor={bulk} /> : null}
    />
  )
}

function QueueRow({ area, item, bulk }: { area: QueueArea; item: QueueItem; bulk: BulkApprovalActor | null }) {
  const code = claimCode(item.idEvento)
  const action = rowActionOf(area, item)
  return (
    <tr data-claim={item.idEvento}>
      {bulk ? (
        <td className={td}>{item.statusId === 9 && item.idFactura !== null ? <SelectInvoice actor={bulk} idEvento={item.idEvento} /> : null}</td>
      ) : null}
      <td className={td}>
        <span className={css({ fontWeight: 'semibold' })}>{code}</span>
        {/* Below the md breakpoint the other columns hide and their content shows here. */}
        <span className={narrowDetails}>
          <span>{item.colaborador}</span>
          <span>
            {item.etapa} · {T.days(item.diasEnEtapa)}
          </span>
          <span>
            {T.due}: {formatShortDate(item.vence)}
          </span>
          <span>
            <ServiceBadge badge={item.estado} />
          </span>
        </span>
      </td>
      <td className={cx(td, wideOnly)}>{item.colaborador}</td>
      <td className={cx(td, wideOnly)}>
        {item.etapa}
        <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' })}>{T.days(item.diasEnEtapa)}</span>
      </td>
      <td className={cx(td, wideOnly, css({ whiteSpace: 'nowrap' }))}>{formatShortDate(item.vence)}</td>
      <td className={cx(td, wideOnly)}>
        <ServiceBadge badge={item.estado} />
      </td>
      <td className={td}>
        <ButtonLink to={action.to} variant="secondary" size="sm" aria-label={T.actionOf(action.label, code)} className={css({ whiteSpace: { base: 'normal', md: 'nowrap' }, h: { base: 'auto', md: '8' }, minH: '8', py: { base: '1', md: '0' }, textAlign: 'center' })}>
          {action.label}
        </ButtonLink>
      </td>
    </tr>
  )
}
