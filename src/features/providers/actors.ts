/** The real actors of the provider screens: the src/api calls, which throw ApiError with the Spanish reason. */

import type {
  CatalogOption,
  CreateProviderPayload,
  ProviderRecord,
  UpdateProviderPayload,
} from '../../../machines/providerFormValues'
import {
  createProvider,
  getMunicipalities,
  getNeighbourhoods,
  getProvider,
  getServices,
  getStates,
  listProviders,
  updateProvider,
} from '../../api/providers'
import type { LoadPageInput, PagedListPage } from '../../../machines/pagedList.machine'
import { fromRequest } from '../../lib/requestActor'

const options = (list: ReadonlyArray<{ id: number; nombre: string }>): CatalogOption[] =>
  list.map(({ id, nombre }) => ({ id, nombre }))

export const providerFormActors = {
  loadStates: fromRequest<CatalogOption[], void>(async ({ signal }) => options(await getStates(signal))),
  loadServices: fromRequest<CatalogOption[], void>(async ({ signal }) => options(await getServices(signal))),
  loadProvider: fromRequest<ProviderRecord, { idProveedor: number }>(async ({ input, signal }) =>
    await getProvider(input.idProveedor, signal),
  ),
  loadMunicipalities: fromRequest<CatalogOption[], { estadoId: number }>(async ({ input, signal }) =>
    options(await getMunicipalities(input.estadoId, signal)),
  ),
  loadNeighbourhoods: fromRequest<CatalogOption[], { municipioId: number }>(async ({ input, signal }) =>
    options(await getNeighbourhoods(input.municipioId, signal)),
  ),
  createProvider: fromRequest<{ insertId: number }, CreateProviderPayload>(async ({ input, signal }) =>
    await createProvider(input, signal),
  ),
  updateProvider: fromRequest<unknown, UpdateProviderPayload>(async ({ input, signal }) =>
    await updateProvider(input, signal),
  ),
}

/** One row of 'Proveedores registrados' (GET /api/user/providers): what the table shows and links to. */
export interface ProviderListItem {
  idProveedor: number
  idUsuario: number
  nombreProveedor: string
  activo: number | null
}

export const providerListActors = {
  loadPage: fromRequest<PagedListPage<ProviderListItem>, LoadPageInput<ProviderListItem>>(async ({ input, signal }) => {
    const page = await listProviders(input, signal)
    return { items: page.items.map(({ idProveedor, idUsuario, nombreProveedor, activo }) => ({ idProveedor, idUsuario, nombreProveedor, activo })), total: page.total, totalCapped: page.totalCapped }
  }),
}
