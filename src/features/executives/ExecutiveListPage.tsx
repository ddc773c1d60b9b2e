/**
 * Ejecutivos (spec 2.6, 2.11 'Executives list', 4, 6, 9) at /administrador/ejecutivos: the search by name or e-mail,
 * a table of 10 rows per page (server-side, Ark pagination), 'Agregar ejecutivo', and per row the view and edit
 * links and the delete action, whose confirmation dialog deactivates the executive (activo = Inactivo; nothing is
 * deleted). The executiveList actor owns loading, the 300 ms search wait, paging and the deactivation.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  EXECUTIVE_LIST_PAGE_SIZE,
  executiveFullName,
  executiveListMachine,
  selectAlert,
  selectCanDeactivate,
  selectDialogOpen,
  selectIsDeactivating,
  selectIsEmpty,
  selectIsLoading,
  type ExecutiveListItem,
} from '../../../machines/executiveList.machine'
import { activoLabel } from '../../lib/rules'
import {
  Banner,
  Button,
  ButtonLink,
  Dialog,
  EditIcon,
  EmptyState,
  EyeIcon,
  Highlight,
  LoadingBlock,
  PageHeader,
  Pagination,
  SearchIcon,
  TextField,
  TrashIcon,
} from '../../ui'
import { executiveListActors } from './actors'
import { IconButton, IconLink, StatusBadge, actionsCell, narrowOnly, table, tableBox, td, th, wideOnly } from './ListTable'
import { EXECUTIVE_TEXTS as T } from './messages'
import { NavigationNotice } from './NavigationNotice'
import { executiveEditPath, executiveViewPath, NEW_EXECUTIVE_PATH } from './paths'
import { inspect } from '../../lib/inspect'

type ExecutiveListActor = ActorRefFrom<typeof executiveListMachine>

export function ExecutiveListPage() {
  const actor = useActorRef(executiveListMachine.provide({ actors: executiveListActors }), { inspect })
  return (
    // One minmax(0, 1fr) column: a wide table scrolls inside its box instead of widening the page.
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <PageHeader
        title={T.listTitle}
        actions={
          <ButtonLink to={NEW_EXECUTIVE_PATH} variant="primary">
            {T.add}
          </ButtonLink>
        }
      />
      <NavigationNotice />
      <DeactivatedNotice actor={actor} />
      <SearchBox actor={actor} />
      <Results actor={actor} />
      <DeactivateDialog actor={actor} />
    </div>
  )
}

function DeactivatedNotice({ actor }: { actor: ExecutiveListActor }) {
  const name = useSelector(actor, (s) => s.context.deactivated)
  if (!name) return null
  return (
    <Banner tone="success" onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
      {T.deactivated(name)}
    </Banner>
  )
}

function SearchBox({ actor }: { actor: ExecutiveListActor }) {
  const searchText = useSelector(actor, (s) => s.context.searchText)
  const total = useSelector(actor, (s) => (s.matches('idle') ? s.context.total : null))
  return (
    <div role="search" className={css({ display: 'flex', gap: '4', alignItems: 'end', flexWrap: 'wrap', justifyContent: 'space-between' })}>
      <TextField
        label={T.search}
        name="q"
        type="search"
        autoComplete="off"
        value={searchText}
        onValueChange={(value) => actor.send({ type: 'search.change', value })}
        endAdornment={<SearchIcon size={18} className={css({ color: 'fg.muted', mr: '1' })} />}
        className={css({ maxW: { md: 'md' } })}
      />
      {total !== null ? (
        <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {T.total(total)}
        </p>
      ) : null}
    </div>
  )
}

function Results({ actor }: { actor: ExecutiveListActor }) {
  const items = useSelector(actor, (s) => s.context.items)
  const loading = useSelector(actor, selectIsLoading)
  const empty = useSelector(actor, selectIsEmpty)
  const alert = useSelector(actor, selectAlert)
  const query = useSelector(actor, (s) => s.context.query)
  const page = useSelector(actor, (s) => s.context.page)
  const total = useSelector(actor, (s) => s.context.total)

  if (alert) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <Banner tone="error" className={css({ w: 'full' })}>
          {alert}
        </Banner>
        <Button variant="secondary" onClick={() => actor.send({ type: 'load.retry' })}>
          {T.retry}
        </Button>
      </div>
    )
  }
  if (loading && items.length === 0) return <LoadingBlock label={T.loading} lines={5} />
  if (empty) return <EmptyState title={T.empty} description={query ? T.emptySearch(query) : undefined} />

  return (
    <div aria-busy={loading || undefined} className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      {loading ? <LoadingBlock label={T.loading} lines={1} /> : null}
      <div className={tableBox} style={loading ? { opacity: 0.6 } : undefined}>
        <table className={table} aria-label={T.tableLabel}>
          <thead>
            <tr>
              <th className={th} scope="col">
                {T.colName}
              </th>
              <th className={`${th} ${wideOnly}`} scope="col">
                {T.colEmail}
              </th>
              <th className={`${th} ${wideOnly}`} scope="col">
                {T.colLocation}
              </th>
              <th className={`${th} ${wideOnly}`} scope="col">
                {T.colStatus}
              </th>
              <th className={th} scope="col">
                <span className={css({ srOnly: true })}>{T.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <ExecutiveRow key={item.idUser} actor={actor} item={item} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        count={total}
        page={page}
        pageSize={EXECUTIVE_LIST_PAGE_SIZE}
        onPageChange={(next) => actor.send({ type: 'page.change', page: next })}
      />
    </div>
  )
}

function ExecutiveRow({ actor, item }: { actor: ExecutiveListActor; item: ExecutiveListItem }) {
  const canDeactivate = useSelector(actor, (s) => selectCanDeactivate(s, item.idUser))
  const name = executiveFullName(item)
  return (
    <tr>
      <td className={td}>
        <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
          <Highlight text={name} />
        </span>
        {/* Below md the e-mail and the status go under the name, so the row fits 375 px. */}
        <span className={narrowOnly}>
          <Highlight text={item.email} />
        </span>
        <span className={narrowOnly}>
          <StatusBadge label={activoLabel(item.activo)} />
        </span>
      </td>
      <td className={`${td} ${wideOnly}`}>
        <span className={css({ whiteSpace: { md: 'nowrap' } })}>
          <Highlight text={item.email} />
        </span>
      </td>
      <td className={`${td} ${wideOnly}`}>
        <Highlight text={item.ubicacionLaboral} />
      </td>
      <td className={`${td} ${wideOnly}`}>
        <StatusBadge label={activoLabel(item.activo)} />
      </td>
      <td className={td}>
        <div className={actionsCell}>
          <IconLink to={executiveViewPath(item.idUser)} label={T.view}>
            <EyeIcon size={18} />
          </IconLink>
          <IconLink to={executiveEditPath(item.idUser)} label={T.edit}>
            <EditIcon size={18} />
          </IconLink>
          <IconButton
            label={T.deactivate}
            disabled={!canDeactivate}
            onClick={() => actor.send({ type: 'deactivate.request', idUser: item.idUser })}
          >
            <TrashIcon size={18} />
          </IconButton>
        </div>
      </td>
    </tr>
  )
}

function DeactivateDialog({ actor }: { actor: ExecutiveListActor }) {
  const open = useSelector(actor, selectDialogOpen)
  const deactivating = useSelector(actor, selectIsDeactivating)
  const target = useSelector(actor, (s) => s.context.target)
  const alert = useSelector(actor, (s) => s.context.dialogAlert)
  const detail = useSelector(actor, (s) => s.context.dialogAlertDetail)
  const name = target ? executiveFullName(target) : ''
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'deactivate.cancel' })
      }}
      role="alertdialog"
      title={T.confirmTitle}
      description={T.confirmText(name)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" disabled={deactivating} onClick={() => actor.send({ type: 'deactivate.cancel' })}>
            {T.cancel}
          </Button>
          <Button variant="danger" loading={deactivating} onClick={() => actor.send({ type: 'deactivate.confirm' })}>
            {T.confirm}
          </Button>
        </>
      }
    >
      {alert ? (
        <Banner tone="error">
          {alert}
          {detail ? <span className={css({ display: 'block', fontSize: 'sm', mt: '1' })}>{detail}</span> : null}
        </Banner>
      ) : null}
    </Dialog>
  )
}
