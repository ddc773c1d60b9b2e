/**
 * Provider administration calls (spec sections 3 'Provider' and 'Catalogues', 7): the paged list with its search
 * (provider name, case-sensitive, server-side), one provider's record, create (POST /api/auth/signup-provider) and
 * edit (PUT /api/user/provider). The location catalogues (./catalogLocations) and services (./claimProcess) are
 * shared with other screens. Each call resolves with the answer or throws an ApiError.
 */
import type { SignupProvider, UpdateProvider } from '../../domain/contract/accounts'
import { authCalls } from '../../domain/contract/auth'
import { userCalls, type ProviderPage, type ProviderWithAccount } from '../../domain/contract/users'
import { callApi } from './client'
import { firstRecord } from './firstRecord'
import { pageQueryOf, type ListRequest } from './pageQuery'

export { getMunicipalities, getNeighbourhoods, getStates } from './catalogLocations'
export { getServices } from './claimProcess'

/** GET /api/user/providers?q&page&pageSize: providers whose name contains q (case-sensitive). */
export function listProviders(request: ListRequest, signal?: AbortSignal): Promise<ProviderPage> {
  return callApi(userCalls.providers, { query: pageQueryOf(request) }, { signal })
}

/** GET /api/user/provider/{idProveedor}: an array whose first element is the record. */
export async function getProvider(idProveedor: number, signal?: AbortSignal): Promise<ProviderWithAccount> {
  return firstRecord(await callApi(userCalls.provider, { params: { idProveedor } }, { signal }))
}

/** POST /api/auth/signup-provider: answers the new provider's id as insertId. */
export function createProvider(payload: SignupProvider, signal?: AbortSignal): Promise<{ insertId: number }> {
  return callApi(authCalls.signupProvider, { body: payload }, { signal })
}

/** PUT /api/user/provider (passwords only when typed). */
export function updateProvider(payload: UpdateProvider, signal?: AbortSignal): Promise<{ idUsuario: number }> {
  return callApi(userCalls.updateProvider, { body: payload }, { signal })
}
