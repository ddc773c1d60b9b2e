/**
 * Ejecutivos (spec 2.6, 2.11 'Executives list', 4, 6, 9) at /administrador/ejecutivos: the search by name or e-mail,
 * a table paged on the server (Ark pagination), 'Agregar ejecutivo', and per row the view and edit links and the
 * delete action, whose confirmation dialog deactivates the executive (activo = Inactivo; nothing is deleted). The
 * pagedList actor owns loading, the search wait, paging and the row action (the deactivation).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { activoLabel } from '../../../domain/rules'
import { EXECUTIVE_SAVE_ERROR } from '../../../machines/executiveForm.machine'
import { createPagedListMachine, selectCanActOnRow, selectDialogOpen, selectIsActing } from '../../../machines/pagedList.machine'
import { inspect } from '../../lib/inspect'
import { Banner, Button, ButtonLink, Dialog, EditIcon, EyeIcon, Highlight, PageHeader, UserOffIcon, EmailText } from '../../ui'
import { IconButton, IconLink, StatusBadge } from '../lists/ListRowActions'
import { actionsCell, narrowOnly, td, wideOnly } from '../lists/ListTable'
import { PagedListView, type PagedListActor } from '../lists/PagedListView'
import { executiveListActors } from './actors'
import { canDeactivate, deactivateReason, executiveFullName, type ExecutiveListItem } from './executiveRow'
import { EXECUTIVE_TEXTS as T } from './messages'
import { NavigationNotice } from './NavigationNotice'
import { executiveEditPath, executiveViewPath, NEW_EXECUTIVE_PATH } from './paths'

type ExecutiveListActor = PagedListActor<ExecutiveListItem>

const executiveListMachine = createPagedListMachine<ExecutiveListItem>().provide({
  guards: { canActOnRow: (_, { row }) => canDeactivate(row) },
})

const COLUMNS = [
  { label: T.colName },
  { label: T.colEmail, className: wideOnly },
  { label: T.colLocation, className: wideOnly },
  { label: T.colStatus, className: wideOnly },
  { label: T.colActions, hidden: true },
]

export function ExecutiveListPage() {
  const actor = useActorRef(executiveListMachine.provide({ actors: executiveListActors }), { input: { searchMode: 'text' }, inspect })
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
      <PagedListView
        actor={actor}
        texts={{ ...T, emptySearchTitle: T.empty }}
        layout={{ kind: 'table', label: T.tableLabel, columns: COLUMNS }}
        keyOf={(item) => item.idUser}
        renderItem={(item, index) => <ExecutiveRow actor={actor} item={item} index={index} />}
      />
      <DeactivateDialog actor={actor} />
    </div>
  )
}

function DeactivatedNotice({ actor }: { actor: ExecutiveListActor }) {
  const deactivated = useSelector(actor, (s) => s.context.actedOn)
  if (!deactivated) return null
  return (
    <Banner tone="success" onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
      {T.deactivated(executiveFullName(deactivated))}
    </Banner>
  )
}

function ExecutiveRow({ actor, item, index }: { actor: ExecutiveListActor; item: ExecutiveListItem; index: number }) {
  const canDeactivateRow = useSelector(actor, (s) => selectCanActOnRow(s, index))
  const name = executiveFullName(item)
  return (
    <tr>
      <td className={td}>
        <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
          <Highlight text={name} />
        </span>
        {/* Below md the e-mail and the status go under the name, so the row fits 375 px. */}
        <span className={narrowOnly}>
          <EmailText address={item.email ?? ''} />
        </span>
        <span className={narrowOnly}>
          <StatusBadge label={activoLabel(item.activo)} />
        </span>
      </td>
      <td className={`${td} ${wideOnly}`}>
        <span className={css({ whiteSpace: { md: 'nowrap' } })}>
          <EmailText address={item.email ?? ''} />
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
            disabled={!canDeactivateRow}
            disabledReason={deactivateReason(item)}
            onClick={() => actor.send({ type: 'rowAction.request', index })}
          >
            <UserOffIcon size={18} />
          </IconButton>
        </div>
      </td>
    </tr>
  )
}

function DeactivateDialog({ actor }: { actor: ExecutiveListActor }) {
  const open = useSelector(actor, selectDialogOpen)
  const deactivating = useSelector(actor, selectIsActing)
  const target = useSelector(actor, (s) => s.context.target)
  const failure = useSelector(actor, (s) => s.context.actionFailure)
  const name = target ? executiveFullName(target) : ''
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'rowAction.cancel' })
      }}
      role="alertdialog"
      title={T.confirmTitle}
      description={T.confirmText(name)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" disabled={deactivating} onClick={() => actor.send({ type: 'rowAction.cancel' })}>
            {T.cancel}
          </Button>
          <Button loading={deactivating} startIcon={<UserOffIcon size={18} />} onClick={() => actor.send({ type: 'rowAction.confirm' })}>
            {T.confirm}
          </Button>
        </>
      }
    >
      {failure ? (
        <Banner tone="error">
          {EXECUTIVE_SAVE_ERROR}
          {failure.reason ? <span className={css({ display: 'block', fontSize: 'sm', mt: '1' })}>{failure.reason}</span> : null}
        </Banner>
      ) : null}
    </Dialog>
  )
}
