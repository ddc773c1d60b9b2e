/**
 * The one view of a server-paged list (machines/pagedList.machine.ts): the search box with the total, then the
 * results — the error banner with 'Reintentar', the loading skeleton, the empty state, the rows (cards, or a table
 * whose rows the screen draws) and Ark pagination. Each screen gives its texts, its layout and how to draw one row;
 * the actor owns loading, the search wait and paging, so this only reads the snapshot and sends events.
 */
import { Fragment, useId, type Key, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import {
  selectAlert,
  selectIsEmpty,
  selectIsLoading,
  selectTotal,
  selectTotalCapped,
  type PagedListMachine,
} from '../../../machines/pagedList.machine'
import { EmptyState, LoadFailed, LoadingBlock, Pagination, SearchIcon, TextField } from '../../ui'
import { serverKeys } from '../../api/serverState'
import { useServerStateReload } from '../../lib/useServerStateReload'
import { table, tableBox, th } from './ListTable'
import { CAPPED_LIST_TEXTS } from './messages'

export type PagedListActor<TItem> = ActorRefFrom<PagedListMachine<TItem>>

interface PagedListTexts {
  /** The search box's label. */
  search: string
  searchPlaceholder?: string
  searchHelp?: string
  loading: string
  /** The empty state's title when nothing is searched. */
  empty: string
  /** What a search that matched nothing says. */
  emptySearch: (query: string) => string
  /** A title kept over `emptySearch` after a search; without it `emptySearch` is the title. */
  emptySearchTitle?: string
  /** '25 trámites'; past the server's count limit the view shows «Más de» before it. */
  total: (count: number) => string
}

interface TableColumn {
  label: string
  className?: string
  /** Named for screen readers only (the actions column). */
  hidden?: boolean
}

type PagedListLayout =
  /** One card per row in a grid, the list named `label`. */
  | { kind: 'cards'; label: string }
  /** A table named `label`; with `heading` the name is also a visible heading, shown in every state. */
  | { kind: 'table'; label: string; columns: readonly TableColumn[]; heading?: boolean }

export interface PagedListViewProps<TItem> {
  actor: PagedListActor<TItem>
  texts: PagedListTexts
  layout: PagedListLayout
  keyOf: (item: TItem) => Key
  /** One card, or one table row (`<tr>`); `index` is the row's position for the row's events. */
  renderItem: (item: TItem, index: number) => ReactNode
  /** Actions on the listed rows (e.g. the bulk approval), between the search and the results they act on. */
  toolbar?: ReactNode
}

export function PagedListView<TItem>(props: PagedListViewProps<TItem>) {
  // A list left open follows the server (issue 21): a change made here or by someone else, or the window's focus.
  const { actor } = props
  useServerStateReload(serverKeys.lists, () => actor.send({ type: 'list.reload' }))
  return (
    <>
      <SearchBox actor={props.actor} texts={props.texts} />
      {props.toolbar}
      <Results {...props} />
    </>
  )
}

function SearchBox<TItem>({ actor, texts }: { actor: PagedListActor<TItem>; texts: PagedListTexts }) {
  const searchText = useSelector(actor, (s) => s.context.searchText)
  const total = useSelector(actor, selectTotal)
  const capped = useSelector(actor, selectTotalCapped)
  return (
    <div role="search" className={css({ display: 'flex', gap: '4', alignItems: 'end', flexWrap: 'wrap', justifyContent: 'space-between' })}>
      <TextField
        label={texts.search}
        name="q"
        type="search"
        autoComplete="off"
        inputMode="search"
        placeholder={texts.searchPlaceholder}
        helperText={texts.searchHelp}
        value={searchText}
        onValueChange={(value) => actor.send({ type: 'search.change', value })}
        endAdornment={<SearchIcon size={18} className={css({ color: 'fg.muted', mr: '1' })} />}
        className={css({ maxW: { md: 'md' } })}
      />
      {total !== null ? (
        <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {capped ? CAPPED_LIST_TEXTS.total(texts.total(total)) : texts.total(total)}
        </p>
      ) : null}
    </div>
  )
}

// As many 20rem columns as fit: the label/value rows of a card stay on one line beside the side menu.
const cardsGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))' })
// One minmax(0, 1fr) column: a wide table scrolls inside its box instead of widening the page.
const column = css({ display: 'grid', gap: '2', gridTemplateColumns: 'minmax(0, 1fr)' })

function Results<TItem>({ actor, texts, layout, keyOf, renderItem }: PagedListViewProps<TItem>) {
  const items = useSelector(actor, (s) => s.context.items)
  const loading = useSelector(actor, selectIsLoading)
  const empty = useSelector(actor, selectIsEmpty)
  const alert = useSelector(actor, selectAlert)
  const query = useSelector(actor, (s) => s.context.query)
  const page = useSelector(actor, (s) => s.context.page)
  const total = useSelector(actor, (s) => s.context.total)
  const capped = useSelector(actor, selectTotalCapped)
  const headingId = useId()
  const labelledBy = layout.kind === 'table' && layout.heading ? headingId : undefined

  let body: ReactNode
  if (alert) {
    body = (
      <LoadFailed onRetry={() => actor.send({ type: 'load.retry' })}>{alert}</LoadFailed>
    )
  } else if (loading && items.length === 0) {
    body = <LoadingBlock label={texts.loading} lines={5} />
  } else if (empty) {
    body = (
      <EmptyState
        title={query ? (texts.emptySearchTitle ?? texts.emptySearch(query)) : texts.empty}
        description={query && texts.emptySearchTitle ? texts.emptySearch(query) : undefined}
      />
    )
  } else {
    const dimmed = loading ? { opacity: 0.6 } : undefined
    const Frame = layout.kind === 'cards' ? 'section' : 'div'
    body = (
      <Frame aria-label={layout.kind === 'cards' ? layout.label : undefined} aria-busy={loading || undefined} className={column}>
        {loading ? <LoadingBlock label={texts.loading} lines={1} /> : null}
        {layout.kind === 'cards' ? (
          <ul className={cardsGrid} style={dimmed}>
            {items.map((item, index) => (
              <li key={keyOf(item)}>{renderItem(item, index)}</li>
            ))}
          </ul>
        ) : (
          <div className={tableBox} style={dimmed}>
            <table className={table} aria-label={labelledBy ? undefined : layout.label} aria-labelledby={labelledBy}>
              <thead>
                <tr>
                  {layout.columns.map((c) => (
                    <th key={c.label} className={cx(th, c.className)} scope="col">
                      {c.hidden ? <span className={css({ srOnly: true })}>{c.label}</span> : c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((item, index) => (
                  <Fragment key={keyOf(item)}>{renderItem(item, index)}</Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination count={total} page={page} onPageChange={(next) => actor.send({ type: 'page.change', page: next })} />
        {capped ? <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>{CAPPED_LIST_TEXTS.narrowSearch(total)}</p> : null}
      </Frame>
    )
  }

  if (!labelledBy) return body
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <h2 id={labelledBy} className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        {layout.label}
      </h2>
      {body}
    </div>
  )
}
