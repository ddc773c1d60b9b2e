/**
 * The authorization letter form of spec section 5 ('Letter form'): its editable fields in form order, the catalogues
 * of its selects and the rule of each field. The letter machine (machines/letterForm.machine.ts) validates the form
 * with these specs and the server validates a save (PUT /api/event/update) with the same ones, so a field of spaces
 * only is 'Campo requerido' on both sides. Free texts print on the letter PDF, so they are also `printable`.
 */
import type { LetterFieldValues } from '../contract/claims'
import type { FieldSpec } from './fieldSpecs'

/** Editable by executive/administrator (spec 5 'Letter form'), in form order. */
export const LETTER_EDITABLE_FIELDS = [
  'fechaIngreso',
  'nombreMedico',
  'tipoServicio',
  'tipoAtencion',
  'tipoAtencion2',
  'tipoPadecimiento',
  'diagnostico',
  'observaciones',
  'deducibleHospital',
  'coaseguroHospital',
  'medicoEsp',
  'medicoProcedimiento',
  'medicoMonto',
  'medicoHonorariosAsegurado',
  'vigenciaDesde',
  'vigenciaHasta',
  'limiteFacturacion',
] as const satisfies readonly (keyof LetterFieldValues)[]

export type LetterField = (typeof LETTER_EDITABLE_FIELDS)[number]

/** Catalogues of spec section 5 ('value' is what the select holds). */
export const SERVICE_TYPE_OPTIONS = [
  { value: '1', label: 'INICIAL' },
  { value: '2', label: 'SUBSECUENTE' },
] as const
export const CARE_TYPE_OPTIONS = [
  { value: '1', label: 'Urgencia' },
  { value: '2', label: 'Hospitalización' },
  { value: '3', label: 'Programada' },
] as const
export const CARE_TYPE_2_OPTIONS = [
  { value: '1', label: 'Atención médica' },
  { value: '2', label: 'Hospitalización quirúrgica' },
  { value: '3', label: 'Rehabilitación' },
  { value: '4', label: 'Paraclínicos y Estudios de Gabinete' },
] as const
export const CONDITION_TYPE_OPTIONS = [
  { value: '1', label: 'Enfermedad' },
  { value: '2', label: 'Accidente' },
  { value: '3', label: 'Congénito' },
  { value: '4', label: 'Adquirido' },
  { value: '5', label: 'Agudo' },
  { value: '6', label: 'Crónico' },
] as const

const optionValues = (options: readonly { value: string }[]) => options.map((o) => o.value)
const AMOUNT_RANGE = { min: 0, max: 99_999_999 } as const

/** Every editable field is required except observaciones (spec: 'observations (optional)'). */
export const LETTER_FIELD_SPECS: readonly FieldSpec<LetterField>[] = [
  { name: 'fechaIngreso', label: 'Fecha de ingreso', kind: { type: 'date', notAfterToday: true }, required: 'always' },
  { name: 'nombreMedico', label: 'Nombre del médico', kind: { type: 'text', maxLength: 200, printable: true }, required: 'always' },
  { name: 'tipoServicio', label: 'Tipo de servicio', kind: { type: 'choice', options: optionValues(SERVICE_TYPE_OPTIONS) }, required: 'always' },
  { name: 'tipoAtencion', label: 'Tipo de atención', kind: { type: 'choice', options: optionValues(CARE_TYPE_OPTIONS) }, required: 'always' },
  { name: 'tipoAtencion2', label: 'Tipo de atención 2', kind: { type: 'choice', options: optionValues(CARE_TYPE_2_OPTIONS) }, required: 'always' },
  { name: 'tipoPadecimiento', label: 'Tipo de padecimiento', kind: { type: 'choice', options: optionValues(CONDITION_TYPE_OPTIONS) }, required: 'always' },
  { name: 'diagnostico', label: 'Diagnóstico', kind: { type: 'text', maxLength: 1000, printable: true }, required: 'always' },
  { name: 'observaciones', label: 'Observaciones', kind: { type: 'text', maxLength: 1000, printable: true }, required: 'never' },
  { name: 'deducibleHospital', label: 'Deducible hospitalario', kind: { type: 'number', range: AMOUNT_RANGE }, required: 'always' },
  { name: 'coaseguroHospital', label: 'Coaseguro', kind: { type: 'number', range: AMOUNT_RANGE }, required: 'always' },
  { name: 'medicoEsp', label: 'Especialidad del médico', kind: { type: 'text', maxLength: 200, printable: true }, required: 'always' },
  { name: 'medicoProcedimiento', label: 'Procedimiento', kind: { type: 'text', maxLength: 300, printable: true }, required: 'always' },
  { name: 'medicoMonto', label: 'Monto', kind: { type: 'number', range: AMOUNT_RANGE }, required: 'always' },
  { name: 'medicoHonorariosAsegurado', label: 'Honorarios', kind: { type: 'number', range: AMOUNT_RANGE }, required: 'always' },
  { name: 'vigenciaDesde', label: 'Vigencia desde', kind: { type: 'date' }, required: 'always' },
  { name: 'vigenciaHasta', label: 'Vigencia hasta', kind: { type: 'date' }, required: 'always' },
  { name: 'limiteFacturacion', label: 'Límite de facturación', kind: { type: 'date' }, required: 'always' },
]

