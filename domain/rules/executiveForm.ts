/**
 * The executive form of spec section 5 (create, edit, view). Field names are the API's (signup-executive /
 * PUT /api/user/executive), so a form's values go to the server as they are, except `confirmPassword`.
 * Passwords are required on create and optional on edit (a typed one must still be strong and confirmed).
 */
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, TEXT_MAX, WORK_LOCATIONS } from './constants'
import { validateFields, type FieldSpec, type FormErrors, type FormMode, type FormValues } from './fieldSpecs'

export type ExecutiveField = 'nombre' | 'phone' | 'email' | 'activo' | 'ubicacion' | 'password' | 'confirmPassword'

export const EXECUTIVE_FIELDS: readonly FieldSpec<ExecutiveField>[] = [
  { name: 'nombre', label: 'Nombre', kind: { type: 'text', maxLength: TEXT_MAX.personName }, required: 'always' },
  { name: 'phone', label: 'Teléfono', kind: { type: 'phone' }, required: 'always' },
  { name: 'email', label: 'Correo electrónico', kind: { type: 'email', maxLength: EMAIL_MAX_LENGTH, internal: true }, required: 'always' },
  { name: 'activo', label: 'Estatus', kind: { type: 'choice', options: ['0', '1'] }, required: 'always' },
  { name: 'ubicacion', label: 'Ubicación laboral', kind: { type: 'choice', options: WORK_LOCATIONS }, required: 'always' },
  { name: 'password', label: 'Contraseña', kind: { type: 'password', maxLength: PASSWORD_MAX_LENGTH }, required: 'create' },
  {
    name: 'confirmPassword',
    label: 'Confirmar contraseña',
    kind: { type: 'passwordConfirm', of: 'password', maxLength: PASSWORD_MAX_LENGTH },
    required: 'create',
  },
]

export type ExecutiveFormValues = FormValues<ExecutiveField>

export function validateExecutive(
  values: ExecutiveFormValues,
  mode: FormMode,
  internalDomains: readonly string[],
): FormErrors<ExecutiveField> {
  return validateFields(EXECUTIVE_FIELDS, values, { mode, internalDomains })
}
