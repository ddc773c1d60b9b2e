/**
 * Collaborator calls (spec 2.8, section 7): the signed-in collaborator's claim (GET /api/event/by-id/{idEvento}),
 * its stage history for the 'Tiempo' tab (GET /api/event/get-status/{idEvento}), and — through ./files, shared with
 * the claim process pages — its three documents and their upload with byte progress. The server lets a
 * collaborator read and upload only the claim of the session.
 */
import { array, integer, nullable, number, optional, string, type, type Infer } from 'superstruct'
import { apiCall, type ApiResult } from './client'

export { getDocumentsInfo, uploadClaimDocument, type DocumentsInfoAnswer } from './files'

/** What the collaborator's claim card reads of the claim record (spec 3 'Claim (evento)'). */
export const CollaboratorClaimStruct = type({
  idEvento: integer(),
  idColaborador: integer(),
  statusId: integer(),
  /** Current stage name. */
  value: string(),
  descripcion: string(),
  /** The claimed sum. */
  montoAutorizado: number(),
  /** The holder: the collaborator's full name. */
  nombreColaborador: optional(nullable(string())),
  beneficiary: optional(nullable(string())),
  fechaIngreso: optional(nullable(string())),
})
export type CollaboratorClaim = Infer<typeof CollaboratorClaimStruct>

/** One stage the claim went through (spec 3 'Status history entry'), oldest first. */
export const StatusHistoryEntryStruct = type({ status: integer(), fecha: string(), value: string() })
export const StatusHistoryListStruct = array(StatusHistoryEntryStruct)
export type StatusHistoryEntry = Infer<typeof StatusHistoryEntryStruct>

export function getCollaboratorClaim(idEvento: number, signal?: AbortSignal): Promise<ApiResult<CollaboratorClaim>> {
  return apiCall(`/api/event/by-id/${idEvento}`, { signal }, CollaboratorClaimStruct)
}

export function getStatusHistory(idEvento: number, signal?: AbortSignal): Promise<ApiResult<StatusHistoryEntry[]>> {
  return apiCall(`/api/event/get-status/${idEvento}`, { signal }, StatusHistoryListStruct)
}
