/**
 * Service-level calls (issue 23): the queue 'Pendientes' (GET /api/queue), the targets and their history
 * (GET /api/service-levels), changing the targets (PUT /api/service-levels) and the bulk approval of invoices
 * (POST /api/queue/approve-invoices). Each goes through its call in the contract and throws an `ApiError`.
 */
import { bulkApprovalCalls, queueCalls, serviceLevelCalls, type BulkApprovalResult, type QueuePage, type QueueQuery, type SaveServiceTargetsBody, type ServiceLevels, type ServiceTargetsInForce } from '../../domain/contract/serviceLevels'
import { callApi } from './client'
import { invalidateServerState, serverKeys } from './serverState'

export function getQueuePage(query: QueueQuery, signal?: AbortSignal): Promise<QueuePage> {
  return callApi(queueCalls.queue, { query }, { signal })
}

export function getServiceTargets(signal?: AbortSignal): Promise<ServiceTargetsInForce> {
  return callApi(serviceLevelCalls.targets, {}, { signal })
}

export function getServiceLevels(signal?: AbortSignal): Promise<ServiceLevels> {
  return callApi(serviceLevelCalls.serviceLevels, {}, { signal })
}

export function saveServiceLevels(body: SaveServiceTargetsBody, signal?: AbortSignal): Promise<ServiceLevels> {
  return callApi(serviceLevelCalls.saveServiceLevels, { body }, { signal })
}

/** Each claim through the lifecycle on its own; the lists (the queue among them) follow what was approved. */
export async function approveInvoices(idEventos: number[], signal?: AbortSignal): Promise<BulkApprovalResult> {
  try {
    return await callApi(bulkApprovalCalls.approveInvoices, { body: { idEventos } }, { signal })
  } finally {
    invalidateServerState(serverKeys.lists)
  }
}
