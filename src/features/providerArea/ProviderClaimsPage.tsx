/**
 * /proveedores/mis-tramites (spec 2.7): 'Mis trámites' of the signed-in provider, GET /api/event/provider/{idUser},
 * searched by event number on the server (a leading c or C ignored, match on the number containing the text) and
 * paged 10 at a time. Each card leads to 'Cargar factura'. The claimList machine owns loading, the 300 ms search
 * debounce and paging.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { claimListMachine, type ClaimListItem } from '../../../machines/claimList.machine'
import { useSessionUser } from '../../app/session'
import { claimCode } from '../../lib/format'
import { ButtonLink, Card, DataList, EmptyState, PageHeader, SearchIcon, TextField, UploadIcon } from '../../ui'
import { loadProviderClaimsActor } from './actors'
import { PROVIDER_CLAIMS_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'
import { ClaimListResults } from '../claims/ClaimListResults'

type ClaimListActor = ActorRefFrom<typeof claimListMachine>

export const invoicePagePath = (idEvento: number) => `/proveedores/cargar-factura/${idEvento}`

export function ProviderClaimsPage() {
  const user = useSessionUser()
  const idUser = user?.idUser ?? null
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={T.title} />
      {idUser === null ? <EmptyState title={T.empty} /> : <ProviderClaims key={idUser} idUser={idUser} />}
    </div>
  )
}

function ProviderClaims({ idUser }: { idUser: number }) {
  const actor = useActorRef(claimListMachine.provide({ actors: { loadClaims: loadProviderClaimsActor(idUser) } }), { inspect })
  return (
    <>
      <SearchBox actor={actor} />
      <Results actor={actor} />
    </>
  )
}

function SearchBox({ actor }: { actor: ClaimListActor }) {
  const searchText = useSelector(actor, (s) => s.context.searchText)
  const total = useSelector(actor, (s) => (s.matches('idle') ? s.context.total : null))
  return (
    <div role="search" className={css({ display: 'flex', gap: '4', alignItems: 'end', flexWrap: 'wrap', justifyContent: 'space-between' })}>
      <TextField
        label={T.search}
        name="q"
        type="search"
        autoComplete="off"
        inputMode="search"
        placeholder={T.searchPlaceholder}
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

function Results({ actor }: { actor: ClaimListActor }) {
  return (
    <ClaimListResults
      actor={actor}
      texts={T}
      pick={(items) => items}
      keyOf={(item) => item.idEvento}
      renderItem={(item) => <ClaimCard item={item} />}
    />
  )
}

function ClaimCard({ item }: { item: ClaimListItem }) {
  const title = T.cardTitle(claimCode(item.idEvento))
  return (
    <Card as="article" title={title} titleLevel={2} aria-label={title} className={css({ display: 'flex', flexDirection: 'column', gap: '4', h: 'full' })}>
      <DataList
        className={css({ flex: '1' })}
        items={[
          { label: T.collaboratorNumber, value: String(item.idColaborador) },
          { label: T.reason, value: item.descripcion },
          ...(item.value ? [{ label: T.status, value: item.value }] : []),
        ]}
      />
      <ButtonLink to={invoicePagePath(item.idEvento)} fullWidth>
        <UploadIcon size={18} />
        {T.upload}
      </ButtonLink>
    </Card>
  )
}
