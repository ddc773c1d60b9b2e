/**
 * Collaborator calls (spec 2.8, section 7): the signed-in collaborator's claim (GET /api/event/by-id/{idEvento}),
 * its stage history for the 'Tiempo' tab (GET /api/event/get-status/{idEvento}), and — through ./files, shared with
 * the claim process pages — its three documents and their upload with byte progress. The server lets a
 * collaborator read and upload only the claim of the session.
 */
import { eventCalls, type ClaimRecord, type StatusHistoryEntry } from '../../domain/contract/claims'
import { readClaimPart } from './serverState'
import { callApi } from './client'

export { discardDocumentUpload, getDocumentsInfo, uploadClaimDocument } from './files'

export function getCollaboratorClaim(idEvento: number, signal?: AbortSignal): Promise<ClaimRecord> {
  return readClaimPart(idEvento, 'record', () => callApi(eventCalls.claim, { params: { idEvento } }))
}

export function getStatusHistory(idEvento: number, signal?: AbortSignal): Promise<StatusHistoryEntry[]> {
  return readClaimPart(idEvento, 'statusHistory', () => callApi(eventCalls.statusHistory, { params: { idEvento } }))
}
