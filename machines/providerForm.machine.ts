/**
 * providerForm: 'Nuevo proveedor', 'Datos del proveedor' (read-only) and the edit form with 'Guardar cambios'
 * (/administrador/proveedores/nuevo-proveedor, /ver-proveedor/{id}, /editar-proveedor/{id}; spec 2.6, 3
 * 'Provider' and 'Catalogues', 4 'After provider create/edit', 5 'Provider form', 8).
 *
 * States: `loading` (parallel: states and services catalogues, and the provider record outside create) →
 * `placing` (edit and view: the record's municipalities and neighbourhoods) → `editing` | `viewing`;
 * any failed load → `loadFailed` (alert 'Error', `load.retry`).
 * `editing` is `idle` | `loadingMunicipios` | `loadingColonias`: choosing a state resets municipality and
 * neighbourhood and loads the municipalities; choosing a municipality resets the neighbourhood and loads them.
 * `editing` → `creating` | `updating` → `saved` (final, output `{ result: 'created' | 'edited', idProveedor }`: the
 * view opens the new provider's page after create, the list after edit); a failed create shows
 * 'Error al crear usuario {reason}' and stays on the form.
 *
 * Medical (tipo 1) and non-medical (tipo 0) variants, ranges and required fields come from validateProvider
 * (domain/rules, the same function the server runs). 'Guardar' is accepted only while no field breaks a rule:
 * the view asks `snapshot.can({ type: 'form.submit' })` and `selectSaveBlockers` for its tooltip.
 */
