import type { ProviderRecord } from '../../../machines/providerForm.machine'
import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

export const PROVIDER_ESTADOS = [{ id: 14, nombre: 'Jalisco' }]
export const PROVIDER_SERVICIOS = [{ id: 3, nombre: 'Laboratorio' }]
export const PROVIDER_MUNICIPIOS = [{ id: 120, nombre: 'Guadalajara' }]
export const PROVIDER_COLONIAS = [{ id: 5001, nombre: 'Americana' }]

/** Provider 8 as GET /api/user/provider/8 answers it: medical, inactive, in the catalogues above. */
export const PROVIDER_RECORD: ProviderRecord = {
  idProveedor: 8,
  idUsuario: 41,
  tipo: 1,
  nombreProveedor: 'Clínica Del Valle',
  activo: 0,
  nivel: 'Segundo',
  tipoEspecialidad: 'Médica',
  especialidad: 'Cardiología',
  costoNormal: 850,
  estudio: 'Electrocardiograma',
  servicio: 3,
  contrato: null,
  contratoYear: null,
  contratoEstatus: null,
  estado: 14,
  municipio: 120,
  colonia: 5001,
  calle: 'Av. Vallarta',
  numeroExterior: 1500,
  numeroInterior: null,
  codigoPostal: 44160,
  telefono1: '3312345678',
  telefono2: null,
  horarios: 'L-V 9 a 18',
  email: 'contacto@delvalle.mx',
  observaciones: 'Planta baja',
  puntosImportantes: null,
}

/**
 * QA's paths walk the edit form with few field changes: the model test (tests/machines/providerForm.test.ts) adds
 * one change per field and a coarser state key, which would make these listings unreadably long.
 */
export const providerFormSamples = {
  input: { mode: 'edit', idProveedor: 8 },
  // The order in which fields were touched multiplies states without changing what the form allows.
  contextKey: (c: { touched?: unknown }) => ({ ...c, touched: undefined }),
  events: [
    { type: 'xstate.done.actor.loadStates', output: PROVIDER_ESTADOS },
    { type: 'xstate.done.actor.loadServices', output: PROVIDER_SERVICIOS },
    { type: 'xstate.done.actor.loadProvider', output: PROVIDER_RECORD },
    { type: 'xstate.error.actor.loadProvider', error: serverError },
    { type: 'xstate.done.actor.loadMunicipalities', output: PROVIDER_MUNICIPIOS },
    { type: 'xstate.done.actor.loadNeighbourhoods', output: PROVIDER_COLONIAS },
    { type: 'xstate.done.actor.updateProvider', output: { idUsuario: 41 } },
    { type: 'xstate.error.actor.updateProvider', error: serverError },
    { type: 'field.change', field: 'codigoPostal', value: '100000' },
  ],
} satisfies TraversalSamples
