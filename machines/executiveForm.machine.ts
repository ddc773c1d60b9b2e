/**
 * executiveForm: the administrator's executive form in its create, edit and view variants
 * (/administrador/ejecutivos/nuevo-ejecutivo, /editar-ejecutivo/{id}, /ver-ejecutivo/{id}; spec 2.6, 3, 5
 * 'Executive form', 8).
 *
 * States: `loading` (edit and view load the record; create leaves at once) → `editing` | `viewing` (read-only) |
 * `loadFailed` (alert 'Error', `load.retry`). `editing` → `creating` | `updating` → `saved` (final, output
 * `{ idUser }`) or back to `editing` with the alert 'Ocurrió un error al crear el ejecutivo, favor de intentar de
 * nuevo en unos minutos'.
 *
 * The rules are those of domain/rules (validateExecutive, the same function the server runs). 'Guardar' is
 * accepted only while no field breaks a rule: the view asks `snapshot.can({ type: 'form.submit' })` and shows
 * `selectSaveBlockers` ('Existen omisiones o errores en los siguientes campos.' plus the labels) in its tooltip.
 * Passwords are required on create; on edit they are checked only once typed.
 */
import { and, assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import {
  ACTIVO_OPTIONS,
  EXECUTIVE_FIELDS,
  MESSAGES,
  WORK_LOCATIONS,
  invalidFieldLabels,
  missingPasswordItems,
  phone,
  validateExecutive,
  type ExecutiveField,
  type FormErrors,
  type PasswordItem,
} from '../domain/rules'
import type { SignupExecutive, UpdateExecutive } from '../domain/contract/accounts'
import { failureReason } from '../domain/contract/envelope'
import { LOAD_ERROR } from './failureReason'
import { alertDismissal, alertGuards, loadFailedState } from './pageAlert'

export type ExecutiveFormMode = 'create' | 'edit' | 'view'
export type ExecutiveFormValues = Record<ExecutiveField, string>

/** The record of GET /api/user/{id} (spec 3 'Executive/user'), the fields this form reads. */
export interface ExecutiveRecord {
  idUser: number
  nombre: string | null
  email: string | null
  telefono: string | number | null
  activo: number | string | null
  ubicacionLaboral: string | null
}

/** POST /api/auth/signup-executive. */
export type CreateExecutivePayload = SignupExecutive

/** PUT /api/user/executive; the password goes only when one was typed. */
export type UpdateExecutivePayload = UpdateExecutive

export interface ExecutiveFormInput {
  mode: ExecutiveFormMode
  /** Required for edit and view. */
  idUser?: number
  /** The three company domains (runtime configuration). */
  internalDomains: readonly string[]
}

export interface ExecutiveFormContext {
  mode: ExecutiveFormMode
  idUser: number | null
  internalDomains: readonly string[]
  values: ExecutiveFormValues
  /** Fields the user changed or left: their messages show. */
  touched: ExecutiveField[]
  alert: string | null
  /** The server's reason behind the alert, if it gave one (e.g. a duplicate email). */
  alertDetail: string | null
}

export type ExecutiveFormEvent =
  | { type: 'field.change'; field: ExecutiveField; value: string }
  | { type: 'field.blur'; field: ExecutiveField }
  | { type: 'form.submit' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }

export const EXECUTIVE_SAVE_ERROR = 'Ocurrió un error al crear el ejecutivo, favor de intentar de nuevo en unos minutos'
export { ACTIVO_OPTIONS, WORK_LOCATIONS }

const EMPTY_EXECUTIVE: ExecutiveFormValues = {
  nombre: '',
  phone: '',
  email: '',
  activo: '',
  ubicacion: '',
  password: '',
  confirmPassword: '',
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export function valuesFromRecord(record: ExecutiveRecord): ExecutiveFormValues {
  const activo = text(record.activo).trim()
  return {
    nombre: text(record.nombre).trim(),
    // A stored phone that breaks the phone type would be refused as typed; it shows blank (and required).
    phone: phone(text(record.telefono).trim()) === null ? text(record.telefono).trim() : '',
    email: text(record.email).trim(),
    activo: activo === '0' || activo === '1' ? activo : '',
    ubicacion: text(record.ubicacionLaboral).trim(),
    password: '',
    confirmPassword: '',
  }
}

const ruleMode = (mode: ExecutiveFormMode) => (mode === 'create' ? 'create' : 'edit')

export const executiveErrors = (context: Pick<ExecutiveFormContext, 'mode' | 'values' | 'internalDomains'>): FormErrors<ExecutiveField> =>
  validateExecutive(context.values, ruleMode(context.mode), context.internalDomains)

const toCreatePayload = (values: ExecutiveFormValues): CreateExecutivePayload => ({
  ubicacion: values.ubicacion,
  phone: values.phone,
  activo: values.activo === '1' ? 1 : 0,
  nombre: values.nombre.trim(),
  email: values.email.trim(),
  password: values.password,
  confirmPassword: values.confirmPassword,
})

export const toUpdatePayload = (idUsuario: number, values: ExecutiveFormValues): UpdateExecutivePayload => ({
  ubicacion: values.ubicacion,
  phone: values.phone,
  active: values.activo === '1' ? 1 : 0,
  idUsuario,
  nombre: values.nombre.trim(),
  email: values.email.trim(),
  ...(values.password ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
})

const touch = (touched: ExecutiveField[], field: ExecutiveField) => (touched.includes(field) ? touched : [...touched, field])

export const executiveFormMachine = setup({
  types: {
    context: {} as ExecutiveFormContext,
    events: {} as ExecutiveFormEvent,
    input: {} as ExecutiveFormInput,
    output: {} as { idUser: number },
  },
  actors: {
    loadExecutive: toBeProvided<ExecutiveRecord, { idUser: number }>('loadExecutive'),
    createExecutive: toBeProvided<{ idUser: number }, CreateExecutivePayload>('createExecutive'),
    updateExecutive: toBeProvided<unknown, UpdateExecutivePayload>('updateExecutive'),
  },
  guards: {
    isCreateMode: ({ context }) => context.mode === 'create',
    isViewMode: ({ context }) => context.mode === 'view',
    // The phone type does not accept an invalid entry (spec section 5): the field keeps its value.
    acceptsValue: ({ event }) => event.type === 'field.change' && (event.field !== 'phone' || phone(event.value) === null),
    isFormValid: ({ context }) => Object.keys(executiveErrors(context)).length === 0,
    ...alertGuards,
  },
  actions: {
    storeRecord: assign((_, record: ExecutiveRecord) => ({ values: valuesFromRecord(record), idUser: record.idUser })),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {}
      return { values: { ...context.values, [event.field]: event.value }, touched: touch(context.touched, event.field) }
    }),
    touchField: assign(({ context, event }) => (event.type === 'field.blur' ? { touched: touch(context.touched, event.field) } : {})),
    storeSaved: assign((_, params: { idUser: number }) => ({ idUser: params.idUser })),
    showSaveError: assign((_, params: { error: unknown }) => ({ alert: EXECUTIVE_SAVE_ERROR, alertDetail: failureReason(params.error, '') || null })),
    showLoadError: assign({ alert: LOAD_ERROR, alertDetail: null }),
    dismissAlert: assign({ alert: null, alertDetail: null }),
  },
}).createMachine({
  id: 'executiveForm',
  context: ({ input }) => ({
    mode: input.mode,
    idUser: input.idUser ?? null,
    internalDomains: input.internalDomains,
    values: EMPTY_EXECUTIVE,
    touched: [],
    alert: null,
    alertDetail: null,
  }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      meta: { view: 'Título «Editar ejecutivo» o «Datos del ejecutivo» con bloque de carga «Cargando ejecutivo…»' },
      // Create has nothing to load.
      always: { guard: 'isCreateMode', target: 'editing' },
      invoke: {
        id: 'loadExecutive',
        src: 'loadExecutive',
        input: ({ context }) => ({ idUser: context.idUser ?? 0 }),
        onDone: [
          { guard: 'isViewMode', target: 'viewing', actions: { type: 'storeRecord', params: ({ event }) => event.output } },
          { target: 'editing', actions: { type: 'storeRecord', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: 'showLoadError' },
      },
    },
    loadFailed: loadFailedState('load.retry', { view: 'Banner rojo «Error» y botón «Reintentar»; sin formulario' }),
    viewing: {
      description: 'Variante «ver»: datos de solo lectura.',
      meta: { view: 'Título «Datos del ejecutivo», campos de solo lectura y botón «Editar»' },
    },
    editing: {
      meta: { view: '«Nuevo ejecutivo»/«Editar ejecutivo»; «Guardar» deshabilitado con «Existen omisiones o errores en los siguientes campos.» si hay errores' },
      on: {
        'field.change': { guard: 'acceptsValue', actions: 'changeField' },
        'field.blur': { actions: 'touchField' },
        'form.submit': [
          { guard: and(['isFormValid', 'isCreateMode']), target: 'creating' },
          { guard: 'isFormValid', target: 'updating' },
        ],
      },
    },
    creating: {
      meta: { view: 'Botón «Guardar» con indicador de carga; si falla, alerta «Ocurrió un error al crear el ejecutivo, favor de…»' },
      entry: 'dismissAlert',
      invoke: {
        id: 'createExecutive',
        src: 'createExecutive',
        input: ({ context }) => toCreatePayload(context.values),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ idUser: event.output.idUser }) } },
        onError: { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updating: {
      meta: { view: 'Botón «Guardar cambios» con indicador de carga; si falla, alerta «Ocurrió un error al crear el ejecutivo, favor de…»' },
      entry: 'dismissAlert',
      invoke: {
        id: 'updateExecutive',
        src: 'updateExecutive',
        input: ({ context }) => toUpdatePayload(context.idUser ?? 0, context.values),
        onDone: 'saved',
        onError: { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      meta: { view: 'Regresa a «Ejecutivos» con el aviso «Ejecutivo creado» o «Cambios guardados»' },
      type: 'final',
    },
  },
  output: ({ context }) => ({ idUser: context.idUser ?? 0 }),
})

export type ExecutiveFormSnapshot = SnapshotFrom<typeof executiveFormMachine>

export const EXECUTIVE_LABELS: Record<ExecutiveField, string> = Object.fromEntries(
  EXECUTIVE_FIELDS.map((spec) => [spec.name, spec.label]),
) as Record<ExecutiveField, string>

export const selectIsLoading = (snapshot: ExecutiveFormSnapshot): boolean => snapshot.matches('loading')
export const selectIsSaving = (snapshot: ExecutiveFormSnapshot): boolean => snapshot.matches('creating') || snapshot.matches('updating')
export const selectIsReadOnly = (snapshot: ExecutiveFormSnapshot): boolean => snapshot.context.mode === 'view'

/** Every field's message (none in view mode, where nothing is edited). */
export const selectFieldErrors = (snapshot: ExecutiveFormSnapshot): FormErrors<ExecutiveField> =>
  snapshot.context.mode === 'view' ? {} : executiveErrors(snapshot.context)

/** Messages of the fields the user has changed or left, for the warning tooltips next to them. */
export const selectVisibleErrors = (snapshot: ExecutiveFormSnapshot): FormErrors<ExecutiveField> => {
  const errors = selectFieldErrors(snapshot)
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => snapshot.context.touched.includes(field as ExecutiveField)),
  ) as FormErrors<ExecutiveField>
}

/** 'Guardar' (create) / 'Guardar cambios' (edit) is enabled. */
export const selectCanSave = (snapshot: ExecutiveFormSnapshot): boolean => snapshot.can({ type: 'form.submit' })

/** The disabled save's tooltip: the spec's sentence and the labels of every field that breaks a rule. */
export function selectSaveBlockers(snapshot: ExecutiveFormSnapshot): { message: string; fields: string[] } | null {
  if (!snapshot.matches('editing')) return null
  const fields = invalidFieldLabels(EXECUTIVE_FIELDS, selectFieldErrors(snapshot))
  return fields.length ? { message: MESSAGES.formHasErrors, fields } : null
}

/** The items the typed password still lacks (for the list under 'La contraseña debe de tener al menos:'). */
export const selectPasswordMissing = (snapshot: ExecutiveFormSnapshot): PasswordItem[] =>
  snapshot.context.values.password ? missingPasswordItems(snapshot.context.values.password) : []
