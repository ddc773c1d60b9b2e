/**
 * Calls of the claim process pages (spec 2.11 'Claim process tabs' to 'Assign provider', section 7): one claim,
 * its stage history, the letter data and its update, the provider of the claim and its assignment, and the
 * service → provider catalogues of the assignment. Each answer is checked by a superstruct schema (the shapes of
 * domain/contract/claims.ts and domain/contract/catalog.ts); `type()` lets the server add fields.
 */
import {
  eventCalls,
  type AssignedProvider,
  type ClaimFullData,
  type ClaimRecord,
  type LetterFieldValues,
  type StatusHistoryEntry,
} from '../../domain/contract/claims'
import { catalogCalls, type ProviderOption, type Service } from '../../domain/contract/catalog'
import { changesClaim, readClaimPart } from './serverState'
import { callApi } from './client'

export type { AssignedProvider, ClaimRecord, ProviderOption, Service }
export type StatusHistory = StatusHistoryEntry[]

export function getClaim(idEvento: number, signal?: AbortSignal): Promise<ClaimRecord> {
  return readClaimPart(idEvento, 'record', () => callApi(eventCalls.claim, { params: { idEvento } }))
}

export function getClaimStatusHistory(idEvento: number, signal?: AbortSignal): Promise<StatusHistory> {
  return readClaimPart(idEvento, 'statusHistory', () => callApi(eventCalls.statusHistory, { params: { idEvento } }))
}

export function getLetterData(idEvento: number, signal?: AbortSignal): Promise<ClaimFullData> {
  return readClaimPart(idEvento, 'fullData', () => callApi(eventCalls.fullData, { params: { idEvento } }))
}

/** PUT /api/event/update: the letter's editable fields. */
export function updateLetter(idEvento: number, fields: LetterFieldValues, signal?: AbortSignal) {
  return changesClaim(idEvento, callApi(eventCalls.updateLetter, { body: { idEvento, ...fields } }, { signal }))
}

/** PUT /api/event/assign-provider; idEjecutivo is the acting user (the server accepts the caller or the owner). */
export function assignProvider(
  input: { idEvento: number; idProveedor: number; idEjecutivo?: number | null },
  signal?: AbortSignal,
): Promise<AssignedProvider> {
  const { idEvento, idProveedor, idEjecutivo } = input
  return changesClaim(
    idEvento,
    callApi(eventCalls.assignProvider, { body: { idEvento, idProveedor, ...(idEjecutivo ? { idEjecutivo } : {}) } }, { signal }),
  )
}

/** GET /api/catalog/services. */
export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return callApi(catalogCalls.services, {}, { signal })
}

/** GET /api/catalog/providers/{servicio}: the active providers of a service. */
export function getProvidersOfService(servicio: number, signal?: AbortSignal): Promise<ProviderOption[]> {
  return callApi(catalogCalls.providersOfService, { params: { servicio } }, { signal })
}
