/**
 * Calls of the claim process pages (spec 2.11 'Claim process tabs' to 'Assign provider', section 7): one claim,
 * its stage history, the letter data and its update, the provider of the claim and its assignment, and the
 * service → provider catalogues of the assignment. Each answer is checked by a superstruct schema (the shapes of
 * server/routes/eventSchemas.ts and server/routes/catalog.ts); `type()` lets the server add fields.
 */
import { array, nullable, number, string, type, type Infer } from 'superstruct'
import { apiCall, type ApiResult } from './client'

const OptionalText = nullable(string())
const OptionalNumber = nullable(number())

/** GET /api/event/by-id/{idEvento} (spec 3 'Claim (evento)'). */
export const ClaimRecordStruct = type({
  idEvento: number(),
  idColaborador: number(),
  idCobertura: number(),
  idEjecutivo: number(),
  idProveedor: OptionalNumber,
  idServicio: OptionalNumber,
  statusId: number(),
  value: string(),
  descripcion: string(),
  monto: number(),
  montoAutorizado: number(),
  usedAmount: number(),
  montoUtilizado: number(),
  montoDisponible: number(),
  servicio: OptionalText,
  nombreProveedor: OptionalText,
  nombreColaborador: string(),
  beneficiary: string(),
  tipo: string(),
  fechaIngreso: string(),
})
export type ClaimRecord = Infer<typeof ClaimRecordStruct>

/** GET /api/event/get-status/{idEvento}: the stages the claim went through, oldest first. */
export const StatusHistoryStruct = array(type({ status: number(), fecha: string(), value: string() }))
export type StatusHistory = Infer<typeof StatusHistoryStruct>

/** GET /api/event/fullData/{idEvento} (spec 3 'Claim full data', plus fechaIngreso of the letter). */
export const LetterDataStruct = type({
  proveedorNombre: OptionalText,
  proveedorServicio: OptionalText,
  nombreMedico: OptionalText,
  colaboradorNombre: string(),
  colaboradorId: number(),
  edad: OptionalNumber,
  genero: OptionalNumber,
  estado: OptionalText,
  ciudad: OptionalText,
  tipoServicio: OptionalNumber,
  tipoAtencion: OptionalNumber,
  tipoAtencion2: OptionalNumber,
  tipoPadecimiento: OptionalNumber,
  diagnostico: OptionalText,
  observaciones: OptionalText,
  dictaminacion: OptionalNumber,
  montoAutorizado: number(),
  deducibleHospital: OptionalNumber,
  coaseguroHospital: OptionalNumber,
  medicoEsp: OptionalText,
  medicoProcedimiento: OptionalText,
  medicoMonto: OptionalNumber,
  medicoHonorariosAsegurado: OptionalNumber,
  fechaIngreso: OptionalText,
  vigenciaDesde: OptionalText,
  vigenciaHasta: OptionalText,
  limiteFacturacion: OptionalText,
})
export type LetterDataAnswer = Infer<typeof LetterDataStruct>

export const LetterSavedStruct = type({ idEvento: number(), statusId: number() })

/** GET /api/event/get-provider-by-event/{idEvento}: servicio is the service id. */
export const ProviderOfClaimStruct = type({
  servicio: OptionalNumber,
  idProveedor: OptionalNumber,
  nombreServicio: OptionalText,
  nombreProveedor: OptionalText,
})
export type ProviderOfClaim = Infer<typeof ProviderOfClaimStruct>

export const AssignedProviderStruct = type({ idEvento: number(), idProveedor: number(), servicio: number(), statusId: number() })
export type AssignedProvider = Infer<typeof AssignedProviderStruct>

/** GET /api/catalog/services. */
export const ServicesStruct = array(type({ id: number(), nombre: string(), tipo: number() }))
export type Service = Infer<typeof ServicesStruct>[number]

/** GET /api/catalog/providers/{servicio}: the active providers of a service. */
export const ProvidersStruct = array(type({ idProveedor: number(), nombreProveedor: string() }))
export type ProviderOption = Infer<typeof ProvidersStruct>[number]

export function getClaim(idEvento: number, signal?: AbortSignal): Promise<ApiResult<ClaimRecord>> {
  return apiCall(`/api/event/by-id/${idEvento}`, { signal }, ClaimRecordStruct)
}

export function getClaimStatusHistory(idEvento: number, signal?: AbortSignal): Promise<ApiResult<StatusHistory>> {
  return apiCall(`/api/event/get-status/${idEvento}`, { signal }, StatusHistoryStruct)
}

export function getLetterData(idEvento: number, signal?: AbortSignal): Promise<ApiResult<LetterDataAnswer>> {
  return apiCall(`/api/event/fullData/${idEvento}`, { signal }, LetterDataStruct)
}

/** PUT /api/event/update: the letter's editable fields. */
export function updateLetter(
  idEvento: number,
  fields: Record<string, string | number | null>,
  signal?: AbortSignal,
): Promise<ApiResult<Infer<typeof LetterSavedStruct>>> {
  return apiCall('/api/event/update', { method: 'PUT', body: { idEvento, ...fields }, signal }, LetterSavedStruct)
}

export function getProviderOfClaim(idEvento: number, signal?: AbortSignal): Promise<ApiResult<ProviderOfClaim>> {
  return apiCall(`/api/event/get-provider-by-event/${idEvento}`, { signal }, ProviderOfClaimStruct)
}

/** PUT /api/event/assign-provider; idEjecutivo is the acting user (the server accepts the caller or the owner). */
export function assignProvider(
  input: { idEvento: number; idProveedor: number; idEjecutivo?: number | null },
  signal?: AbortSignal,
): Promise<ApiResult<AssignedProvider>> {
  const body: Record<string, number> = { idEvento: input.idEvento, idProveedor: input.idProveedor }
  if (input.idEjecutivo) body.idEjecutivo = input.idEjecutivo
  return apiCall('/api/event/assign-provider', { method: 'PUT', body, signal }, AssignedProviderStruct)
}

export function getServices(signal?: AbortSignal): Promise<ApiResult<Service[]>> {
  return apiCall('/api/catalog/services', { signal }, ServicesStruct)
}

export function getProvidersOfService(servicio: number, signal?: AbortSignal): Promise<ApiResult<ProviderOption[]>> {
  return apiCall(`/api/catalog/providers/${servicio}`, { signal }, ProvidersStruct)
}