import { and, assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import {
  MESSAGES,
  PROVIDER_FIELDS,
  fieldApplies,
  fieldRequired,
  invalidFieldLabels,
  phone,
  validateProvider,
  type FormErrors,
  type ProviderField,
} from '../domain/rules'
import { failureReason } from '../domain/contract/envelope'
import { LOAD_ERROR } from './failureReason'
import { alertDismissal, alertGuards } from './pageAlert'
import {
  EMPTY_PROVIDER,
  toCreateProviderPayload,
  toUpdateProviderPayload,
  valuesFromProvider,
  type CatalogOption,
  type CreateProviderPayload,
  type ProviderEditableField,
  type ProviderFormValues,
  type ProviderRecord,
  type UpdateProviderPayload,
} from './providerFormValues'

export * from './providerFormValues'

export type ProviderFormMode = 'create' | 'edit' | 'view'

export interface ProviderFormInput {
  mode: ProviderFormMode
  /** Required for edit and view. */
  idProveedor?: number
}

export interface ProviderFormContext {
  mode: ProviderFormMode
  idProveedor: number | null
  idUsuario: number | null
  values: ProviderFormValues
  touched: ProviderField[]
  estados: CatalogOption[]
  municipios: CatalogOption[]
  colonias: CatalogOption[]
  servicios: CatalogOption[]
  alert: string | null
}

export type ProviderFormEvent =
  | { type: 'field.change'; field: ProviderEditableField; value: string }
  | { type: 'field.blur'; field: ProviderField }
  | { type: 'estado.select'; value: string }
  | { type: 'municipio.select'; value: string }
  | { type: 'colonia.select'; value: string }
  | { type: 'form.submit' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }

export type ProviderFormOutput = { result: 'created' | 'edited'; idProveedor: number }

/** Spec section 8: 'Error al crear usuario {reason}'. */
export const createProviderError = (reason: string | null): string => `Error al crear usuario ${reason ?? ''}`.trim()
export const PROVIDER_UPDATE_ERROR = 'Ocurrió un error al guardar los cambios del proveedor'

const CHOICES: Partial<Record<ProviderField, readonly string[]>> = {
  tipo: ['', '0', '1'],
  activo: ['', '0', '1'],
  contrato: ['', '0', '1'],
  contratoEstatus: ['', '0', '1'],
}
const PHONES: readonly ProviderField[] = ['telefono1', 'telefono2']

const ruleMode = (mode: ProviderFormMode) => (mode === 'create' ? 'create' : 'edit')
const listed = (options: readonly CatalogOption[], value: string) => options.some((o) => String(o.id) === value)
const touch = (touched: ProviderField[], ...fields: ProviderField[]) => [...new Set([...touched, ...fields])]

export const providerErrors = (context: Pick<ProviderFormContext, 'mode' | 'values'>): FormErrors<ProviderField> =>
  validateProvider(context.values, ruleMode(context.mode))

export const providerFormMachine = setup({
  types: {
    context: {} as ProviderFormContext,
    events: {} as ProviderFormEvent,
    input: {} as ProviderFormInput,
    output: {} as ProviderFormOutput,
  },
  actors: {
    loadStates: toBeProvided<CatalogOption[], void>('loadStates'),
    loadServices: toBeProvided<CatalogOption[], void>('loadServices'),
    loadProvider: toBeProvided<ProviderRecord, { idProveedor: number }>('loadProvider'),
    loadMunicipalities: toBeProvided<CatalogOption[], { estadoId: number }>('loadMunicipalities'),
    loadNeighbourhoods: toBeProvided<CatalogOption[], { municipioId: number }>('loadNeighbourhoods'),
    createProvider: toBeProvided<{ insertId: number }, CreateProviderPayload>('createProvider'),
    updateProvider: toBeProvided<unknown, UpdateProviderPayload>('updateProvider'),
  },
  guards: {
    isCreateMode: ({ context }) => context.mode === 'create',
    isViewMode: ({ context }) => context.mode === 'view',
    acceptsValue: ({ context, event }) => {
      if (event.type !== 'field.change') return false
      // The phone type does not accept an invalid entry (spec section 5): the field keeps its value.
      if (PHONES.includes(event.field)) return phone(event.value) === null
      const choices = CHOICES[event.field]
      if (choices) return choices.includes(event.value)
      if (event.field === 'servicio') return event.value === '0' || listed(context.servicios, event.value)
      return true
    },
    isListedState: ({ context, event }) => event.type === 'estado.select' && listed(context.estados, event.value),
    isListedMunicipality: ({ context, event }) => event.type === 'municipio.select' && listed(context.municipios, event.value),
    isListedNeighbourhood: ({ context, event }) => event.type === 'colonia.select' && listed(context.colonias, event.value),
    isFormValid: ({ context }) => Object.keys(providerErrors(context)).length === 0,
    ...alertGuards,
  },
  actions: {
    storeStates: assign((_, estados: CatalogOption[]) => ({ estados })),
    storeServices: assign((_, servicios: CatalogOption[]) => ({ servicios })),
    storeProvider: assign((_, record: ProviderRecord) => ({
      values: valuesFromProvider(record),
      idProveedor: record.idProveedor,
      idUsuario: record.idUsuario,
    })),
    storeMunicipalities: assign((_, municipios: CatalogOption[]) => ({ municipios })),
    storeNeighbourhoods: assign((_, colonias: CatalogOption[]) => ({ colonias })),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {}
      return { values: { ...context.values, [event.field]: event.value }, touched: touch(context.touched, event.field) }
    }),
    touchField: assign(({ context, event }) => (event.type === 'field.blur' ? { touched: touch(context.touched, event.field) } : {})),
    // Spec section 5: the municipality depends on the state, the neighbourhood on the municipality.
    selectState: assign(({ context, event }) => {
      if (event.type !== 'estado.select') return {}
      return {
        values: { ...context.values, estado: event.value, municipio: '0', colonia: '0' },
        municipios: [],
        colonias: [],
        touched: touch(context.touched, 'estado'),
      }
    }),
    selectMunicipality: assign(({ context, event }) => {
      if (event.type !== 'municipio.select') return {}
      return { values: { ...context.values, municipio: event.value, colonia: '0' }, colonias: [], touched: touch(context.touched, 'municipio') }
    }),
    selectNeighbourhood: assign(({ context, event }) => {
      if (event.type !== 'colonia.select') return {}
      return { values: { ...context.values, colonia: event.value }, touched: touch(context.touched, 'colonia') }
    }),
    storeCreated: assign((_, params: { insertId: number }) => ({ idProveedor: params.insertId })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
    forgetLoaded: assign({ estados: [], servicios: [], municipios: [], colonias: [] }),
  },
}).createMachine({
  id: 'providerForm',
  context: ({ input }) => ({
    mode: input.mode,
    idProveedor: input.idProveedor ?? null,
    idUsuario: null,
    values: EMPTY_PROVIDER,
    touched: [],
    estados: [],
    municipios: [],
    colonias: [],
    servicios: [],
    alert: null,
  }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se leen a la vez los catálogos de estados y servicios y, salvo al crear, el proveedor.',
      meta: { view: 'Bloque de carga «Cargando proveedor…»; sin formulario' },
      type: 'parallel',
      onDone: [{ guard: 'isCreateMode', target: 'editing' }, { target: 'placing' }],
      states: {
        estados: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Estados: cargando' },
              invoke: {
                id: 'loadStates',
                src: 'loadStates',
                onDone: { target: 'done', actions: { type: 'storeStates', params: ({ event }) => event.output } },
                onError: '#providerForm.loadFailed',
              },
            },
            done: { meta: { view: 'Estados: leídos' }, type: 'final' },
          },
        },
        servicios: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Servicios: cargando' },
              invoke: {
                id: 'loadServices',
                src: 'loadServices',
                onDone: { target: 'done', actions: { type: 'storeServices', params: ({ event }) => event.output } },
                onError: '#providerForm.loadFailed',
              },
            },
            done: { meta: { view: 'Servicios: leídos' }, type: 'final' },
          },
        },
        record: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Proveedor: cargando' },
              // Create has no record to load.
              always: { guard: 'isCreateMode', target: 'done' },
              invoke: {
                id: 'loadProvider',
                src: 'loadProvider',
                input: ({ context }) => ({ idProveedor: context.idProveedor ?? 0 }),
                onDone: { target: 'done', actions: { type: 'storeProvider', params: ({ event }) => event.output } },
                onError: '#providerForm.loadFailed',
              },
            },
            done: { meta: { view: 'Proveedor: leído' }, type: 'final' },
          },
        },
      },
    },
    placing: {
      description: 'Editar y ver: se leen los municipios y colonias de la ubicación guardada del proveedor.',
      meta: { view: 'Sigue el bloque de carga «Cargando proveedor…»' },
      type: 'parallel',
      onDone: [{ guard: 'isViewMode', target: 'viewing' }, { target: 'editing' }],
      states: {
        municipios: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Municipios: cargando' },
              invoke: {
                id: 'loadMunicipalities',
                src: 'loadMunicipalities',
                input: ({ context }) => ({ estadoId: Number(context.values.estado) }),
                onDone: { target: 'done', actions: { type: 'storeMunicipalities', params: ({ event }) => event.output } },
                onError: '#providerForm.loadFailed',
              },
            },
            done: { meta: { view: 'Municipios: leídos' }, type: 'final' },
          },
        },
        colonias: {
          initial: 'fetching',
          states: {
            fetching: {
              meta: { view: 'Colonias: cargando' },
              invoke: {
                id: 'loadNeighbourhoods',
                src: 'loadNeighbourhoods',
                input: ({ context }) => ({ municipioId: Number(context.values.municipio) }),
                onDone: { target: 'done', actions: { type: 'storeNeighbourhoods', params: ({ event }) => event.output } },
                onError: '#providerForm.loadFailed',
              },
            },
            done: { meta: { view: 'Colonias: leídas' }, type: 'final' },
          },
        },
      },
    },
    loadFailed: {
      meta: { view: 'Banner rojo «Error» y botón «Reintentar»' },
      entry: { type: 'showAlert', params: { message: LOAD_ERROR } },
      on: { 'load.retry': { target: 'loading', actions: ['dismissAlert', 'forgetLoaded'] } },
    },
    viewing: {
      description: 'Variante «ver»: datos de solo lectura.',
      meta: { view: 'Título «Datos del proveedor», formulario de solo lectura y botón «Editar»' },
    },
    editing: {
      meta: { view: '«Nuevo proveedor»/«Editar proveedor»; «Guardar»/«Guardar cambios» deshabilitado mientras un campo incumple una regla' },
      initial: 'idle',
      on: {
        'field.change': { guard: 'acceptsValue', actions: 'changeField' },
        'field.blur': { actions: 'touchField' },
        'estado.select': { guard: 'isListedState', target: '.loadingMunicipios', reenter: true, actions: 'selectState' },
        'municipio.select': { guard: 'isListedMunicipality', target: '.loadingColonias', reenter: true, actions: 'selectMunicipality' },
        'colonia.select': { guard: 'isListedNeighbourhood', actions: 'selectNeighbourhood' },
        'form.submit': [
          { guard: and(['isFormValid', 'isCreateMode']), target: 'creating' },
          { guard: 'isFormValid', target: 'updating' },
        ],
      },
      states: {
        idle: { meta: { view: 'Listas de estado, municipio y colonia con sus opciones' } },
        loadingMunicipios: {
          description: 'Se eligió un estado: municipio y colonia se vacían y se leen los municipios.',
          meta: { view: 'Lista de municipio con «Cargando opciones…»; si falla, banner rojo «Error»' },
          invoke: {
            id: 'loadMunicipalities',
            src: 'loadMunicipalities',
            input: ({ context }) => ({ estadoId: Number(context.values.estado) }),
            onDone: { target: 'idle', actions: { type: 'storeMunicipalities', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showAlert', params: { message: LOAD_ERROR } } },
          },
        },
        loadingColonias: {
          description: 'Se eligió un municipio: la colonia se vacía y se leen las colonias.',
          meta: { view: 'Lista de colonia con «Cargando opciones…»; si falla, banner rojo «Error»' },
          invoke: {
            id: 'loadNeighbourhoods',
            src: 'loadNeighbourhoods',
            input: ({ context }) => ({ municipioId: Number(context.values.municipio) }),
            onDone: { target: 'idle', actions: { type: 'storeNeighbourhoods', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showAlert', params: { message: LOAD_ERROR } } },
          },
        },
      },
    },
    creating: {
      meta: { view: '«Guardar» con indicador de carga; si falla, alerta «Error al crear usuario {motivo}»' },
      entry: 'dismissAlert',
      invoke: {
        id: 'createProvider',
        src: 'createProvider',
        input: ({ context }) => toCreateProviderPayload(context.values),
        onDone: { target: 'saved', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: createProviderError(failureReason(event.error, '')) }) },
        },
      },
    },
    updating: {
      meta: { view: '«Guardar cambios» con indicador de carga; si falla, alerta «Ocurrió un error al guardar los cambios del proveedor»' },
      entry: 'dismissAlert',
      invoke: {
        id: 'updateProvider',
        src: 'updateProvider',
        input: ({ context }) => toUpdateProviderPayload(context.idUsuario ?? 0, context.values),
        onDone: 'saved',
        onError: {
          target: 'editing',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, PROVIDER_UPDATE_ERROR) }) },
        },
      },
    },
    saved: {
      meta: { view: 'Tras crear abre «Datos del proveedor» del nuevo («Proveedor creado»); tras editar vuelve a la lista («Cambios guardados»)' },
      type: 'final',
    },
  },
  output: ({ context }) => ({ result: context.mode === 'create' ? 'created' : 'edited', idProveedor: context.idProveedor ?? 0 }),
})

