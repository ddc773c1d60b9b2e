/**
 * Provider calls (spec 2.7, section 7): the claims assigned to the signed-in provider (GET
 * /api/event/provider/{idUser}, paged, `q` matching the event number) and the invoice upload (POST
 * /api/file/add-invoice-to-event, multipart: file, idEvento, idProveedor) with byte progress. The claim's existing
 * invoice is read with `getClaimInvoices` (./invoices).
 */
import { boolean } from 'superstruct'
import { apiCall, apiUploadCall, type ApiResult, type UploadProgress } from './client'
import { ClaimPageStruct, type ClaimPageAnswer } from './claimSchemas'

export interface ProviderClaimsRequest {
  /** The event number (digits, a leading C already removed) or ''. */
  q?: string
  page: number
  pageSize: number
}

/** GET /api/event/provider/{idUser}: idUser is the provider's user id (the session's idUser). */
export function listProviderClaims(
  idUser: number,
  request: ProviderClaimsRequest,
  signal?: AbortSignal,
): Promise<ApiResult<ClaimPageAnswer>> {
  const query = { q: request.q ? request.q : undefined, page: request.page, pageSize: request.pageSize }
  return apiCall(`/api/event/provider/${idUser}`, { query, signal }, ClaimPageStruct)
}

export interface InvoiceUploadRequest {
  idEvento: number
  idProveedor: number
  file: Blob
  fileName: string
}

/** POST /api/file/add-invoice-to-event: answers `true` once the invoice is stored (claim → 'Factura en revisión'). */
export function uploadInvoice(
  input: InvoiceUploadRequest,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<boolean>> {
  const form = new FormData()
  form.append('idEvento', String(input.idEvento))
  form.append('idProveedor', String(input.idProveedor))
  form.append('file', input.file, input.fileName)
  return apiUploadCall('/api/file/add-invoice-to-event', form, options, boolean())
}
