/**
 * Invoice calls (spec section 7): the administrator's invoice cards (GET /api/event/invoices/all, paged and searched
 * on the server), the invoices of one claim (GET /api/event/invoices/{idEvento}, read by the provider and the
 * administrator), the download of an invoice PDF and its approval (POST /api/file/validate-invoice). Each goes
 * through its call in the contract (domain/contract): it resolves with the checked answer and throws an `ApiError`.
 */
import { eventCalls, type ClaimInvoice, type InvoiceCardPage } from '../../domain/contract/claims'
import { fileCalls } from '../../domain/contract/files'
import { changesClaim, readClaimPart } from './serverState'
import { callApi, downloadFile, type DownloadedFile } from './client'

export interface InvoicePageRequest {
  /** '' or undefined for every invoice. */
  q?: string
  page: number
  pageSize: number
}

/** GET /api/event/invoices/all: one page of invoice cards, newest first. */
export function listInvoiceCards(request: InvoicePageRequest, signal?: AbortSignal): Promise<InvoiceCardPage> {
  const query = { q: request.q ? request.q : undefined, page: request.page, pageSize: request.pageSize }
  return callApi(eventCalls.allInvoices, { query }, { signal })
}

/** GET /api/event/invoices/{idEvento}: the claim's invoices, oldest first (one per claim in practice). */
export function getClaimInvoices(idEvento: number, signal?: AbortSignal): Promise<ClaimInvoice[]> {
  return readClaimPart(idEvento, 'invoices', () => callApi(eventCalls.claimInvoices, { params: { idEvento } }))
}

/** POST /api/file/validate-invoice: the administrator approves the claim's invoice (claim → 'Trámite concluido'). */
export function approveInvoice(idEvento: number, signal?: AbortSignal): Promise<{ statusId: number }> {
  return changesClaim(idEvento, callApi(fileCalls.validateInvoice, { body: { idEvento } }, { signal }))
}

/** The invoice PDF by the `url` an answer gave (/api/file/download/invoice/{idFactura}); it needs the bearer token. */
export function downloadInvoiceFile(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadFile(url, { signal })
}
