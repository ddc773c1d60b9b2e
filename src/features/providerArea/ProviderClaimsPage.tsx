/**
 * /proveedores/mis-tramites (spec 2.7): 'Mis trámites' of the signed-in provider, GET /api/event/provider/{idUser},
 * searched by event number on the server (a leading c or C ignored, match on the number containing the text) and
 * paged. Each card has 'Cargar factura' (spec), a link to the invoice page only where the claim's lifecycle accepts
 * an invoice (machines/claimActions.ts), elsewhere disabled with the lifecycle's reason under it (issue 21). The
 * pagedList machine owns loading, the search wait and paging.
 */
import { useActorRef } from '@xstate/react'
import { css } from 'styled-system/css'
import { createPagedListMachine } from '../../../machines/pagedList.machine'
import { useSessionUser } from '../../lib/session'
import { claimCode } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { claimActionOffer } from '../../../machines/claimActions'
import { Button, ButtonLink, Card, DataList, EmptyState, PageHeader, UploadIcon, useDisabledReason } from '../../ui'
import type { ClaimListItem } from '../claims/claimListItem'
import { PagedListView } from '../lists/PagedListView'
import { loadProviderClaimsActor } from './actors'
import { PROVIDER_CLAIMS_TEXTS as T } from './messages'

const invoicePagePath = (idEvento: number) => `/proveedores/cargar-factura/${idEvento}`

const providerClaimsMachine = createPagedListMachine<ClaimListItem>()

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
  const actor = useActorRef(providerClaimsMachine.provide({ actors: { loadPage: loadProviderClaimsActor(idUser) } }), {
    input: { searchMode: 'claimNumber' },
    inspect,
  })
  return (
    <PagedListView
      actor={actor}
      texts={T}
      layout={{ kind: 'cards', label: T.title }}
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
      <UploadInvoiceAction item={item} />
    </Card>
  )
}

function UploadInvoiceAction({ item }: { item: ClaimListItem }) {
  const offer = claimActionOffer('invoiceUpload', item.statusId)
  const { describedBy, reasonLine } = useDisabledReason(offer.reason)
  if (offer.available) {
    return (
      <ButtonLink to={invoicePagePath(item.idEvento)} fullWidth>
        <UploadIcon size={18} />
        {T.upload}
      </ButtonLink>
    )
  }
  return (
    <div className={css({ display: 'grid', gap: '1.5' })}>
      <Button fullWidth disabled aria-describedby={describedBy} startIcon={<UploadIcon size={18} />}>
        {T.upload}
      </Button>
      {reasonLine}
    </div>
  )
}
