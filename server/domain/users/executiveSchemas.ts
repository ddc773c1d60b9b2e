/** JSON-schema properties and field labels of the executive bodies (signup-executive, PUT /api/user/executive). */
import { EXECUTIVE_FIELDS, TEXT_MAX, WORK_LOCATIONS } from '../../../src/lib/rules'
import { activoSchema, emailSchema, requiredPhoneSchema, requiredText } from './jsonSchemas'
import type { FieldLabels } from '../../lib/schemaErrors'

export const EXECUTIVE_LABELS: FieldLabels = Object.fromEntries(EXECUTIVE_FIELDS.map((f) => [f.name, f.label]))

export const executiveBodyProperties = {
  ubicacion: { type: 'string', enum: WORK_LOCATIONS },
  phone: requiredPhoneSchema,
  activo: activoSchema,
  nombre: requiredText(TEXT_MAX.personName),
  email: emailSchema,
} as const
