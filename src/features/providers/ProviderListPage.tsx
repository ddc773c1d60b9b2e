/**
 * Proveedores (spec 2.6, 4 'Executive and provider activo', 5 'Provider search') at /administrador/proveedores: the
 * search by provider name (case-sensitive; an empty search restores the list), the table 'Proveedores registrados'
 * with the provider's name and status ('Inactivo' for activo 1, else 'Activo'), 10 rows per page (server-side, Ark
 * pagination), the add button, and per row the edit and see-more links. The providerList actor owns loading, the
 * 300 ms search wait and paging.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  PROVIDER_LIST_PAGE_SIZE,
  providerListMachine,
  providerStatusLabel,
  selectAlert,
  selectIsEmpty,
  selectIsLoading,
} from '../../../machines/providerList.machine'
import { Banner, Button, ButtonLink, EditIcon, EmptyState, EyeIcon, Highlight, LoadingBlock, PageHeader, Pagination, SearchIcon, TextField } from '../../ui'
import { IconLink, StatusBadge, actionsCell, table, tableBox, td, th } from '../executives/ListTable'
import { NavigationNotice } from '../executives/NavigationNotice'
import { providerListActors } from './actors'
import { PROVIDER_TEXTS as T } from './messages'
import { NEW_PROVIDER_PATH, providerEditPath, providerViewPath } from './paths'
import { inspect } from '../../lib/inspect'

type ProviderListActor = ActorRefFrom<typeof providerListMachine>

export function ProviderListPage() {
  const actor = useActorRef(providerListMachine.provide({ actors: providerListActors }), { inspect })
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
      <SearchBox actor={actor} />
      <Results actor={actor} />
    </div>
  )
}

function SearchBox({ actor }: { actor: ProviderListActor }) {
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
        helperText={T.searchHelp}
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

function Results({ actor }: { actor: ProviderListActor }) {
  const items = useSelector(actor, (s) => s.context.items)
  const loading = useSelector(actor, selectIsLoading)
  const empty = useSelector(actor, selectIsEmpty)
  const alert = useSelector(actor, selectAlert)
  const query = useSelector(actor, (s) => s.context.query)
  const page = useSelector(actor, (s) => s.context.page)
  const total = useSelector(actor, (s) => s.context.total)

  const heading = (
    <h2 id="proveedores-registrados" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
      {T.tableTitle}
    </h2>
  )
  if (alert) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        {heading}
        <Banner tone="error" className={css({ w: 'full' })}>
          {alert}
        </Banner>
        <Button variant="secondary" onClick={() => actor.send({ type: 'load.retry' })}>
          {T.retry}
        </Button>
      </div>
    )
  }
  return (
    <div aria-busy={loading || undefined} className={css({ display: 'grid', gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      {heading}
      {loading && items.length === 0 ? <LoadingBlock label={T.loading} lines={5} /> : null}
      {empty ? <EmptyState title={T.empty} description={query ? T.emptySearch(query) : undefined} /> : null}
      {items.length > 0 && !empty ? (
        <>
          {loading ? <LoadingBlock label={T.loading} lines={1} /> : null}
          <div className={tableBox} style={loading ? { opacity: 0.6 } : undefined}>
            <table className={table} aria-labelledby="proveedores-registrados">
              <thead>
                <tr>
                  <th className={th} scope="col">
                    {T.colName}
                  </th>
                  <th className={th} scope="col">
                    {T.colStatus}
                  </th>
                  <th className={th} scope="col">
                    <span className={css({ srOnly: true })}>{T.colActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.idProveedor}>
                    <td className={td}>
                      <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                        <Highlight text={item.nombreProveedor} />
                      </span>
                    </td>
                    <td className={td}>
                      <StatusBadge label={providerStatusLabel(item)} />
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
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            count={total}
            page={page}
            pageSize={PROVIDER_LIST_PAGE_SIZE}
            onPageChange={(next) => actor.send({ type: 'page.change', page: next })}
          />
        </>
      ) : null}
    </div>
  )
}
