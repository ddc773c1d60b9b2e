/**
 * New claim page ('Nuevo trámite'): load the collaborator (prefill), the fund summary and the states catalogue in
 * parallel, edit the form with the rules of spec section 5, then 'Iniciar trámite' creates the claim
 * (spec 2.11 'New claim page', 4, 5 'Search and new claim', 8).
 *
 * States: loading (parallel: collaborator, fundSummary, states) → editing (idle | loadingCities) → submitting
 * → created (final, output { insertId }); loadFailed (alert 'Error', retry). A failed creation returns to editing
 * with the spec's alert.
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { MESSAGES, phone, type FormErrors } from '../domain/rules'
import { LOAD_ERROR } from './failureReason'
import { alertDismissal, alertGuards } from './pageAlert'
import {
  ageOn,
  birthDateReason,
  canStartClaim,
  isPickableDate,
  prefillFrom,
  startClaimBlockers,
  toPayload,
  validateNewClaim,
  type CatalogOption,
  type CollaboratorRecord,
  type EditableField,
  type FundSummary,
  type NewClaimField,
  type NewClaimForm,
  type NewClaimPayload,
} from './newClaimForm'

export * from './newClaimForm'

export const CREATE_CLAIM_ERROR = 'Ocurrió un error al crear el trámite, favor de intentar de nuevo en unos minutos.'

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
    loadCollaborator: toBeProvided<CollaboratorRecord, { idColaborador: number }>('loadCollaborator'),
    loadFundSummary: toBeProvided<FundSummary, { idColaborador: number; idCobertura: number }>('loadFundSummary'),
    loadStates: toBeProvided<CatalogOption[], void>('loadStates'),
    loadMunicipalities: toBeProvided<CatalogOption[], { estadoId: number }>('loadMunicipalities'),
    createClaim: toBeProvided<{ insertId: number }, NewClaimPayload>('createClaim'),
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
    canStartClaim: ({ context }) => canStartClaim(context.form, available(context), context.today),
    ...alertGuards,
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
      // The field keeps what was typed; only a date that can be picked fills Edad.
      if (!isPickableDate(event.value, context.today)) return { form: { ...context.form, fechaNacimiento: event.value } }
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
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se cargan en paralelo el colaborador (prellenado), el resumen de fondos y el catálogo de estados.',
      meta: { view: 'Bloque de carga «Cargando datos del colaborador…»; sin formulario' },
      type: 'parallel',
      onDone: 'editing',
      states: {
        collaborator: {
          initial: 'fetching',
          states: {
            fetching: {
              description: 'Se piden los datos del colaborador para prellenar el formulario.',
              meta: { view: 'Colaborador: cargando' },
              invoke: {
                id: 'loadCollaborator',
                src: 'loadCollaborator',
                input: ({ context }) => ({ idColaborador: context.idColaborador }),
                onDone: { target: 'done', actions: { type: 'storeCollaborator', params: ({ event }) => event.output } },
                onError: '#newClaim.loadFailed',
              },
            },
            done: { type: 'final', meta: { view: 'Colaborador: listo' } },
          },
        },
        fundSummary: {
          initial: 'fetching',
          states: {
            fetching: {
              description: 'Se pide el resumen de fondos (autorizado, utilizado, disponible).',
              meta: { view: 'Fondos: cargando' },
              invoke: {
                id: 'loadFundSummary',
                src: 'loadFundSummary',
                input: ({ context }) => ({ idColaborador: context.idColaborador, idCobertura: context.idCobertura }),
                onDone: { target: 'done', actions: { type: 'storeFund', params: ({ event }) => event.output } },
                onError: '#newClaim.loadFailed',
              },
            },
            done: { type: 'final', meta: { view: 'Fondos: listo' } },
          },
        },
        states: {
          initial: 'fetching',
          states: {
            fetching: {
              description: 'Se pide el catálogo de estados.',
              meta: { view: 'Estados: cargando' },
              invoke: {
                id: 'loadStates',
                src: 'loadStates',
                onDone: { target: 'done', actions: { type: 'storeStates', params: ({ event }) => event.output } },
                onError: '#newClaim.loadFailed',
              },
            },
            done: { type: 'final', meta: { view: 'Estados: listo' } },
          },
        },
      },
    },
    loadFailed: {
      description: 'Alguna de las tres cargas falló.',
      meta: { view: 'Banner rojo «Error» y botón «Reintentar»; sin formulario' },
      entry: { type: 'showAlert', params: { message: LOAD_ERROR } },
      on: { 'load.retry': { target: 'loading', actions: 'dismissAlert' } },
    },
    editing: {
      meta: {
        view: 'Datos del colaborador, resumen de fondos y formulario «Nuevo trámite» prellenado; «Iniciar trámite» según validación',
      },
      initial: 'idle',
      on: {
        'field.change': { guard: 'acceptsValue', actions: 'changeField' },
        'estado.select': { guard: 'isListedState', target: '.loadingCities', reenter: true, actions: 'selectState' },
        'birthDate.pick': { actions: 'pickBirthDate' },
        'claim.submit': { guard: 'canStartClaim', target: 'submitting' },
      },
      states: {
        idle: { meta: { view: 'Formulario editable; tooltips de aviso en los campos tocados con error' } },
        loadingCities: {
          description: 'Se eligió un estado; se cargan sus ciudades (municipios).',
          meta: { view: 'Selector «Ciudad» deshabilitado con «Cargando ciudades…»' },
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
      description: 'Se crea el trámite (POST /api/event).',
      meta: { view: 'Botón «Iniciar trámite» deshabilitado con indicador de carga' },
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
      description: 'Trámite creado; la app navega a proceso-general-tramites/{insertId}.',
      meta: { view: 'Navegación a /ejecutivo/mis-tramites/proceso-general-tramites/{insertId}' },
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

/** The birth date field's reason ('Fecha no válida: …', future date) or null. */
export const selectBirthDateReason = (snapshot: NewClaimSnapshot): string | null =>
  birthDateReason(snapshot.context.form, snapshot.context.today)

/** 'Iniciar trámite' enabled. */
export const selectCanSubmit = (snapshot: NewClaimSnapshot): boolean => snapshot.can({ type: 'claim.submit' })

/**
 * Why 'Iniciar trámite' is disabled: the spec's 'Existen omisiones o errores en los siguientes campos.' and the
 * fields, from the rule the `canStartClaim` guard asks; null while the form can be sent (or is not being edited).
 */
export const selectStartBlockers = (snapshot: NewClaimSnapshot): { message: string; fields: string[] } | null => {
  if (!snapshot.matches('editing')) return null
  const fields = startClaimBlockers(snapshot.context.form, available(snapshot.context), snapshot.context.today)
  return fields.length ? { message: MESSAGES.formHasErrors, fields } : null
}

export const selectIsLoading = (snapshot: NewClaimSnapshot): boolean => snapshot.matches('loading')
export const selectIsLoadingCities = (snapshot: NewClaimSnapshot): boolean => snapshot.matches({ editing: 'loadingCities' })
export const selectIsSubmitting = (snapshot: NewClaimSnapshot): boolean => snapshot.matches('submitting')
