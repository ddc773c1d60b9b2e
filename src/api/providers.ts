/**
 * Provider administration calls (spec sections 3 'Provider' and 'Catalogues', 7): the paged list with its search
 * (provider name, case-sensitive, server-side), one provider's record, create (POST /api/auth/signup-provider) and
 * edit (PUT /api/user/provider), plus the neighbourhood catalogue the form's third select reads. States,
 * municipalities (./catalogLocations) and services (./claimProcess) are shared with other screens.
 */
import { array, integer, nullable, number, optional, string, type, type Infer } from 'superstruct'
import type { CreateProviderPayload, UpdateProviderPayload } from '../../machines/providerFormValues'
import { CatalogOptionsStruct, type CatalogOptionAnswer } from './claimSchemas'
import { apiCall, type ApiResult } from './client'
import { UpdatedUserStruct, type PageQuery } from './executives'

export { getMunicipalities, getStates } from './catalogLocations'
export { getServices } from './claimProcess'

/** One row of GET /api/user/providers. */
export const ProviderListItemStruct = type({
  idProveedor: integer(),
  idUsuario: integer(),
  nombreProveedor: string(),
  activo: nullable(integer()),
  tipo: optional(nullable(integer())),
  email: optional(nullable(string())),
})
export type ProviderListItemAnswer = Infer<typeof ProviderListItemStruct>

export const ProviderPageStruct = type({
  items: array(ProviderListItemStruct),
  total: integer(),
  page: integer(),
  pageSize: integer(),
})
export type ProviderPageAnswer = Infer<typeof ProviderPageStruct>

const Text = optional(nullable(string()))
const Int = optional(nullable(integer()))

/** The record of GET /api/user/provider/{idProveedor} (first element of the array). */
export const ProviderRecordStruct = type({
  idProveedor: integer(),
  idUsuario: integer(),
  tipo: integer(),
  nombreProveedor: string(),
  activo: integer(),
  nivel: Text,
  tipoEspecialidad: Text,
  especialidad: Text,
  costoNormal: optional(nullable(number())),
  estudio: Text,
  servicio: Int,
  contrato: Int,
  contratoYear: Int,
  contratoEstatus: Int,
  estado: integer(),
  municipio: integer(),
  colonia: integer(),
  calle: string(),
  numeroExterior: integer(),
  numeroInterior: Text,
  codigoPostal: integer(),
  telefono1: string(),
  telefono2: Text,
  horarios: string(),
  email: string(),
  observaciones: string(),
  puntosImportantes: Text,
})
export type ProviderRecordAnswer = Infer<typeof ProviderRecordStruct>

export const CreatedProviderStruct = type({ insertId: integer() })

/** GET /api/user/providers?q&page&pageSize: providers whose name contains q (case-sensitive). */
export function listProviders(query: PageQuery, signal?: AbortSignal): Promise<ApiResult<ProviderPageAnswer>> {
  const q = query.q.trim()
  return apiCall(
    '/api/user/providers',
    { query: { ...(q ? { q } : {}), page: query.page, pageSize: query.pageSize }, signal },
    ProviderPageStruct,
  )
}

export async function getProvider(idProveedor: number, signal?: AbortSignal): Promise<ApiResult<ProviderRecordAnswer>> {
  const result = await apiCall(`/api/user/provider/${idProveedor}`, { signal }, array(ProviderRecordStruct))
  if (!result.success) return result
  const [first] = result.response
  return first ? { ...result, response: first } : { success: false, reason: 'Error' }
}

/** POST /api/auth/signup-provider: answers the new provider's id as insertId. */
export function createProvider(payload: CreateProviderPayload, signal?: AbortSignal): Promise<ApiResult<Infer<typeof CreatedProviderStruct>>> {
  return apiCall('/api/auth/signup-provider', { method: 'POST', body: payload, signal }, CreatedProviderStruct)
}

/** PUT /api/user/provider (passwords only when typed). */
export function updateProvider(payload: UpdateProviderPayload, signal?: AbortSignal): Promise<ApiResult<Infer<typeof UpdatedUserStruct>>> {
  return apiCall('/api/user/provider', { method: 'PUT', body: payload, signal }, UpdatedUserStruct)
}

/** GET /api/catalog/locations/colonia/{municipioId}. */
export function getNeighbourhoods(municipioId: number, signal?: AbortSignal): Promise<ApiResult<CatalogOptionAnswer[]>> {
  return apiCall(`/api/catalog/locations/colonia/${municipioId}`, { signal }, CatalogOptionsStruct)
}
