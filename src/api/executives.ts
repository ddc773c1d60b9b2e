/**
 * Executive administration calls (spec sections 3 'Executive/user', 7): the paged list with its search (name or
 * email, server-side, 10 a page), one executive's record, create (POST /api/auth/signup-executive) and edit or
 * deactivate (PUT /api/user/executive). Nothing is ever deleted: deactivating is an edit with active = 1.
 */
import { array, integer, nullable, optional, string, type, type Infer } from 'superstruct'
import type { CreateExecutivePayload, UpdateExecutivePayload } from '../../machines/executiveForm.machine'
import { apiCall, type ApiResult } from './client'

const Text = optional(nullable(string()))

/** One row of GET /api/user/executives (and the record of GET /api/user/{id}). */
export const ExecutiveStruct = type({
  idUser: integer(),
  nombre: Text,
  nombre2: Text,
  apePat: Text,
  apeMAt: Text,
  email: Text,
  telefono: Text,
  activo: nullable(integer()),
  ubicacionLaboral: Text,
})
export type ExecutiveAnswer = Infer<typeof ExecutiveStruct>

export const ExecutivePageStruct = type({
  items: array(ExecutiveStruct),
  total: integer(),
  page: integer(),
  pageSize: integer(),
})
export type ExecutivePageAnswer = Infer<typeof ExecutivePageStruct>

export const ExecutiveListStruct = array(ExecutiveStruct)
export const CreatedExecutiveStruct = type({ idUser: integer() })
export const UpdatedUserStruct = type({ idUsuario: integer() })

export interface PageQuery {
  /** '' for no search. */
  q: string
  page: number
  pageSize: number
}

/** GET /api/user/executives?q&page&pageSize: executives whose full name or email contains q (any case). */
export function listExecutives(query: PageQuery, signal?: AbortSignal): Promise<ApiResult<ExecutivePageAnswer>> {
  const q = query.q.trim()
  return apiCall(
    '/api/user/executives',
    { query: { ...(q ? { q } : {}), page: query.page, pageSize: query.pageSize }, signal },
    ExecutivePageStruct,
  )
}

/** GET /api/user/{id}: an array whose first element is the record. */
export async function getExecutive(idUser: number, signal?: AbortSignal): Promise<ApiResult<ExecutiveAnswer>> {
  const result = await apiCall(`/api/user/${idUser}`, { signal }, ExecutiveListStruct)
  if (!result.success) return result
  const [first] = result.response
  return first ? { ...result, response: first } : { success: false, reason: 'Error' }
}

/** POST /api/auth/signup-executive. */
export function createExecutive(payload: CreateExecutivePayload, signal?: AbortSignal): Promise<ApiResult<Infer<typeof CreatedExecutiveStruct>>> {
  return apiCall('/api/auth/signup-executive', { method: 'POST', body: payload, signal }, CreatedExecutiveStruct)
}

/** PUT /api/user/executive (edit, or deactivate with active = 1). */
export function updateExecutive(payload: UpdateExecutivePayload, signal?: AbortSignal): Promise<ApiResult<Infer<typeof UpdatedUserStruct>>> {
  return apiCall('/api/user/executive', { method: 'PUT', body: payload, signal }, UpdatedUserStruct)
}
