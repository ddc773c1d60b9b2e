/**
 * The real actors of the provider's screens: the claim list (pagedList machine), the claim's invoice and its
 * upload (invoiceUpload machine). They RESOLVE with what the machine reads and THROW an `ApiError` with the server's
 * Spanish text when a call fails (machines/failureReason.ts); without a server answer its reason is empty, so the
 * machine shows its own fallback text.
 */

import type { LoadPageInput, PagedListPage } from '../../../machines/pagedList.machine'
import type { ExistingInvoice, UploadInvoiceInput } from '../../../machines/invoiceUpload.machine'
import { getClaimInvoices } from '../../api/invoices'
import { listProviderClaims, uploadInvoice } from '../../api/provider'
import type { ByteProgress } from '../uploads/byteProgress'
import { fromRequest } from '../../lib/requestActor'
import { claimListRequestOf, toClaimListItem, type ClaimListItem } from '../claims/claimListItem'

/**
 * 'Mis trámites' of the provider: the search matches the event number containing the text (spec 2.7; the machine
 * already dropped a leading c/C). Text that is not a number can be part of no event number, so it finds nothing
 * without asking the server (which would otherwise match names).
 */
export function loadProviderClaimsActor(idUser: number) {
  return fromRequest<PagedListPage<ClaimListItem>, LoadPageInput<ClaimListItem>>(async ({ input, signal }) => {
    if (input.q !== '' && !/^\d+$/.test(input.q)) return { items: [], total: 0 }
    const page = await listProviderClaims(idUser, claimListRequestOf(input), signal)
    return { items: page.items.map(toClaimListItem), total: page.total, totalCapped: page.totalCapped }
  })
}

/** The claim's invoice (the latest one), or null when the provider has not uploaded any. */
export const loadInvoiceActor = fromRequest<ExistingInvoice | null, { idEvento: number }>(async ({ input, signal }) => {
  const invoices = await getClaimInvoices(input.idEvento, signal)
  const latest = invoices.at(-1)
  return latest ? { nombre: latest.nombre, url: latest.url, comentario: latest.comentario } : null
})

/** The invoice as a resumable upload; its bytes go to the screen's byte store (issue 22: '1.2 de 3.0 MB'). */
export const uploadInvoiceActor = (progress: ByteProgress) =>
  fromRequest<unknown, UploadInvoiceInput>(async ({ input, signal }) => {
    progress.start(input.file.size)
    return uploadInvoice(
      { idEvento: input.idEvento, idProveedor: input.idProveedor, file: input.file, fileName: input.file.name },
      { signal, onProgress: progress.report },
    )
  })