export type ProviderFormSnapshot = SnapshotFrom<typeof providerFormMachine>

export const PROVIDER_LABELS: Record<ProviderField, string> = Object.fromEntries(
  PROVIDER_FIELDS.map((spec) => [spec.name, spec.label]),
) as Record<ProviderField, string>

export const selectIsLoading = (snapshot: ProviderFormSnapshot): boolean => snapshot.matches('loading') || snapshot.matches('placing')
export const selectIsSaving = (snapshot: ProviderFormSnapshot): boolean => snapshot.matches('creating') || snapshot.matches('updating')
export const selectIsReadOnly = (snapshot: ProviderFormSnapshot): boolean => snapshot.context.mode === 'view'
export const selectIsLoadingMunicipios = (snapshot: ProviderFormSnapshot): boolean => snapshot.matches({ editing: 'loadingMunicipios' })
export const selectIsLoadingColonias = (snapshot: ProviderFormSnapshot): boolean => snapshot.matches({ editing: 'loadingColonias' })

/** The fields the form shows for its current tipo and contract (medical or non-medical variant). */
export const selectVisibleFields = (snapshot: ProviderFormSnapshot): ProviderField[] =>
  PROVIDER_FIELDS.filter((spec) => fieldApplies(spec, snapshot.context.values, ruleMode(snapshot.context.mode))).map((s) => s.name)

