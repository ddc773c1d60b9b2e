/** Sign-in and token calls (spec section 7). */
import { apiCall, apiRequestWithHeaders, HEADER_NAMES, type ApiResult } from './client'
import { LoginResponseStruct, type LoginResponse } from './schemas'

export interface LoginPayload {
  email: string
  password: string
  /** The role code looked up by the chosen role name. */
  role: number
}

export function login(payload: LoginPayload, signal?: AbortSignal): Promise<ApiResult<LoginResponse>> {
  return apiCall('/api/auth/login', { method: 'POST', body: payload, signal }, LoginResponseStruct)
}

export interface CollaboratorLoginPayload {
  idColaborador: number
  numProcedure: number
}

export function loginCollaborator(
  payload: CollaboratorLoginPayload,
  signal?: AbortSignal,
): Promise<ApiResult<LoginResponse>> {
  return apiCall('/api/auth/login-colaborator', { method: 'POST', body: payload, signal }, LoginResponseStruct)
}

export const REFRESH_MESSAGES = { noToken: 'No fue posible renovar la sesión' } as const

/** POST /api/auth/refresh-token: the new token comes in the x-new-access-token header. */
export async function refreshToken(signal?: AbortSignal): Promise<ApiResult<{ accessToken: string }>> {
  const { result, headers } = await apiRequestWithHeaders('/api/auth/refresh-token', { method: 'POST', signal })
  if (!result.success) return result
  const accessToken = headers?.get(HEADER_NAMES.newAccessToken)
  return accessToken
    ? { success: true, response: { accessToken }, reason: result.reason }
    : { success: false, reason: REFRESH_MESSAGES.noToken }
}
