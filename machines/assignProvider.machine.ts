/**
 * Assign provider (administrator): choose a service, then one of its providers, then 'Confirmar' (spec 2.11
 * 'Assign provider', 5 'Assign provider', 7 services / providers / assign-provider, 8).
 *
 * States: loadingServices → choosingService → loadingProviders → choosingProvider → assigning → assigned (final,
 * output { idProveedor, servicio }) ; loadFailed (alert 'Error', retry). A failed assignment returns to
 * choosingProvider with 'Error al asignar proveedor'.
 */
import { and, assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { LOAD_ERROR } from './failureReason'
import { alertDismissal, alertGuards, loadFailedState, toLoadFailed } from './pageAlert'

/** GET /api/catalog/services. */
export interface ServiceOption {
  id: number
  nombre: string
}

/** GET /api/catalog/providers/{servicio}. */
export interface ProviderOption {
  idProveedor: number
  nombreProveedor: string
}

/** PUT /api/event/assign-provider. */
export interface AssignProviderInput {
  idEvento: number
  idProveedor: number
  idEjecutivo?: number
}

export const ASSIGN_PROVIDER_ERROR = 'Error al asignar proveedor'

export interface AssignProviderContext {
  idEvento: number
  idEjecutivo: number | null
  services: ServiceOption[]
  providers: ProviderOption[]
  servicio: number | null
  idProveedor: number | null
  alert: string | null
}

export type AssignProviderEvent =
  | { type: 'service.select'; servicio: number }
  | { type: 'provider.select'; idProveedor: number }
  | { type: 'assignment.confirm' }
  | { type: 'services.reload' }
  | { type: 'alert.dismiss' }

export const assignProviderMachine = setup({
  types: {
    context: {} as AssignProviderContext,
    events: {} as AssignProviderEvent,
    input: {} as { idEvento: number; idEjecutivo?: number },
    output: {} as { idProveedor: number; servicio: number },
  },
  actors: {
    loadServices: toBeProvided<ServiceOption[], void>('loadServices'),
    loadProviders: toBeProvided<ProviderOption[], { servicio: number }>('loadProviders'),
    assignProvider: toBeProvided<unknown, AssignProviderInput>('assignProvider'),
  },
  guards: {
    isListedService: ({ context, event }) =>
      event.type === 'service.select' && context.services.some((service) => service.id === event.servicio),
    isListedProvider: ({ context, event }) =>
      event.type === 'provider.select' && context.providers.some((provider) => provider.idProveedor === event.idProveedor),
    serviceChosen: ({ context }) => context.servicio !== null,
    providerChosen: ({ context }) => context.idProveedor !== null,
    ...alertGuards,
  },
  actions: {
    storeServices: assign((_, services: ServiceOption[]) => ({ services })),
    storeProviders: assign((_, providers: ProviderOption[]) => ({ providers })),
    // A new service empties the provider list and the chosen provider until its providers arrive.
    chooseService: assign(({ event }) =>
      event.type === 'service.select' ? { servicio: event.servicio, providers: [], idProveedor: null, alert: null } : {},
    ),
    chooseProvider: assign(({ event }) => (event.type === 'provider.select' ? { idProveedor: event.idProveedor } : {})),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'assignProvider',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    idEjecutivo: input.idEjecutivo ?? null,
    services: [],
    providers: [],
    servicio: null,
    idProveedor: null,
    alert: null,
  }),
  initial: 'loadingServices',
  on: alertDismissal,
  states: {
    loadingServices: {
      description: 'Se pide el catálogo de servicios (GET /api/catalog/services).',
      meta: { view: 'Indicador «Cargando catálogos…»; selectores y «Confirmar» deshabilitados' },
      invoke: {
        id: 'loadServices',
        src: 'loadServices',
        onDone: { target: 'choosingService', actions: { type: 'storeServices', params: ({ event }) => event.output } },
        onError: toLoadFailed,
      },
    },
    loadFailed: loadFailedState('services.reload', { target: 'loadingServices' }),
    choosingService: {
      meta: { view: 'Selector «Servicio» habilitado; «Proveedor» y «Confirmar» deshabilitados' },
      on: { 'service.select': { guard: 'isListedService', target: 'loadingProviders', actions: 'chooseService' } },
    },
    loadingProviders: {
      description: 'Se eligió un servicio; se piden sus proveedores (GET /api/catalog/providers/{servicio}).',
      meta: { view: 'Selector «Proveedor» deshabilitado con «Cargando proveedores…»; «Confirmar» deshabilitado' },
      on: {
        'service.select': { guard: 'isListedService', target: 'loadingProviders', reenter: true, actions: 'chooseService' },
      },
      invoke: {
        id: 'loadProviders',
        src: 'loadProviders',
        input: ({ context }) => ({ servicio: context.servicio! }),
        onDone: { target: 'choosingProvider', actions: { type: 'storeProviders', params: ({ event }) => event.output } },
        onError: {
          target: 'choosingService',
          actions: [assign({ servicio: null }), { type: 'showAlert', params: { message: LOAD_ERROR } }],
        },
      },
    },
    choosingProvider: {
      meta: { view: 'Selectores «Servicio» y «Proveedor» habilitados; «Confirmar» habilitado solo con un proveedor elegido' },
      on: {
        'service.select': { guard: 'isListedService', target: 'loadingProviders', actions: 'chooseService' },
        'provider.select': { guard: 'isListedProvider', actions: 'chooseProvider' },
        'assignment.confirm': { guard: and(['serviceChosen', 'providerChosen']), target: 'assigning' },
      },
    },
    assigning: {
      description: 'Se asigna el proveedor al trámite (PUT /api/event/assign-provider).',
      meta: { view: '«Confirmar» deshabilitado con indicador de carga; si falla, banner «Error al asignar proveedor»' },
      entry: 'dismissAlert',
      invoke: {
        id: 'assignProvider',
        src: 'assignProvider',
        input: ({ context }) => ({
          idEvento: context.idEvento,
          idProveedor: context.idProveedor!,
          ...(context.idEjecutivo === null ? {} : { idEjecutivo: context.idEjecutivo }),
        }),
        onDone: 'assigned',
        // The spec gives one fixed text for this failure.
        onError: { target: 'choosingProvider', actions: { type: 'showAlert', params: { message: ASSIGN_PROVIDER_ERROR } } },
      },
    },
    assigned: {
      type: 'final',
      description: 'Proveedor asignado; la app vuelve a los datos generales del trámite.',
      meta: { view: 'Navegación a los datos generales del trámite (proceso-general-tramites/{idEvento})' },
    },
  },
  output: ({ context }) => ({ idProveedor: context.idProveedor!, servicio: context.servicio! }),
})

export type AssignProviderSnapshot = SnapshotFrom<typeof assignProviderMachine>

/** 'Confirmar' enabled: a service and a provider chosen. */
export const selectCanConfirm = (snapshot: AssignProviderSnapshot): boolean => snapshot.can({ type: 'assignment.confirm' })
/** The provider select is enabled (its service's providers are loaded). */
export const selectCanChooseProvider = (snapshot: AssignProviderSnapshot): boolean => snapshot.matches('choosingProvider')
export const selectIsBusy = (snapshot: AssignProviderSnapshot): boolean =>
  snapshot.matches('loadingServices') || snapshot.matches('loadingProviders') || snapshot.matches('assigning')
