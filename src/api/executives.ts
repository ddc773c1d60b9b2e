/**
 * Executive administration calls (spec sections 3 'Executive/user', 7): the paged list with its search (name or
 * email, server-side, 10 a page), one executive's record, create (POST /api/auth/signup-executive) and edit or
 * deactivate (PUT /api/user/executive). Nothing is ever deleted: deactivating is an edit with active = 1.
 * Each call resolves with the answer or throws an ApiError.
 */
import type { SignupExecutive, UpdateExecutive } from '../../domain/contract/accounts'
import { authCalls } from '../../domain/contract/auth'
import { userCalls, type ExecutivePage, type UserRecord } from '../../domain/contract/users'
import { callApi } from './client'
import { firstRecord } from './firstRecord'
import { pageQueryOf, type ListRequest } from './pageQuery'

/** GET /api/user/executives?q&page&pageSize: executives whose full name or email contains q (any case). */
export function listExecutives(request: ListRequest, signal?: AbortSignal): Promise<ExecutivePage> {
  return callApi(userCalls.executives, { query: pageQueryOf(request) }, { signal })
}

/** GET /api/user/{id}: an array whose first element is the record. */
export async function getExecutive(idUser: number, signal?: AbortSignal): Promise<UserRecord> {
  return firstRecord(await callApi(userCalls.user, { params: { id: idUser } }, { signal }))
}

/** POST /api/auth/signup-executive. */
export function createExecutive(payload: SignupExecutive, signal?: AbortSignal): Promise<{ idUser: number }> {
  return callApi(authCalls.signupExecutive, { body: payload }, { signal })
}

/** PUT /api/user/executive (edit, or deactivate with active = 1). */
export function updateExecutive(payload: UpdateExecutive, signal?: AbortSignal): Promise<{ idUsuario: number }> {
  return callApi(userCalls.updateExecutive, { body: payload }, { signal })
}
