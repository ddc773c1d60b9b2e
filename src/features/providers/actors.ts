/** The real actors of the provider screens: the src/api calls, unwrapped so a failure throws its Spanish reason. */

import type {
  CatalogOption,
  CreateProviderPayload,
  ProviderRecord,
  UpdateProviderPayload,
} from '../../../machines/providerFormValues'
import { unwrap } from '../../api/claims'
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
import type { LoadProvidersInput, ProviderListPage } from '../../../machines/providerList.machine'
import { fromRequest } from '../../lib/requestActor'

const options = (list: ReadonlyArray<{ id: number; nombre: string }>): CatalogOption[] =>
  list.map(({ id, nombre }) => ({ id, nombre }))

export const providerFormActors = {
  loadStates: fromRequest<CatalogOption[], void>(async ({ signal }) => options(unwrap(await getStates(signal)))),
  loadServices: fromRequest<CatalogOption[], void>(async ({ signal }) => options(unwrap(await getServices(signal)))),
  loadProvider: fromRequest<ProviderRecord, { idProveedor: number }>(async ({ input, signal }) =>
    unwrap(await getProvider(input.idProveedor, signal)) as ProviderRecord,
  ),
  loadMunicipalities: fromRequest<CatalogOption[], { estadoId: number }>(async ({ input, signal }) =>
    options(unwrap(await getMunicipalities(input.estadoId, signal))),
  ),
  loadNeighbourhoods: fromRequest<CatalogOption[], { municipioId: number }>(async ({ input, signal }) =>
    options(unwrap(await getNeighbourhoods(input.municipioId, signal))),
  ),
  createProvider: fromRequest<{ insertId: number }, CreateProviderPayload>(async ({ input, signal }) =>
    unwrap(await createProvider(input, signal)),
  ),
  updateProvider: fromRequest<unknown, UpdateProviderPayload>(async ({ input, signal }) =>
    unwrap(await updateProvider(input, signal)),
  ),
}

export const providerListActors = {
  loadProviders: fromRequest<ProviderListPage, LoadProvidersInput>(async ({ input, signal }) => {
    const page = unwrap(await listProviders(input, signal))
    return { items: page.items.map(({ idProveedor, idUsuario, nombreProveedor, activo }) => ({ idProveedor, idUsuario, nombreProveedor, activo })), total: page.total }
  }),
}
