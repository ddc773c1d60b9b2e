/**
 * The provider form's values as the inputs hold them (strings, selects with '0' as placeholder), and the conversions
 * to and from the API: the record of GET /api/user/provider/{idProveedor} and the bodies of POST
 * /api/auth/signup-provider and PUT /api/user/provider. Fields of the variant that does not apply (medical or
 * non-medical, contract year/status without a contract) go to the server as null.
 */
import type { ProviderFields, SignupProvider, UpdateProvider } from '../domain/contract/accounts'
import { PROVIDER_FIELDS, fieldApplies, type ProviderField } from '../domain/rules'

export type ProviderFormValues = Record<ProviderField, string>
/** Selects fed by catalogues: they change through their own events, which load the dependent list. */
type LocationField = 'estado' | 'municipio' | 'colonia'
export type ProviderEditableField = Exclude<ProviderField, LocationField>

export interface CatalogOption {
  id: number
  nombre: string
}

/** The record of GET /api/user/provider/{idProveedor} (spec section 3 'Provider'), the fields this form reads. */
export interface ProviderRecord {
  idProveedor: number
  idUsuario: number
  tipo: number
  nombreProveedor: string
  activo: number
  nivel?: string | null
  tipoEspecialidad?: string | null
  especialidad?: string | null
  costoNormal?: number | string | null
  estudio?: string | null
  servicio?: number | null
  contrato?: number | null
  contratoYear?: number | null
  contratoEstatus?: number | null
  estado: number
  municipio: number
  colonia: number
  calle: string
  numeroExterior: number
  numeroInterior?: string | null
  codigoPostal: number
  telefono1: string
  telefono2?: string | null
  horarios: string
  email: string
  observaciones: string
  puntosImportantes?: string | null
}

/** The body both provider calls share (spec section 7 'POST /api/auth/signup-provider'). */
export type ProviderPayload = ProviderFields
export type CreateProviderPayload = SignupProvider
/** The password goes only when one was typed (spec section 5: not required in edit). */
export type UpdateProviderPayload = UpdateProvider

const SELECTS: readonly ProviderField[] = ['estado', 'municipio', 'colonia', 'servicio']

export const EMPTY_PROVIDER: ProviderFormValues = Object.fromEntries(
  PROVIDER_FIELDS.map((spec) => [spec.name, SELECTS.includes(spec.name) ? '0' : '']),
) as ProviderFormValues

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value).trim())

export function valuesFromProvider(record: ProviderRecord): ProviderFormValues {
  const values = { ...EMPTY_PROVIDER }
  for (const spec of PROVIDER_FIELDS) {
    if (spec.name === 'password' || spec.name === 'confirmPassword') continue
    const raw = text(record[spec.name as keyof ProviderRecord] as string | number | null | undefined)
    values[spec.name] = SELECTS.includes(spec.name) && raw === '' ? '0' : raw
  }
  return values
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value))
/** A yes/no select ('0' or '1' on a valid form). */
const yesNo = (value: string): 0 | 1 => (value.trim() === '1' ? 1 : 0)
const yesNoOrNull = (value: string): 0 | 1 | null => (value.trim() === '' ? null : yesNo(value))

/** The shared body. Call it on a valid form only (numbers are parsed as validated). */
function toProviderPayload(values: ProviderFormValues): ProviderPayload {
  const applies = (name: ProviderField) => {
    const spec = PROVIDER_FIELDS.find((s) => s.name === name)!
    return fieldApplies(spec, values, 'create')
  }
  const ifApplies = <T>(name: ProviderField, value: T): T | null => (applies(name) ? value : null)
  const servicio = Number(values.servicio)
  return {
    tipo: yesNo(values.tipo),
    nombreProveedor: values.nombreProveedor.trim(),
    activo: yesNo(values.activo),
    nivel: ifApplies('nivel', orNull(values.nivel)),
    tipoEspecialidad: ifApplies('tipoEspecialidad', orNull(values.tipoEspecialidad)),
    especialidad: ifApplies('especialidad', orNull(values.especialidad)),
    costoNormal: ifApplies('costoNormal', numberOrNull(values.costoNormal)),
    estudio: ifApplies('estudio', orNull(values.estudio)),
    servicio: Number.isInteger(servicio) && servicio > 0 ? servicio : null,
    contrato: ifApplies('contrato', yesNoOrNull(values.contrato)),
    contratoYear: ifApplies('contratoYear', numberOrNull(values.contratoYear)),
    contratoEstatus: ifApplies('contratoEstatus', yesNoOrNull(values.contratoEstatus)),
    estado: Number(values.estado),
    municipio: Number(values.municipio),
    colonia: Number(values.colonia),
    calle: values.calle.trim(),
    numeroExterior: Number(values.numeroExterior),
    numeroInterior: orNull(values.numeroInterior),
    codigoPostal: Number(values.codigoPostal),
    telefono1: values.telefono1,
    telefono2: orNull(values.telefono2),
    horarios: values.horarios.trim(),
    email: values.email.trim(),
    observaciones: values.observaciones.trim(),
    puntosImportantes: orNull(values.puntosImportantes),
  }
}

export const toCreateProviderPayload = (values: ProviderFormValues): CreateProviderPayload => ({
  ...toProviderPayload(values),
  password: values.password,
  confirmPassword: values.confirmPassword,
})

export const toUpdateProviderPayload = (idUsuario: number, values: ProviderFormValues): UpdateProviderPayload => ({
  ...toProviderPayload(values),
  idUsuario,
  ...(values.password ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
})
