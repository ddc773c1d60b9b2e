/**
 * /administrador/facturas (spec 2.6): one card per claim with an invoice, titled 'Trámite: C{idEvento}', with the
 * collaborator number, the claim's reason, its coverage figures (authorized, available, used, es-MX MXN) and 'Ver
 * trámite' to the invoice review. The search keeps the cards whose title contains the text, paged on the server.
 * The pagedList machine owns loading, the search wait and paging.
 */
import { useActorRef } from '@xstate/react'
import { css } from 'styled-system/css'
import { createPagedListMachine } from '../../../machines/pagedList.machine'
import { formatMoney } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { ButtonLink, Card, DataList, PageHeader } from '../../ui'
import { PagedListView } from '../lists/PagedListView'
import { loadInvoiceCardsActor, type InvoiceListItem } from './actors'
import { INVOICE_LIST_TEXTS as T } from './messages'

const invoiceReviewPath = (idFactura: number, idEvento: number) =>
  `/administrador/facturas/descargar-facturas/${idFactura}/${idEvento}`

const invoiceListMachine = createPagedListMachine<InvoiceListItem>()

export function InvoiceListPage() {
  const actor = useActorRef(invoiceListMachine.provide({ actors: { loadPage: loadInvoiceCardsActor } }), {
    // Like the other claim lists: a typed 'C 45' searches claim 45 (titleSearch alone would find no title).
    input: { searchMode: 'claimNumber' },
    inspect,
  })
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={T.title} />
      <PagedListView
        actor={actor}
        texts={T}
        layout={{ kind: 'cards', label: T.title }}
        keyOf={(item) => item.idFactura}
        renderItem={(item) => <InvoiceCard item={item} />}
      />
    </div>
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
