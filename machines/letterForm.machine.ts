/**
 * Authorization letter (carta autorización): load the claim's full data, edit the fields an executive or an
 * administrator may edit, save (spec 2.11 'Authorization letter', 3 'Claim full data', 4 'Save button', 5 'Letter
 * form', 7 fullData / update).
 *
 * States: loading → default ⇄ saving → saved → (any edit) default ; loadFailed (alert 'Error', retry). A child
 * `saveButton` (machines/saveButton.machine.ts) mirrors the save: base, loading, ok with its 300 ms indicator.
 */
import { assign, sendTo, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { localIsoDate } from '../domain/calendarDates'
import { validateFields, LETTER_EDITABLE_FIELDS, LETTER_FIELD_SPECS, type FormErrors, type LetterField } from '../domain/rules'
// The letter form's fields, catalogues and rules live in domain/rules (the server checks a save with the same specs).
export {
  LETTER_EDITABLE_FIELDS,
  LETTER_FIELD_SPECS,
  SERVICE_TYPE_OPTIONS,
  CARE_TYPE_OPTIONS,
  CARE_TYPE_2_OPTIONS,
  CONDITION_TYPE_OPTIONS,
  type LetterField,
} from '../domain/rules'
import type { ClaimFullData, LetterFieldValues } from '../domain/contract/claims'
import { failureReason } from './failureReason'
import { saveButtonMachine } from './saveButton.machine'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'

/** GET /api/event/fullData/{idEvento} (spec 3 'Claim full data'): what the letter shows and edits. */
export type LetterData = Omit<ClaimFullData, 'idEvento' | 'statusId' | 'value' | 'idProveedor'>

/** Always read-only: provider name, laboratory, affiliate data, dictamen result and sum. */
const LETTER_READONLY_FIELDS = [
  'proveedorNombre',
  'proveedorServicio',
  'colaboradorNombre',
  'colaboradorId',
  'edad',
  'genero',
  'estado',
  'ciudad',
  'dictaminacion',
  'montoAutorizado',
] as const satisfies readonly (keyof LetterData)[]

export type LetterFormValues = Record<LetterField, string>

const CATALOG_FIELDS = ['tipoServicio', 'tipoAtencion', 'tipoAtencion2', 'tipoPadecimiento'] as const
const AMOUNT_FIELDS = ['deducibleHospital', 'coaseguroHospital', 'medicoMonto', 'medicoHonorariosAsegurado'] as const


/** `today` (YYYY-MM-DD) bounds the entry date; without it only the date format is checked. */
export const validateLetter = (form: LetterFormValues, today?: string): FormErrors<LetterField> =>
  validateFields(LETTER_FIELD_SPECS, form, { mode: 'edit', ...(today ? { today } : {}) })

export function formFrom(letter: LetterData): LetterFormValues {
  const values = {} as LetterFormValues
  for (const field of LETTER_EDITABLE_FIELDS) {
    const value = letter[field]
    values[field] = value === null || value === undefined ? '' : String(value)
  }
  return values
}

/** PUT /api/event/update body (without idEvento): catalogues and amounts as numbers, observaciones may be null. */
/** What 'Guardar' sends: every editable field, typed by the contract. */
export type LetterUpdate = LetterFieldValues

export function toLetterUpdate(form: LetterFormValues): LetterUpdate {
  const update = {} as Record<string, string | number | null>
  for (const field of LETTER_EDITABLE_FIELDS) {
    const text = form[field].trim()
    if ((CATALOG_FIELDS as readonly string[]).includes(field) || (AMOUNT_FIELDS as readonly string[]).includes(field)) {
      update[field] = Number(text)
    } else {
      update[field] = field === 'observaciones' && text === '' ? null : text
    }
  }
  return update as LetterUpdate
}

const LETTER_SAVE_ERROR = 'Error'

export interface LetterFormContext {
  idEvento: number
  /** Today as YYYY-MM-DD in the user's zone: the entry date cannot be later. */
  today: string
  readOnly: boolean
  letter: LetterData | null
  form: LetterFormValues
  alert: string | null
}

export type LetterFormEvent =
  | { type: 'field.change'; field: LetterField; value: string }
  | { type: 'letter.save' }
  | { type: 'letter.reload' }
  | { type: 'alert.dismiss' }

const EMPTY_FORM = Object.fromEntries(LETTER_EDITABLE_FIELDS.map((f) => [f, ''])) as LetterFormValues

export const letterFormMachine = setup({
  types: {
    context: {} as LetterFormContext,
    events: {} as LetterFormEvent,
    input: {} as { idEvento: number; readOnly?: boolean; today?: string },
    children: {} as { saveButton: 'saveButton' },
  },
  actors: {
    loadLetter: toBeProvided<LetterData, { idEvento: number }>('loadLetter'),
    saveLetter: toBeProvided<unknown, { idEvento: number; fields: LetterUpdate }>('saveLetter'),
    saveButton: saveButtonMachine,
  },
  guards: {
    isEditableChange: ({ context, event }) =>
      event.type === 'field.change' && !context.readOnly && (LETTER_EDITABLE_FIELDS as readonly string[]).includes(event.field),
    canSaveLetter: ({ context }) => !context.readOnly && Object.keys(validateLetter(context.form, context.today)).length === 0,
    ...alertGuards,
  },
  actions: {
    storeLetter: assign((_, letter: LetterData) => ({ letter, form: formFrom(letter) })),
    changeField: assign({
      form: ({ context, event }) => (event.type === 'field.change' ? { ...context.form, [event.field]: event.value } : context.form),
    }),
    tellButtonEdited: sendTo('saveButton', { type: 'form.edit' }),
    tellButtonSaving: sendTo('saveButton', { type: 'save.start' }),
    tellButtonSaved: sendTo('saveButton', { type: 'save.succeed' }),
    tellButtonFailed: sendTo('saveButton', { type: 'save.fail' }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'letterForm',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    today: input.today ?? localIsoDate(new Date()),
    readOnly: input.readOnly ?? false,
    letter: null,
    form: EMPTY_FORM,
    alert: null,
  }),
  invoke: { id: 'saveButton', src: 'saveButton' },
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se piden los datos completos del trámite (GET /api/event/fullData).',
      meta: { view: 'Indicador de carga «Cargando carta…»' },
      invoke: {
        id: 'loadLetter',
        src: 'loadLetter',
        input: idEventoInput,
        onDone: { target: 'default', actions: { type: 'storeLetter', params: ({ event }) => event.output } },
        onError: toLoadFailed,
      },
    },
    loadFailed: loadFailedState('letter.reload'),
    default: {
      meta: {
        view: 'Secciones Proveedor, Afiliado, Servicio, Dictamen, Honorarios médicos y Extra; botón «Guardar» según validación',
      },
      on: {
        'field.change': { guard: 'isEditableChange', actions: ['changeField', 'tellButtonEdited'] },
        'letter.save': { guard: 'canSaveLetter', target: 'saving' },
      },
    },
    saving: {
      description: 'Se guardan los campos editables (PUT /api/event/update).',
      meta: { view: 'Botón «Guardando…» con indicador de carga; campos no editables' },
      entry: ['dismissAlert', 'tellButtonSaving'],
      invoke: {
        id: 'saveLetter',
        src: 'saveLetter',
        input: ({ context }) => ({ idEvento: context.idEvento, fields: toLetterUpdate(context.form) }),
        onDone: { target: 'saved', actions: 'tellButtonSaved' },
        onError: {
          target: 'default',
          actions: [
            'tellButtonFailed',
            { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, LETTER_SAVE_ERROR) }) },
          ],
        },
      },
    },
    saved: {
      description: 'La carta se guardó; cualquier edición vuelve a default.',
      meta: { view: 'Botón «Guardado» con check (aviso «Carta guardada» 300 ms); campos editables' },
      on: {
        'field.change': { guard: 'isEditableChange', target: 'default', actions: ['changeField', 'tellButtonEdited'] },
      },
    },
  },
})

export type LetterFormSnapshot = SnapshotFrom<typeof letterFormMachine>

/** Messages per editable field (the view shows them in the warning tooltips). */
export const selectLetterErrors = (snapshot: LetterFormSnapshot): FormErrors<LetterField> =>
  validateLetter(snapshot.context.form, snapshot.context.today)
/** 'Guardar' enabled. */
export const selectCanSaveLetter = (snapshot: LetterFormSnapshot): boolean => snapshot.can({ type: 'letter.save' })
/** Editable inputs are enabled (never in the read-only variant, nor while saving). */
export const selectFieldsEditable = (snapshot: LetterFormSnapshot): boolean =>
  !snapshot.context.readOnly && (snapshot.matches('default') || snapshot.matches('saved'))
