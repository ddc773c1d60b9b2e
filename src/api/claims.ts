/**
 * Claim calls of Inicio de trámite, the new claim page, Mis trámites and Reportes (spec section 7): procedure search,
 * fund summary, collaborator prefill, create claim, the claim lists and the CSV report. Each answer the UI reads is
 * checked with its schema (./claimSchemas). The claim process pages have their own module.
 */
import { apiCall, apiDownload, type ApiResult, type DownloadResult } from './client'
import {
  ClaimPageStruct,
  CollaboratorStruct,
  FundSummaryListStruct,
  InsertIdStruct,
  ProcedureRowsStruct,
  type ClaimPageAnswer,
  type CollaboratorAnswer,
  type FundSummaryAnswer,
  type ProcedureRowAnswer,
} from './claimSchemas'

/**
 * A failed call as the issue-4 machines read it (machines/failureReason.ts): the server's Spanish reason travels on
 * `reason`, so a machine shows it (or its own fallback text) and never a technical message.
 */
export class ApiReasonError extends Error {
  readonly reason: string
  readonly status?: number
  constructor(reason: string, status?: number) {
    super(reason)
    this.name = 'ApiReasonError'
    this.reason = reason
    this.status = status
  }
}

/** The answer of a successful call, or a thrown ApiReasonError: what injected promise actors need. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.success) throw new ApiReasonError(result.reason, result.status)
  return result.response
}

/** GET /api/event/get-procedures?idColaborador=n (the name search exists but its selector is disabled). */
export function searchProcedures(idColaborador: string, signal?: AbortSignal): Promise<ApiResult<ProcedureRowAnswer[]>> {
  return apiCall('/api/event/get-procedures', { query: { idColaborador }, signal }, ProcedureRowsStruct)
}

/** GET /api/event/{idColaborador}/{idCobertura}: the first item is the fund summary. */
export async function getFundSummary(
  idColaborador: number,
  idCobertura: number,
  signal?: AbortSignal,
): Promise<ApiResult<FundSummaryAnswer>> {
  const result = await apiCall(`/api/event/${idColaborador}/${idCobertura}`, { signal }, FundSummaryListStruct)
  if (!result.success) return result
  const [first] = result.response
  return first ? { ...result, response: first } : { success: false, reason: 'Error' }
}

/** GET /api/user/collaborator/{idColaborador}: name fields, email and phone for the new claim prefill. */
export function getCollaborator(idColaborador: number, signal?: AbortSignal): Promise<ApiResult<CollaboratorAnswer>> {
  return apiCall(`/api/user/collaborator/${idColaborador}`, { signal }, CollaboratorStruct)
}

/** POST /api/event (spec section 3 'New-claim payload'). */
export interface CreateClaimPayload {
  idColaborador: number
  idEjecutivo: number
  idCobertura: number
  beneficiary: string
  email: string
  phone: string
  age: number
  gender: 1 | 2
  state: number
  city: number
  montoAutorizado: number
}

export function createClaim(payload: CreateClaimPayload, signal?: AbortSignal): Promise<ApiResult<{ insertId: number }>> {
  return apiCall('/api/event', { method: 'POST', body: payload, signal }, InsertIdStruct)
}

export interface ClaimPageRequest {
  /** Claim number (a leading C already removed) or other text. */
  q?: string
  page: number
  pageSize: number
}

const pageQuery = ({ q, page, pageSize }: ClaimPageRequest) => ({ q: q ? q : undefined, page, pageSize })

/** GET /api/event/executive/{idUser}: the executive's own claims, one page. */
export function listExecutiveClaims(
  idUser: number,
  request: ClaimPageRequest,
  signal?: AbortSignal,
): Promise<ApiResult<ClaimPageAnswer>> {
  return apiCall(`/api/event/executive/${idUser}`, { query: pageQuery(request), signal }, ClaimPageStruct)
}

/** GET /api/event/all: every claim, one page (administrators and the retail partner). */
export function listAllClaims(request: ClaimPageRequest, signal?: AbortSignal): Promise<ApiResult<ClaimPageAnswer>> {
  return apiCall('/api/event/all', { query: pageQuery(request), signal }, ClaimPageStruct)
}

/** GET /api/event/report?initDate&endDate (YYYY-MM-DD): the CSV, with a byte-order mark, as a Blob. */
export function downloadReport(initDate: string, endDate: string, signal?: AbortSignal): Promise<DownloadResult> {
  return apiDownload('/api/event/report', { query: { initDate, endDate }, signal })
}
