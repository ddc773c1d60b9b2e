/** Location catalogues (spec section 7): states, the municipalities of a state, the neighbourhoods of one. */
import { catalogCalls, type CatalogItem, type Neighbourhood } from '../../domain/contract/catalog'
import { callApi } from './client'

/** GET /api/catalog/locations/estados. */
export function getStates(signal?: AbortSignal): Promise<CatalogItem[]> {
  return callApi(catalogCalls.states, {}, { signal })
}

/** GET /api/catalog/locations/municipio/{stateId}. */
export function getMunicipalities(stateId: number, signal?: AbortSignal): Promise<CatalogItem[]> {
  return callApi(catalogCalls.municipalities, { params: { stateId } }, { signal })
}

/** GET /api/catalog/locations/colonia/{municipioId}. */
export function getNeighbourhoods(municipioId: number, signal?: AbortSignal): Promise<Neighbourhood[]> {
  return callApi(catalogCalls.neighbourhoods, { params: { id: municipioId } }, { signal })
}
