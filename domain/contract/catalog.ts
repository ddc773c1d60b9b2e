/**
 * /api/catalog (spec sections 3 'Catalogues' and 7): the role catalogue of the sign-in screen, the location
 * catalogues (state → municipality → neighbourhood), the services and the active providers of a service. Lists
 * come sorted by name; an unknown parent id answers an empty list.
 */
import { defineCall } from './call'
import { RoleCatalog } from './roleCatalog'
import { Id, Int, Strict, Text, Type, type Static } from './schema'

// The role catalogue has a module of its own (the sign-in page checks the one that comes with it, issue 24).
export { RoleCatalog } from './roleCatalog'

/** A state or a municipality. */
export const CatalogItem = Type.Object({ id: Int, nombre: Text })
export type CatalogItem = Static<typeof CatalogItem>

export const Neighbourhood = Type.Object({ id: Int, nombre: Text, codigoPostal: Text })
export type Neighbourhood = Static<typeof Neighbourhood>

/** `tipo`: 1 medical, 0 non-medical (as a provider's). */
export const Service = Type.Object({ id: Int, nombre: Text, tipo: Int })
export type Service = Static<typeof Service>

export const ProviderOption = Type.Object({ idProveedor: Int, nombreProveedor: Text })
export type ProviderOption = Static<typeof ProviderOption>

export const catalogCalls = {
  userRoles: defineCall({
    method: 'GET',
    path: '/api/catalog/userRoles',
    summary: 'Catálogo de roles del inicio de sesión: nombre → código',
    response: RoleCatalog,
  }),
  states: defineCall({
    method: 'GET',
    path: '/api/catalog/locations/estados',
    summary: 'Estados',
    response: Type.Array(CatalogItem),
  }),
  municipalities: defineCall({
    method: 'GET',
    path: '/api/catalog/locations/municipio/:stateId',
    summary: 'Municipios de un estado',
    params: Strict({ stateId: Id }),
    response: Type.Array(CatalogItem),
  }),
  neighbourhoods: defineCall({
    method: 'GET',
    path: '/api/catalog/locations/colonia/:id',
    summary: 'Colonias de un municipio, con su código postal',
    params: Strict({ id: Id }),
    response: Type.Array(Neighbourhood),
  }),
  services: defineCall({
    method: 'GET',
    path: '/api/catalog/services',
    summary: 'Servicios',
    response: Type.Array(Service),
  }),
  providersOfService: defineCall({
    method: 'GET',
    path: '/api/catalog/providers/:servicio',
    summary: 'Proveedores activos de un servicio',
    params: Strict({ servicio: Id }),
    response: Type.Array(ProviderOption),
  }),
} as const
