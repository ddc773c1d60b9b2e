/**
 * The provider form of spec sections 3 and 5 (create, edit, view), with its medical (tipo 1) and non-medical
 * (tipo 0) variants. Field names are the API's (signup-provider / PUT /api/user/provider). Every provider may name
 * a service (so medical providers can be assigned to claims); for non-medical ones it is required, with the
 * contract and, when contract is yes, its year and status.
 */
import {
  CONTRACT_YEAR,
  EMAIL_MAX_LENGTH,
  EXTERIOR_NUMBER,
  PASSWORD_MAX_LENGTH,
  POSTAL_CODE,
  PROVIDER_COST,
  TEXT_MAX,
} from './constants'
import { validateFields, type FieldSpec, type FormErrors, type FormMode, type FormValues } from './fieldSpecs'

export type ProviderField =
  | 'tipo'
  | 'nombreProveedor'
  | 'activo'
  | 'nivel'
  | 'tipoEspecialidad'
  | 'especialidad'
  | 'costoNormal'
  | 'estudio'
  | 'servicio'
  | 'contrato'
  | 'contratoYear'
  | 'contratoEstatus'
  | 'estado'
  | 'municipio'
  | 'colonia'
  | 'calle'
  | 'numeroExterior'
  | 'numeroInterior'
  | 'codigoPostal'
  | 'telefono1'
  | 'telefono2'
  | 'horarios'
  | 'email'
  | 'observaciones'
  | 'puntosImportantes'
  | 'password'
  | 'confirmPassword'

const text = (maxLength: number) => ({ type: 'text', maxLength }) as const
const yesNo = { type: 'choice', options: ['0', '1'] } as const

export const PROVIDER_FIELDS: readonly FieldSpec<ProviderField>[] = [
  { name: 'tipo', label: 'Tipo de proveedor', kind: yesNo, required: 'always' },
  { name: 'nombreProveedor', label: 'Nombre del proveedor', kind: text(TEXT_MAX.providerName), required: 'always' },
  { name: 'activo', label: 'Estatus', kind: yesNo, required: 'always' },
  { name: 'nivel', label: 'Nivel', kind: text(TEXT_MAX.providerDetail), required: 'medical', appliesWhen: 'medical' },
  { name: 'tipoEspecialidad', label: 'Tipo de especialidad', kind: text(TEXT_MAX.providerDetail), required: 'medical', appliesWhen: 'medical' },
  { name: 'especialidad', label: 'Especialidad', kind: text(TEXT_MAX.providerDetail), required: 'medical', appliesWhen: 'medical' },
  { name: 'costoNormal', label: 'Costo', kind: { type: 'number', range: PROVIDER_COST }, required: 'medical', appliesWhen: 'medical' },
  { name: 'estudio', label: 'Estudio', kind: text(TEXT_MAX.study), required: 'medical', appliesWhen: 'medical' },
  { name: 'servicio', label: 'Servicio', kind: { type: 'select' }, required: 'nonMedical' },
  { name: 'contrato', label: 'Contrato', kind: yesNo, required: 'nonMedical', appliesWhen: 'nonMedical' },
  {
    name: 'contratoYear',
    label: 'Año de contrato',
    kind: { type: 'number', range: CONTRACT_YEAR, integer: true },
    required: 'contract',
    appliesWhen: 'contract',
  },
  { name: 'contratoEstatus', label: 'Estatus de contrato', kind: yesNo, required: 'contract', appliesWhen: 'contract' },
  { name: 'estado', label: 'Estado', kind: { type: 'select' }, required: 'always' },
  { name: 'municipio', label: 'Municipio', kind: { type: 'select' }, required: 'always' },
  { name: 'colonia', label: 'Colonia', kind: { type: 'select' }, required: 'always' },
  { name: 'calle', label: 'Calle', kind: text(TEXT_MAX.street), required: 'always' },
  { name: 'numeroExterior', label: 'Número exterior', kind: { type: 'number', range: EXTERIOR_NUMBER, integer: true }, required: 'always' },
  { name: 'numeroInterior', label: 'Número interior', kind: text(TEXT_MAX.interiorNumber), required: 'never' },
  { name: 'codigoPostal', label: 'Código postal', kind: { type: 'number', range: POSTAL_CODE, integer: true }, required: 'always' },
  { name: 'telefono1', label: 'Teléfono 1', kind: { type: 'phone' }, required: 'always' },
  { name: 'telefono2', label: 'Teléfono 2', kind: { type: 'phone' }, required: 'never' },
  { name: 'horarios', label: 'Horarios', kind: text(TEXT_MAX.hours), required: 'always' },
  { name: 'email', label: 'Correo electrónico', kind: { type: 'email', maxLength: EMAIL_MAX_LENGTH }, required: 'always' },
  { name: 'observaciones', label: 'Observaciones', kind: text(TEXT_MAX.notes), required: 'always' },
  { name: 'puntosImportantes', label: 'Puntos importantes', kind: text(TEXT_MAX.notes), required: 'never' },
  { name: 'password', label: 'Contraseña', kind: { type: 'password', maxLength: PASSWORD_MAX_LENGTH }, required: 'create' },
  {
    name: 'confirmPassword',
    label: 'Confirmar contraseña',
    kind: { type: 'passwordConfirm', of: 'password', maxLength: PASSWORD_MAX_LENGTH },
    required: 'create',
  },
]

export type ProviderFormValues = FormValues<ProviderField>

export function validateProvider(values: ProviderFormValues, mode: FormMode): FormErrors<ProviderField> {
  return validateFields(PROVIDER_FIELDS, values, { mode })
}
