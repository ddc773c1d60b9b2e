/** Catalogue calls used before sign-in. */
import { apiCall, type ApiResult } from './client'
import { RoleCatalogStruct, type RoleCatalog } from './schemas'

/** GET /api/catalog/userRoles: role display name → role code. */
export function getUserRoles(signal?: AbortSignal): Promise<ApiResult<RoleCatalog>> {
  return apiCall('/api/catalog/userRoles', { signal }, RoleCatalogStruct)
}
