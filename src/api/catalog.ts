/** Catalogue calls used before sign-in. */
import { catalogCalls, type RoleCatalog } from '../../domain/contract/catalog'
import { callApi } from './client'

/** GET /api/catalog/userRoles: role display name → role code. */
export function getUserRoles(signal?: AbortSignal): Promise<RoleCatalog> {
  return callApi(catalogCalls.userRoles, {}, { signal })
}
