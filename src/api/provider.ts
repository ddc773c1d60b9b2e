/**
 * Provider calls (spec 2.7, section 7): the claims assigned to the signed-in provider (GET
 * /api/event/provider/{idUser}, paged, `q` matching the event number) and the invoice upload (POST
 * /api/file/add-invoice-to-event, multipart: file, idEvento, idProveedor) with byte progress. The claim's existing
 * invoice is read with `getClaimInvoices` (./invoices).
 */
import { eventCalls, type ClaimPage } from '../../domain/contract/claims'
import { FILE_PART, fileCalls } from '../../domain/contract/files'
import { changesClaim } from './serverState'
import { callApi, callUpload, type UploadProgress } from './client'
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

/** POST /api/file/add-invoice-to-event: answers `true` once the invoice is stored (claim → 'Factura en revisión'). */
export function uploadInvoice(
  input: InvoiceUploadRequest,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<boolean> {
  return changesClaim(
    input.idEvento,
    callUpload(
      fileCalls.addInvoice,
      {
        form: { idEvento: input.idEvento, idProveedor: input.idProveedor },
        file: { part: FILE_PART, blob: input.file, name: input.fileName },
      },
      options,
    ),
  )
}
