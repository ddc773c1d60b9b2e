/** Location catalogues (spec section 7): states, then the municipalities of a state. */
import { apiCall, type ApiResult } from './client'
import { CatalogOptionsStruct, type CatalogOptionAnswer } from './claimSchemas'

/** GET /api/catalog/locations/estados. */
export function getStates(signal?: AbortSignal): Promise<ApiResult<CatalogOptionAnswer[]>> {
  return apiCall('/api/catalog/locations/estados', { signal }, CatalogOptionsStruct)
}

/** GET /api/catalog/locations/municipio/{stateId}. */
export function getMunicipalities(stateId: number, signal?: AbortSignal): Promise<ApiResult<CatalogOptionAnswer[]>> {
  return apiCall(`/api/catalog/locations/municipio/${stateId}`, { signal }, CatalogOptionsStruct)
}
