/**
 * Provider calls (spec 2.7, section 7): the claims assigned to the signed-in provider (GET
 * /api/event/provider/{idUser}, paged, `q` matching the event number) and the invoice upload (POST
 * /api/file/add-invoice-to-event, multipart: file, idEvento, idProveedor) with byte progress. The claim's existing
 * invoice is read with `getClaimInvoices` (./invoices).
 */
import { eventCalls, type ClaimPage } from '../../domain/contract/claims'
import { fileCalls } from '../../domain/contract/files'
import { changesClaim } from './serverState'
import { callApi } from './client'
import { sendResumable, type ResumableOptions } from './resumableUpload'
import { claimPageQueryOf, type ClaimListRequest } from './pageQuery'

/** GET /api/event/provider/{idUser}: idUser is the provider's user id (the session's idUser). */
export function listProviderClaims(
  idUser: number,
  request: ClaimListRequest,
  signal?: AbortSignal,
): Promise<ClaimPage> {
  return callApi(eventCalls.providerClaims, { params: { idUser }, query: claimPageQueryOf(request) }, { signal })
}

export interface InvoiceUploadRequest {
  idEvento: number
  idProveedor: number
  file: Blob
  fileName: string
}

/** add-invoice-to-event, sent as a resumable upload (tus): answers `true` once the invoice is stored (claim → 'Factura en revisión'). */
export function uploadInvoice(
  input: InvoiceUploadRequest,
  options: ResumableOptions = {},
): Promise<boolean> {
  const metadata = {
    call: 'add-invoice-to-event',
    idEvento: String(input.idEvento),
    idProveedor: String(input.idProveedor),
    filename: input.fileName,
    filetype: 'application/pdf',
  } as const
  return changesClaim(
    input.idEvento,
    sendResumable(fileCalls.addInvoice, metadata, input.file, { resumeKey: `C${input.idEvento}:factura`, ...options }),
  )
}