/** Whether a field carries the required mark now. */
export const selectIsRequired = (snapshot: ProviderFormSnapshot, field: ProviderField): boolean =>
  fieldRequired(PROVIDER_FIELDS.find((s) => s.name === field)!, snapshot.context.values, ruleMode(snapshot.context.mode))

export const selectFieldErrors = (snapshot: ProviderFormSnapshot): FormErrors<ProviderField> =>
  snapshot.context.mode === 'view' ? {} : providerErrors(snapshot.context)

export const selectVisibleErrors = (snapshot: ProviderFormSnapshot): FormErrors<ProviderField> => {
  const errors = selectFieldErrors(snapshot)
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => snapshot.context.touched.includes(field as ProviderField)),
  ) as FormErrors<ProviderField>
}

export const selectCanSave = (snapshot: ProviderFormSnapshot): boolean => snapshot.can({ type: 'form.submit' })

/** The disabled save's tooltip: the spec's sentence and the labels of every field that breaks a rule. */
export function selectSaveBlockers(snapshot: ProviderFormSnapshot): { message: string; fields: string[] } | null {
  if (!snapshot.matches('editing')) return null
  const fields = invalidFieldLabels(PROVIDER_FIELDS, selectFieldErrors(snapshot))
  return fields.length ? { message: MESSAGES.formHasErrors, fields } : null
}
