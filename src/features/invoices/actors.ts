/**
 * The real actors of the administrator's invoice screens: the invoice cards (pagedList machine, searched by the
 * card title) and the review (invoiceApproval machine: the claim's documents, its invoice, the download and the
 * approval). They RESOLVE with what the machine reads and THROW an `ApiError` (domain/contract/envelope.ts) with the
 * server's text on failure.
 */

import type { LoadPageInput, PagedListPage } from '../../../machines/pagedList.machine'
import type { ClaimDocuments } from '../../../machines/collaboratorUpload.machine'
import type { DownloadInvoiceInput } from '../../../machines/invoiceApproval.machine'
import type { ExistingInvoice } from '../../../machines/invoiceUpload.machine'
import { getDocumentsInfo } from '../../api/files'
import { approveInvoice, downloadInvoiceFile, getClaimInvoices, listInvoiceCards } from '../../api/invoices'
import { saveBlob } from './saveFile'
import { fromRequest } from '../../lib/requestActor'
import type { ClaimListItem } from '../claims/claimListItem'

/** A card of the invoice list: a claim list item plus the invoice it opens. */
export interface InvoiceListItem extends ClaimListItem {
  idFactura: number
  title: string
  /** 0 in review, 1 approved. */
  invoiceStatus: number
  nombreProveedor: string | null
}

const TITLE_PREFIX = 'tramite: c'
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim()

/**
 * Spec 2.6: the search keeps the cards whose title 'Trámite: C{idEvento}' contains the text. A title is that fixed
 * prefix plus digits, so the text is either part of the prefix (every card), the end of the prefix followed by the
 * start of a number, or digits inside the number — anything else is in no title. Accents and case are ignored.
 * Returns the event-number search for the server, '' for every card, or null for none.
 */
export function titleSearch(text: string): string | null {
  const folded = fold(text)
  if (TITLE_PREFIX.includes(folded)) return ''
  const match = /^(.*?)(\d+)$/.exec(folded)
  if (!match) return null
  const [, head = '', digits = ''] = match
  return head === '' || TITLE_PREFIX.endsWith(head) ? digits : null
}

export const loadInvoiceCardsActor = fromRequest<PagedListPage<InvoiceListItem>, LoadPageInput<InvoiceListItem>>(async ({ input, signal }) => {
  const q = titleSearch(input.q)
  if (q === null) return { items: [], total: 0 }
  const page = await listInvoiceCards({ q, page: input.page, pageSize: input.pageSize }, signal)
  const items: InvoiceListItem[] = page.items.map((card) => ({
    idEvento: card.idEvento,
    idColaborador: card.idColaborador,
    descripcion: card.descripcion,
    monto: card.monto,
    montoDisponible: card.montoDisponible,
    montoUtilizado: card.montoUtilizado,
    statusId: card.statusId,
    value: card.value,
    idFactura: card.idFactura,
    title: card.title,
    invoiceStatus: card.status,
    nombreProveedor: card.nombreProveedor,
  }))
  return { items, total: page.total, totalCapped: page.totalCapped }
})

export const loadDocumentsActor = fromRequest<ClaimDocuments, { idEvento: number }>(async ({ input, signal }) =>
  getDocumentsInfo(input.idEvento, signal),
)

/** The invoice under review: the one the route names, else the claim's latest; null when there is none. */
export function loadReviewedInvoiceActor(idFactura: number) {
  return fromRequest<ExistingInvoice | null, { idEvento: number }>(async ({ input, signal }) => {
    const invoices = await getClaimInvoices(input.idEvento, signal)
    const invoice = invoices.find((entry) => entry.idFactura === idFactura) ?? invoices.at(-1)
    return invoice
      ? { nombre: invoice.nombre, url: invoice.url, comentario: invoice.comentario, approved: invoice.status === 1 }
      : null
  })
}

export const downloadInvoiceActor = fromRequest<unknown, DownloadInvoiceInput>(async ({ input, signal }) => {
  const file = await downloadInvoiceFile(input.url, signal)
  saveBlob(file.blob, file.fileName ?? input.nombre)
  return true
})

export const approveInvoiceActor = fromRequest<unknown, { idEvento: number }>(async ({ input, signal }) =>
  approveInvoice(input.idEvento, signal),
)
