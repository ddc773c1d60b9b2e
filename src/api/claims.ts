/**
 * Claim calls of Inicio de trámite, the new claim page, Mis trámites and Reportes (spec section 7): procedure search,
 * fund summary, collaborator prefill, create claim, the claim lists and the CSV report. Each answer the UI reads is
 * checked against its call's answer in the contract (domain/contract/claims.ts). The claim process pages have their
 * own module.
 */
import { eventCalls, type ClaimPage, type FundSummary, type NewClaim, type ProcedureRow, type ReportServiceLevels, type ReportStatistics } from '../../domain/contract/claims'
import { ApiError } from '../../domain/contract/envelope'
import { userCalls, type CollaboratorPrefill } from '../../domain/contract/users'
import { callApi, streamFile } from './client'
import { claimPageQueryOf, type ClaimListRequest } from './pageQuery'



/** GET /api/event/get-procedures?idColaborador=n (the name search exists but its selector is disabled). */
export function searchProcedures(idColaborador: number, signal?: AbortSignal): Promise<ProcedureRow[]> {
  return callApi(eventCalls.searchProcedures, { query: { idColaborador } }, { signal })
}

/** GET /api/event/{idColaborador}/{idCobertura}: the first item is the fund summary. */
export async function getFundSummary(idColaborador: number, idCobertura: number, signal?: AbortSignal): Promise<FundSummary> {
  const [first] = await callApi(eventCalls.fundSummary, { params: { idColaborador, idCobertura } }, { signal })
  if (!first) throw new ApiError('', 404)
  return first
}

/** GET /api/user/collaborator/{idColaborador}: name fields, email and phone for the new claim prefill. */
export function getCollaborator(idColaborador: number, signal?: AbortSignal): Promise<CollaboratorPrefill> {
  return callApi(userCalls.collaborator, { params: { idColaborador } }, { signal })
}

export function createClaim(payload: NewClaim, signal?: AbortSignal): Promise<{ insertId: number }> {
  return callApi(eventCalls.createClaim, { body: payload }, { signal })
}

/** GET /api/event/executive/{idUser}: the executive's own claims, one page. */
export function listExecutiveClaims(idUser: number, request: ClaimListRequest, signal?: AbortSignal): Promise<ClaimPage> {
  return callApi(eventCalls.executiveClaims, { params: { idUser }, query: claimPageQueryOf(request) }, { signal })
}

/** GET /api/event/all: every claim, one page (administrators and the retail partner). */
export function listAllClaims(request: ClaimListRequest, signal?: AbortSignal): Promise<ClaimPage> {
  return callApi(eventCalls.allClaims, { query: claimPageQueryOf(request) }, { signal })
}

/** GET /api/event/report?initDate&endDate (YYYY-MM-DD): the CSV, with a byte-order mark, as it arrives. */
export function streamReport(initDate: string, endDate: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  return streamFile(eventCalls.report.path, { query: { initDate, endDate }, signal })
}

/** GET /api/event/report/statistics?initDate&endDate: the figures of Reportes for the period. */
export function getReportStatistics(initDate: string, endDate: string, signal?: AbortSignal): Promise<ReportStatistics> {
  return callApi(eventCalls.reportStatistics, { query: { initDate, endDate } }, { signal })
}

/** GET /api/event/report/service-levels?initDate&endDate: the service-level compliance of the same period. */
export function getReportServiceLevels(initDate: string, endDate: string, signal?: AbortSignal): Promise<ReportServiceLevels> {
  return callApi(eventCalls.reportServiceLevels, { query: { initDate, endDate } }, { signal })
}
