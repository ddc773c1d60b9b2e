/**
 * Mis trámites (spec 2.11) at /mis-tramites, /administrador/mis-tramites and the partner dashboard: the server-side
 * search box, one card per claim ('Trámite C{idEvento}', collaborator number, reason, coverage figures in MXN,
 * 'Ver trámite') and Ark pagination, 10 per page. The claimList actor owns loading, the 300 ms search debounce and
 * paging; executives load /api/event/executive/{idUser}, the others /api/event/all.
 */
import { useActorRef, useSelector } from '@xstate/react'
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
import { useSessionUser } from '../../app/session'
import { claimCode, formatMoney } from '../../lib/format'
import type { ClaimArea } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { Banner, Button, ButtonLink, Card, DataList, EmptyState, LoadingBlock, PageHeader, Pagination, SearchIcon, TextField } from '../../ui'
import { loadClaimsActor } from './actors'
import { claimGeneralPath } from './claimPaths'
import { CLAIM_LIST_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'

type ClaimListActor = ActorRefFrom<typeof claimListMachine>

const cardsGrid = css({
  display: 'grid',
  gap: '4',
  // As many 20rem columns as fit: the label/value rows of a card stay on one line beside the side menu.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
})

export function ClaimListPage({ area }: { area: ClaimArea }) {
  const user = useSessionUser()
  // One list per area and user: switching either starts a new workflow.
  return <ClaimList key={`${area}/${user?.idUser ?? ''}`} area={area} idUser={user?.idUser ?? null} />
}

function ClaimList({ area, idUser }: { area: ClaimArea; idUser: number | null }) {
  const actor = useActorRef(claimListMachine.provide({ actors: { loadClaims: loadClaimsActor(area, idUser) } }), { inspect })
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={area === 'partner' ? T.partnerTitle : T.title} />
      <SearchBox actor={actor} />
      <Results actor={actor} area={area} />
    </div>
  )
}

function SearchBox({ actor }: { actor: ClaimListActor }) {
  const searchText = useSelector(actor, (s) => s.context.searchText)
  const total = useSelector(actor, (s) => (s.matches('idle') ? s.context.total : null))
  return (
    <div
      role="search"
      className={css({ display: 'flex', gap: '4', alignItems: 'end', flexWrap: 'wrap', justifyContent: 'space-between' })}
    >
      <TextField
        label={T.search}
        name="q"
        type="search"
        autoComplete="off"
        placeholder="C123"
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

function Results({ actor, area }: { actor: ClaimListActor; area: ClaimArea }) {
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

  const partnerPrefix = getRuntimeConfig().partnerPrefix
  return (
    <section aria-label={T.title} aria-busy={loading || undefined} className={css({ display: 'grid', gap: '2' })}>
      {loading ? <LoadingBlock label={T.loading} lines={1} /> : null}
      <ul className={cardsGrid} style={loading ? { opacity: 0.6 } : undefined}>
        {items.map((item) => (
          <li key={item.idEvento}>
            <ClaimCard item={item} to={claimGeneralPath(area, item.idEvento, partnerPrefix)} />
          </li>
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

function ClaimCard({ item, to }: { item: ClaimListItem; to: string }) {
  const title = T.cardTitle(claimCode(item.idEvento))
  return (
    <Card
      as="article"
      title={title}
      titleLevel={2}
      aria-label={title}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', h: 'full' })}
    >
      <DataList
        items={[
          { label: T.collaboratorNumber, value: String(item.idColaborador) },
          { label: T.reason, value: item.descripcion },
          ...(item.value ? [{ label: T.status, value: item.value }] : []),
          { label: T.authorized, value: formatMoney(item.monto) },
          { label: T.available, value: formatMoney(item.montoDisponible) },
          { label: T.used, value: formatMoney(item.montoUtilizado) },
        ]}
      />
      {/* Pushed to the bottom, so the buttons of a row of cards line up. */}
      <ButtonLink to={to} variant="secondary" fullWidth className={css({ mt: 'auto' })}>
        {T.open}
      </ButtonLink>
    </Card>
  )
}
