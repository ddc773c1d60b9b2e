/**
 * The results block of a card list bound to the claimList machine: error banner with retry, loading skeleton, empty
 * state, the cards and server pagination. The provider's claims and the administrator's invoices share it; each page
 * gives its texts and how to draw one card.
 */
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  CLAIM_LIST_PAGE_SIZE,
  claimListMachine,
  selectAlert,
  selectIsEmpty,
  selectIsLoading,
  type ClaimListItem,
} from '../../../machines/claimList.machine'
import { Banner, Button, EmptyState, LoadingBlock, Pagination } from '../../ui'

export type ClaimListActor = ActorRefFrom<typeof claimListMachine>

export interface ClaimListResultsTexts {
  title: string
  retry: string
  loading: string
  empty: string
  emptySearch: (text: string) => string
}

export const cardsGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', '2xl': 'repeat(3, minmax(0, 1fr))' },
})

interface ClaimListResultsProps<T> {
  actor: ClaimListActor
  texts: ClaimListResultsTexts
  /** Narrows the machine's items to what this page lists (e.g. invoice cards). */
  pick: (items: ClaimListItem[]) => T[]
  keyOf: (item: T) => number
  renderItem: (item: T) => ReactNode
}

export function ClaimListResults<T>({ actor, texts: T, pick, keyOf, renderItem }: ClaimListResultsProps<T>) {
  const items = pick(useSelector(actor, (s) => s.context.items))
  const loading = useSelector(actor, selectIsLoading)
  const empty = useSelector(actor, selectIsEmpty)
  const alert = useSelector(actor, selectAlert)
  const searchText = useSelector(actor, (s) => s.context.searchText.trim())
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
  if (empty) return <EmptyState title={searchText ? T.emptySearch(searchText) : T.empty} />

  return (
    <section aria-label={T.title} aria-busy={loading || undefined} className={css({ display: 'grid', gap: '2' })}>
      <ul className={cardsGrid} style={loading ? { opacity: 0.6 } : undefined}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <Pagination
        count={total}
        page={page}
        pageSize={CLAIM_LIST_PAGE_SIZE}
        onPageChange={(next) => actor.send({ type: 'page.change', page: next })}
      />
    </section>
  )
}
