/** Sign-in and token calls (spec section 7). Each resolves with the answer or throws an ApiError. */
import { authCalls, type CollaboratorLoginBody, type LoginBody, type LoginResponse } from '../../domain/contract/auth'
import { callApi } from './client'

export type LoginPayload = LoginBody
export type CollaboratorLoginPayload = CollaboratorLoginBody

/** POST /api/auth/login: `role` is the code the role catalogue gave for the chosen name. */
export function login(payload: LoginPayload, signal?: AbortSignal): Promise<LoginResponse> {
  return callApi(authCalls.login, { body: payload }, { signal })
}

export function loginCollaborator(payload: CollaboratorLoginPayload, signal?: AbortSignal): Promise<LoginResponse> {
  return callApi(authCalls.collaboratorLogin, { body: payload }, { signal })
}

/** POST /api/auth/refresh-token. The same token also comes in x-new-access-token, which rotates the stored one. */
export function refreshToken(signal?: AbortSignal): Promise<{ accessToken: string }> {
  return callApi(authCalls.refreshToken, {}, { signal })
}
