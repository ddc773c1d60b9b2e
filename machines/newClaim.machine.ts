/**
 * New claim page ('Nuevo trámite'): load the collaborator (prefill), the fund summary and the states catalogue in
 * parallel, edit the form with the rules of spec section 5, then 'Iniciar trámite' creates the claim
 * (spec 2.11 'New claim page', 4, 5 'Search and new claim', 8).
 *
 * States: loading (parallel: collaborator, fundSummary, states) → editing (idle | loadingCities) → submitting
 * → created (final, output { insertId }); loadFailed (alert 'Error', retry). A failed creation returns to editing
 * with the spec's alert.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { differenceInYears, isValid, parseISO } from 'date-fns'
import {
  acceptPhoneInput,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  phone,
  validateFields,
  type FieldSpec,
  type FormErrors,
} from '../src/lib/rules'
import { LOAD_ERROR } from './failureReason'

export interface CollaboratorRecord {
  nombre: string | null
  nombre2?: string | null
  apePat?: string | null
  apeMat?: string | null
  email: string | null
  telefono: string | number | null
}

export interface FundSummary {
  monto: number
  montoUtilizado: number
  montoDisponible: number
}

export interface CatalogOption {
  id: number
  nombre: string
}

export type NewClaimField = 'nombre' | 'edad' | 'genero' | 'email' | 'telefono' | 'costo' | 'estado' | 'ciudad'
/** Fields the view edits with `field.change` (Estado goes through `estado.select`, it loads the cities). */
export type EditableField = Exclude<NewClaimField, 'estado'>

export type NewClaimForm = Record<NewClaimField, string> & {
  /** The date picker's value (YYYY-MM-DD); picking it fills Edad. */
  fechaNacimiento: string
}

/** POST /api/event (spec section 3 'New-claim payload'). */
export interface NewClaimPayload {
  idColaborador: number
  idEjecutivo: number
  idCobertura: number
  beneficiary: string
  email: string
  phone: string
  age: number
  gender: 1 | 2
  state: number
  city: number
  montoAutorizado: number
}

export const CREATE_CLAIM_ERROR = 'Ocurrió un error al crear el trámite, favor de intentar de nuevo en unos minutos.'
export const GENDER_OPTIONS = [
  { value: '1', label: 'Masculino' },
  { value: '2', label: 'Femenino' },
] as const
/** Fixed, not editable (spec 2.11 and 9). */
export const CLAIM_TYPE_LABEL = 'Digital'
export const PACKAGE_LABEL = 'Com.trámite.coppel'
/** Our bound: the spec only says 'Edad (number)'. */
export const AGE_RANGE = { min: 0, max: 120 } as const

export const FIELD_LABELS: Record<NewClaimField, string> = {
  nombre: 'Nombre',
  edad: 'Edad',
  genero: 'Género',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  costo: 'Costo',
  estado: 'Estado',
  ciudad: 'Ciudad',
}

/** The form as data for the shared rules; Costo's maximum is the available amount of the fund summary. */
export function newClaimFieldSpecs(available: number): FieldSpec<NewClaimField>[] {
  const label = (name: NewClaimField) => FIELD_LABELS[name]
  return [
    { name: 'nombre', label: label('nombre'), kind: { type: 'text', maxLength: 120 }, required: 'always' },
    { name: 'edad', label: label('edad'), kind: { type: 'number', range: AGE_RANGE, integer: true }, required: 'always' },
    { name: 'genero', label: label('genero'), kind: { type: 'choice', options: ['1', '2'] }, required: 'always' },
    { name: 'email', label: label('email'), kind: { type: 'email', maxLength: EMAIL_MAX_LENGTH }, required: 'always' },
    { name: 'telefono', label: label('telefono'), kind: { type: 'phone' }, required: 'always' },
    { name: 'costo', label: label('costo'), kind: { type: 'number', range: { min: 0, max: available } }, required: 'always' },
    { name: 'estado', label: label('estado'), kind: { type: 'select' }, required: 'always' },
    { name: 'ciudad', label: label('ciudad'), kind: { type: 'select' }, required: 'always' },
  ]
}

export function validateNewClaim(form: NewClaimForm, available: number): FormErrors<NewClaimField> {
  return validateFields(newClaimFieldSpecs(available), form, { mode: 'create' })
}

/**
 * 'Iniciar trámite' (spec section 5): disabled when name or email is empty or the phone has under 10 characters,
 * and, beyond the spec's literal rule, while any field breaks its rule (the server refuses those anyway).
 */
export function canStartClaim(form: NewClaimForm, available: number): boolean {
  return (
    form.nombre.trim() !== '' &&
    form.email.trim() !== '' &&
    form.telefono.length >= PHONE_MAX_LENGTH &&
    Object.keys(validateNewClaim(form, available)).length === 0
  )
}

/** The date picker refuses future dates; `today` is YYYY-MM-DD in the user's zone. */
export function isPickableDate(value: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value)) && value <= today
}

