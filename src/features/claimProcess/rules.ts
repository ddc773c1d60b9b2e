/**
 * Rules the claim process pages ask the machines, named once so every page asks the same question.
 */
import { canApplyClaimEvent, type DocumentStatuses } from '../../../machines/claimLifecycle.machine'
import {
  selectCanAssignProvider,
  type ClaimDocumentsSnapshot,
  type ClaimFile,
} from '../../../machines/claimDocuments.machine'

/** The lifecycle's view of the documents: status 0–5 by tipo. */
export function documentStatusesOf(files: readonly ClaimFile[]): DocumentStatuses {
  const statuses: DocumentStatuses = { '1': 0, '2': 0, '3': 0 }
  for (const file of files) statuses[String(file.tipo) as keyof DocumentStatuses] = file.status
  return statuses
}

/**
 * Whether the claim's stage still accepts a provider assignment (stages 5 and 6 in the lifecycle): the server
 * refuses it elsewhere, so a claim already in Facturación does not offer the button even with three verified files.
 */
export function stageAcceptsProviderAssignment(statusId: number, files: readonly ClaimFile[]): boolean {
  return canApplyClaimEvent(statusId, documentStatusesOf(files), { type: 'provider.assign' })
}

/**
 * 'Asignar proveedor' enabled: the documents rule of spec section 4 (exactly three files, all status 2 or 4, not
 * read-only: claimDocuments' `provider.assign`) and a stage that accepts it.
 */
export function selectCanOfferProviderAssignment(snapshot: ClaimDocumentsSnapshot, statusId: number): boolean {
  return selectCanAssignProvider(snapshot) && stageAcceptsProviderAssignment(statusId, snapshot.context.files)
}
