/**
 * Proveedores (spec 2.6, 4 'Executive and provider activo', 5 'Provider search') at /administrador/proveedores: the
 * search by provider name (case-sensitive; an empty search restores the list), the table 'Proveedores registrados'
 * with the provider's name and status ('Inactivo' for activo 1, else 'Activo'), paged on the server (Ark
 * pagination), the add button, and per row the edit and see-more links. The pagedList actor owns loading, the
 * search wait and paging.
 */
import { useActorRef } from '@xstate/react'
import { css } from 'styled-system/css'
import { activoLabel } from '../../../domain/rules'
import { createPagedListMachine } from '../../../machines/pagedList.machine'
import { inspect } from '../../lib/inspect'
import { ButtonLink, EditIcon, EyeIcon, Highlight, PageHeader } from '../../ui'
import { NavigationNotice } from '../executives/NavigationNotice'
import { IconLink, StatusBadge } from '../lists/ListRowActions'
import { actionsCell, td } from '../lists/ListTable'
import { PagedListView } from '../lists/PagedListView'
import { providerListActors, type ProviderListItem } from './actors'
import { PROVIDER_TEXTS as T } from './messages'
import { NEW_PROVIDER_PATH, providerEditPath, providerViewPath } from './paths'

const providerListMachine = createPagedListMachine<ProviderListItem>()

const COLUMNS = [{ label: T.colName }, { label: T.colStatus }, { label: T.colActions, hidden: true }]

export function ProviderListPage() {
  // Spec 5: the provider search is case-sensitive, so the text goes as typed.
  const actor = useActorRef(providerListMachine.provide({ actors: providerListActors }), { input: { searchMode: 'text' }, inspect })
  return (
    // One minmax(0, 1fr) column: a wide table scrolls inside its box instead of widening the page.
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <PageHeader
        title={T.listTitle}
        actions={
          <ButtonLink to={NEW_PROVIDER_PATH} variant="primary">
            {T.add}
          </ButtonLink>
        }
      />
      <NavigationNotice />
      <PagedListView
        actor={actor}
        texts={{ ...T, emptySearchTitle: T.empty }}
        layout={{ kind: 'table', label: T.tableTitle, columns: COLUMNS, heading: true }}
        keyOf={(item) => item.idProveedor}
        renderItem={(item) => <ProviderRow item={item} />}
      />
    </div>
  )
}

function ProviderRow({ item }: { item: ProviderListItem }) {
  return (
    <tr>
      <td className={td}>
        <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
          <Highlight text={item.nombreProveedor} />
        </span>
      </td>
      <td className={td}>
        <StatusBadge label={activoLabel(item.activo)} />
      </td>
      <td className={td}>
        <div className={actionsCell}>
          <IconLink to={providerViewPath(item.idProveedor)} label={T.view}>
            <EyeIcon size={18} />
          </IconLink>
          <IconLink to={providerEditPath(item.idProveedor)} label={T.edit}>
            <EditIcon size={18} />
          </IconLink>
        </div>
      </td>
    </tr>
  )
}