export function ageOn(birthDate: string, today: string): number {
  return differenceInYears(parseISO(today), parseISO(birthDate))
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export function prefillFrom(collaborator: CollaboratorRecord): Pick<NewClaimForm, 'nombre' | 'email' | 'telefono'> {
  return {
    nombre: [collaborator.nombre, collaborator.nombre2, collaborator.apePat, collaborator.apeMat]
      .map((part) => text(part).trim())
      .filter(Boolean)
      .join(' '),
    email: text(collaborator.email).trim(),
    // A stored phone that breaks the phone type is not accepted, as if typed.
    telefono: acceptPhoneInput('', text(collaborator.telefono).trim()),
  }
}

export function toPayload(context: Pick<NewClaimContext, 'idColaborador' | 'idEjecutivo' | 'idCobertura' | 'form'>): NewClaimPayload {
  const { form } = context
  return {
    idColaborador: context.idColaborador,
    idEjecutivo: context.idEjecutivo,
    idCobertura: context.idCobertura,
    beneficiary: form.nombre.trim(),
    email: form.email.trim(),
    phone: form.telefono,
    age: Number(form.edad),
    gender: form.genero === '2' ? 2 : 1,
    state: Number(form.estado),
    city: Number(form.ciudad),
    montoAutorizado: Number(form.costo),
  }
}

export interface NewClaimInput {
  idColaborador: number
  idCobertura: number
  idEjecutivo: number
  /** Today as YYYY-MM-DD; the date picker's upper bound. */
  today: string
}

export interface NewClaimContext extends NewClaimInput {
  collaborator: CollaboratorRecord | null
  fund: FundSummary | null
  estados: CatalogOption[]
  municipios: CatalogOption[]
  form: NewClaimForm
  /** Fields the user changed: the view shows their messages. */
  touched: NewClaimField[]
  alert: string | null
  insertId: number | null
}

export type NewClaimEvent =
  | { type: 'field.change'; field: EditableField; value: string }
  | { type: 'estado.select'; value: string }
  | { type: 'birthDate.pick'; value: string }
  | { type: 'claim.submit' }
  | { type: 'load.retry' }
  | { type: 'alert.dismiss' }

const EMPTY_FORM: NewClaimForm = {
  nombre: '',
  edad: '',
  genero: '',
  email: '',
  telefono: '',
  costo: '',
  estado: '0',
  ciudad: '0',
  fechaNacimiento: '',
}

const touch = (touched: NewClaimField[], field: NewClaimField) => (touched.includes(field) ? touched : [...touched, field])
const available = (context: NewClaimContext) => context.fund?.montoDisponible ?? 0

export const newClaimMachine = setup({
  types: {
    context: {} as NewClaimContext,
    events: {} as NewClaimEvent,
    input: {} as NewClaimInput,
    output: {} as { insertId: number },
  },
  actors: {
    loadCollaborator: fromPromise<CollaboratorRecord, { idColaborador: number }>(async () => {
      throw new Error('loadCollaborator not provided')
    }),
    loadFundSummary: fromPromise<FundSummary, { idColaborador: number; idCobertura: number }>(async () => {
      throw new Error('loadFundSummary not provided')
    }),
    loadStates: fromPromise<CatalogOption[], void>(async () => {
      throw new Error('loadStates not provided')
    }),
    loadMunicipalities: fromPromise<CatalogOption[], { estadoId: number }>(async () => {
      throw new Error('loadMunicipalities not provided')
    }),
    createClaim: fromPromise<{ insertId: number }, NewClaimPayload>(async () => {
      throw new Error('createClaim not provided')
    }),
  },
  guards: {
    acceptsValue: ({ context, event }) => {
      if (event.type !== 'field.change') return false
      // The phone type does not accept an invalid entry (spec section 5): the field keeps its value.
      if (event.field === 'telefono') return phone(event.value) === null
      if (event.field === 'genero') return ['', '1', '2'].includes(event.value)
      // Ciudad is a select over the loaded municipalities ('0' is its placeholder).
      if (event.field === 'ciudad') return event.value === '0' || context.municipios.some((m) => String(m.id) === event.value)
      return true
    },
    isListedState: ({ context, event }) =>
      event.type === 'estado.select' && context.estados.some((estado) => String(estado.id) === event.value),
    isPickableDate: ({ context, event }) => event.type === 'birthDate.pick' && isPickableDate(event.value, context.today),
    canStartClaim: ({ context }) => canStartClaim(context.form, available(context)),
    hasAlert: ({ context }) => context.alert !== null,
  },
  actions: {
    storeCollaborator: assign(({ context }, collaborator: CollaboratorRecord) => ({
      collaborator,
      form: { ...context.form, ...prefillFrom(collaborator) },
    })),
    storeFund: assign((_, fund: FundSummary) => ({ fund })),
    storeStates: assign((_, estados: CatalogOption[]) => ({ estados })),
    storeMunicipalities: assign((_, municipios: CatalogOption[]) => ({ municipios })),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {}
      return { form: { ...context.form, [event.field]: event.value }, touched: touch(context.touched, event.field) }
    }),
    // Spec section 4: selecting a state resets the city to the placeholder (and its list) before loading it.
    selectState: assign(({ context, event }) => {
      if (event.type !== 'estado.select') return {}
      return {
        form: { ...context.form, estado: event.value, ciudad: '0' },
        municipios: [],
        touched: touch(context.touched, 'estado'),
      }
    }),
    pickBirthDate: assign(({ context, event }) => {
      if (event.type !== 'birthDate.pick') return {}
      return {
        form: { ...context.form, fechaNacimiento: event.value, edad: String(ageOn(event.value, context.today)) },
        touched: touch(context.touched, 'edad'),
      }
    }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'newClaim',
  context: ({ input }) => ({
    ...input,
    collaborator: null,
    fund: null,
    estados: [],
    municipios: [],
    form: EMPTY_FORM,
    touched: [],
    alert: null,
    insertId: null,
  }),
  initial: 'loading',
  on: { 'alert.dismiss': { guard: 'hasAlert', actions: 'dismissAlert' } },
  states: {
    loading: {
      type: 'parallel',
      onDone: 'editing',
      states: {
        collaborator: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadCollaborator',
                src: 'loadCollaborator',
                input: ({ context }) => ({ idColaborador: context.idColaborador }),
                onDone: { target: 'done', actions: { type: 'storeCollaborator', params: ({ event }) => event.output } },
                onError: '#newClaim.loadFailed',
              },
            },
            done: { type: 'final' },
          },
        },
        fundSummary: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadFundSummary',
                src: 'loadFundSummary',
                input: ({ context }) => ({ idColaborador: context.idColaborador, idCobertura: context.idCobertura }),
                onDone: { target: 'done', actions: { type: 'storeFund', params: ({ event }) => event.output } },
                onError: '#newClaim.loadFailed',
              },
            },
            done: { type: 'final' },
          },
        },
        states: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadStates',
                src: 'loadStates',
                onDone: { target: 'done', actions: { type: 'storeStates', params: ({ event }) => event.output } },
                onError: '#newClaim.loadFailed',
              },
            },
            done: { type: 'final' },
          },
        },
      },
    },
    loadFailed: {
      entry: { type: 'showAlert', params: { message: LOAD_ERROR } },
      on: { 'load.retry': { target: 'loading', actions: 'dismissAlert' } },
    },
    editing: {
      initial: 'idle',
      on: {
        'field.change': { guard: 'acceptsValue', actions: 'changeField' },
        'estado.select': { guard: 'isListedState', target: '.loadingCities', reenter: true, actions: 'selectState' },
        'birthDate.pick': { guard: 'isPickableDate', actions: 'pickBirthDate' },
        'claim.submit': { guard: 'canStartClaim', target: 'submitting' },
      },
      states: {
        idle: {},
        loadingCities: {
          invoke: {
            id: 'loadMunicipalities',
            src: 'loadMunicipalities',
            input: ({ context }) => ({ estadoId: Number(context.form.estado) }),
            onDone: { target: 'idle', actions: { type: 'storeMunicipalities', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showAlert', params: { message: LOAD_ERROR } } },
          },
        },
      },
    },
    submitting: {
      entry: 'dismissAlert',
      invoke: {
        id: 'createClaim',
        src: 'createClaim',
        input: ({ context }) => toPayload(context),
        onDone: { target: 'created', actions: assign({ insertId: ({ event }) => event.output.insertId }) },
        onError: {
          target: 'editing',
          // The spec gives one fixed text here, whatever the server answered.
          actions: { type: 'showAlert', params: { message: CREATE_CLAIM_ERROR } },
        },
      },
    },
    created: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ insertId: context.insertId! }),
})

export type NewClaimSnapshot = SnapshotFrom<typeof newClaimMachine>

/** Every field's message (null when none); the view shows `selectVisibleErrors`. */
export const selectFieldErrors = (snapshot: NewClaimSnapshot): FormErrors<NewClaimField> =>
  validateNewClaim(snapshot.context.form, available(snapshot.context))

/** Messages of the fields the user has changed, for the warning tooltips. */
export const selectVisibleErrors = (snapshot: NewClaimSnapshot): FormErrors<NewClaimField> => {
  const errors = selectFieldErrors(snapshot)
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => snapshot.context.touched.includes(field as NewClaimField)),
  ) as FormErrors<NewClaimField>
}

/** 'Iniciar trámite' enabled. */
export const selectCanSubmit = (snapshot: NewClaimSnapshot): boolean => snapshot.can({ type: 'claim.submit' })

export const selectIsLoading = (snapshot: NewClaimSnapshot): boolean => snapshot.matches('loading')
export const selectIsLoadingCities = (snapshot: NewClaimSnapshot): boolean => snapshot.matches({ editing: 'loadingCities' })
export const selectIsSubmitting = (snapshot: NewClaimSnapshot): boolean => snapshot.matches('submitting')
