/**
 * /administrador/facturas (spec 2.6): one card per claim with an invoice, titled 'Trámite: C{idEvento}', with the
 * collaborator number, the claim's reason, its coverage figures (authorized, available, used, es-MX MXN) and 'Ver
 * trámite' to the invoice review. The search keeps the cards whose title contains the text; 10 cards a page. The
 * claimList machine owns loading, the 300 ms search debounce and paging.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { claimListMachine } from '../../../machines/claimList.machine'
import { formatMoney } from '../../lib/format'
import { ButtonLink, Card, DataList, PageHeader, SearchIcon, TextField } from '../../ui'
import { isInvoiceListItem, loadInvoiceCardsActor, type InvoiceListItem } from './actors'
import { INVOICE_LIST_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'
import { ClaimListResults } from '../claims/ClaimListResults'

type ListActor = ActorRefFrom<typeof claimListMachine>

export const invoiceReviewPath = (idFactura: number, idEvento: number) =>
  `/administrador/facturas/descargar-facturas/${idFactura}/${idEvento}`

export function InvoiceListPage() {
  const actor = useActorRef(claimListMachine.provide({ actors: { loadClaims: loadInvoiceCardsActor } }), { inspect })
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={T.title} />
      <SearchBox actor={actor} />
      <Results actor={actor} />
    </div>
  )
}

function SearchBox({ actor }: { actor: ListActor }) {
  const searchText = useSelector(actor, (s) => s.context.searchText)
  const total = useSelector(actor, (s) => (s.matches('idle') ? s.context.total : null))
  return (
    <div role="search" className={css({ display: 'flex', gap: '4', alignItems: 'end', flexWrap: 'wrap', justifyContent: 'space-between' })}>
      <TextField
        label={T.search}
        name="q"
        type="search"
        autoComplete="off"
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

function Results({ actor }: { actor: ListActor }) {
  return (
    <ClaimListResults
      actor={actor}
      texts={T}
      pick={(items) => items.filter(isInvoiceListItem)}
      keyOf={(item) => item.idFactura}
      renderItem={(item) => <InvoiceCard item={item} />}
    />
  )
}

const subheading = css({ fontSize: 'xs', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted' })

function InvoiceCard({ item }: { item: InvoiceListItem }) {
  return (
    <Card
      as="article"
      title={item.title}
      titleLevel={2}
      aria-label={item.title}
      actions={
        <span
          className={css({
            fontSize: 'xs',
            fontWeight: 'semibold',
            px: '2.5',
            py: '0.5',
            borderRadius: 'full',
            bg: item.invoiceStatus === 1 ? 'green.100' : 'amber.100',
            color: item.invoiceStatus === 1 ? 'green.800' : 'amber.800',
          })}
        >
          {item.invoiceStatus === 1 ? T.approved : T.inReview}
        </span>
      }
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', h: 'full' })}
    >
      <DataList
        items={[
          { label: T.collaboratorNumber, value: String(item.idColaborador) },
          { label: T.reason, value: item.descripcion },
          ...(item.value ? [{ label: T.status, value: item.value }] : []),
          ...(item.nombreProveedor ? [{ label: T.provider, value: item.nombreProveedor }] : []),
        ]}
      />
      <p className={subheading}>{T.coverage}</p>
      <DataList
        className={css({ flex: '1' })}
        items={[
          { label: T.authorized, value: formatMoney(item.monto) },
          { label: T.available, value: formatMoney(item.montoDisponible) },
          { label: T.used, value: formatMoney(item.montoUtilizado) },
        ]}
      />
      <ButtonLink to={invoiceReviewPath(item.idFactura, item.idEvento)} variant="secondary" fullWidth>
        {T.open}
      </ButtonLink>
    </Card>
  )
}
