/**
 * Invoice calls (spec section 7): the administrator's invoice cards (GET /api/event/invoices/all, paged and searched
 * on the server), the invoices of one claim (GET /api/event/invoices/{idEvento}, read by the provider and the
 * administrator), the download of an invoice PDF and its approval (POST /api/file/validate-invoice). Answers are
 * checked with the superstruct schemas below (the shapes of server/routes/eventSchemas.ts and files/invoices.ts).
 */
import { array, integer, nullable, number, optional, string, type, type Infer } from 'superstruct'
import { apiCall, apiDownload, type ApiResult, type DownloadResult } from './client'

/** One card of /administrador/facturas: 'Trámite: C{idEvento}' plus the claim's coverage figures. */
export const InvoiceCardStruct = type({
  idEvento: integer(),
  idFactura: integer(),
  title: string(),
  idColaborador: integer(),
  descripcion: string(),
  monto: number(),
  montoAutorizado: number(),
  montoUtilizado: number(),
  montoDisponible: number(),
  /** 0 in review, 1 approved. */
  status: integer(),
  statusId: integer(),
  value: string(),
  nombreProveedor: optional(nullable(string())),
  url: string(),
  fecha: optional(string()),
})
export type InvoiceCardAnswer = Infer<typeof InvoiceCardStruct>

export const InvoiceCardPageStruct = type({
  items: array(InvoiceCardStruct),
  total: integer(),
  page: integer(),
  pageSize: integer(),
})
export type InvoiceCardPageAnswer = Infer<typeof InvoiceCardPageStruct>

/** One invoice of a claim (spec 3 'Invoice', plus its file name, status and the reviewer's comment). */
export const ClaimInvoiceStruct = type({
  idFactura: integer(),
  idEvento: integer(),
  idProveedor: optional(integer()),
  title: string(),
  url: string(),
  nombre: string(),
  status: integer(),
  comentario: optional(nullable(string())),
  fecha: optional(string()),
})
export type ClaimInvoiceAnswer = Infer<typeof ClaimInvoiceStruct>

export const ClaimInvoicesStruct = array(ClaimInvoiceStruct)

export const ApprovedInvoiceStruct = type({ statusId: integer() })

export interface InvoicePageRequest {
  /** '' or undefined for every invoice. */
  q?: string
  page: number
  pageSize: number
}

/** GET /api/event/invoices/all: one page of invoice cards, newest first. */
export function listInvoiceCards(request: InvoicePageRequest, signal?: AbortSignal): Promise<ApiResult<InvoiceCardPageAnswer>> {
  const query = { q: request.q ? request.q : undefined, page: request.page, pageSize: request.pageSize }
  return apiCall('/api/event/invoices/all', { query, signal }, InvoiceCardPageStruct)
}

/** GET /api/event/invoices/{idEvento}: the claim's invoices, oldest first (one per claim in practice). */
export function getClaimInvoices(idEvento: number, signal?: AbortSignal): Promise<ApiResult<ClaimInvoiceAnswer[]>> {
  return apiCall(`/api/event/invoices/${idEvento}`, { signal }, ClaimInvoicesStruct)
}

/** POST /api/file/validate-invoice: the administrator approves the claim's invoice (claim → 'Trámite concluido'). */
export function approveInvoice(idEvento: number, signal?: AbortSignal): Promise<ApiResult<Infer<typeof ApprovedInvoiceStruct>>> {
  return apiCall('/api/file/validate-invoice', { method: 'POST', body: { idEvento }, signal }, ApprovedInvoiceStruct)
}

/** The invoice PDF by the `url` an answer gave (/api/file/download/invoice/{idFactura}); it needs the bearer token. */
export function downloadInvoiceFile(url: string, signal?: AbortSignal): Promise<DownloadResult> {
  return apiDownload(url, { signal })
}
