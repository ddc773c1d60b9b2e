/**
 * executiveList: the executives list at /administrador/ejecutivos (spec 2.6, 2.11 'Executives list', 4 'Executive
 * and provider activo', 8, 9): one page of executives at a time (10 per page), searched on the server by name or
 * e-mail (any case) and paged there. Typing waits 300 ms after the last keystroke, then loads page 1.
 *
 * The delete action never deletes: it opens a confirmation dialog and, once confirmed, deactivates the executive
 * (PUT /api/user/executive with active = 1, the rest of the row unchanged), so the person can no longer sign in.
 *
 * States: `loading` → `idle` | `error` (alert 'Error' or the server reason; `load.retry`); `debouncing` (after each
 * keystroke, `searchDebounce` 300 ms, then loading). `idle` is `browsing` | `confirming` (the dialog, for an active
 * executive of the page) | `deactivating` → `loading` (the page again, with the notice of who was deactivated) or
 * back to `confirming` with 'Ocurrió un error al crear el ejecutivo, favor de intentar de nuevo en unos minutos'.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { ACTIVO } from '../src/lib/rules'
import { EXECUTIVE_SAVE_ERROR, type UpdateExecutivePayload } from './executiveForm.machine'
import { failureReason, LOAD_ERROR, reasonOf } from './failureReason'

/** One row (GET /api/user/executives). */
export interface ExecutiveListItem {
  idUser: number
  nombre: string | null
  nombre2?: string | null
  apePat?: string | null
  apeMAt?: string | null
  email: string | null
  telefono: string | null
  activo: number | null
  ubicacionLaboral: string | null
}

export interface ExecutiveListPage {
  items: ExecutiveListItem[]
  total: number
}

export interface LoadExecutivesInput {
  /** '' for no search. */
  q: string
  page: number
  pageSize: number
}

export const EXECUTIVE_LIST_PAGE_SIZE = 10
export const EXECUTIVE_LIST_DELAYS = { searchDebounce: 300 } as const

export const executivePageCount = (total: number): number => Math.max(1, Math.ceil(total / EXECUTIVE_LIST_PAGE_SIZE))

export const executiveFullName = (item: Pick<ExecutiveListItem, 'nombre' | 'nombre2' | 'apePat' | 'apeMAt'>): string =>
  [item.nombre, item.nombre2, item.apePat, item.apeMAt]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')

export const isInactive = (item: Pick<ExecutiveListItem, 'activo'>): boolean => Number(item.activo) === ACTIVO.inactive

/** The edit that deactivates: the row as it is, with active = 1. */
export const deactivationPayload = (item: ExecutiveListItem): UpdateExecutivePayload => ({
  ubicacion: item.ubicacionLaboral ?? '',
  phone: item.telefono ?? '',
  active: ACTIVO.inactive,
  idUsuario: item.idUser,
  nombre: (item.nombre ?? '').trim(),
  email: (item.email ?? '').trim(),
})

export interface ExecutiveListContext {
  searchText: string
  query: string
  page: number
  items: ExecutiveListItem[]
  total: number
  /** Load failure ('Error' or the server's reason). */
  alert: string | null
  /** The executive the dialog is about. */
  target: ExecutiveListItem | null
  /** Deactivation failure, shown in the dialog, and the server's reason behind it. */
  dialogAlert: string | null
  dialogAlertDetail: string | null
  /** Full name of the executive deactivated last (the success notice), until dismissed or another change. */
  deactivated: string | null
}

export type ExecutiveListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.change'; page: number }
  | { type: 'load.retry' }
  | { type: 'deactivate.request'; idUser: number }
  | { type: 'deactivate.cancel' }
  | { type: 'deactivate.confirm' }
  | { type: 'notice.dismiss' }

export const executiveListMachine = setup({
  types: {
    context: {} as ExecutiveListContext,
    events: {} as ExecutiveListEvent,
  },
  actors: {
    loadExecutives: fromPromise<ExecutiveListPage, LoadExecutivesInput>(async () => {
      throw new Error('loadExecutives not provided')
    }),
    deactivateExecutive: fromPromise<unknown, UpdateExecutivePayload>(async () => {
      throw new Error('deactivateExecutive not provided')
    }),
  },
  guards: {
    isOtherExistingPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= executivePageCount(context.total),
    // Only an active executive shown on this page can be deactivated.
    isActiveListedExecutive: ({ context, event }) => {
      if (event.type !== 'deactivate.request') return false
      const item = context.items.find((i) => i.idUser === event.idUser)
      return item !== undefined && !isInactive(item)
    },
    hasNotice: ({ context }) => context.deactivated !== null,
  },
  actions: {
    storeSearchText: assign({
      searchText: ({ context, event }) => (event.type === 'search.change' ? event.value : context.searchText),
    }),
    applySearch: assign({ query: ({ context }) => context.searchText.trim(), page: 1 }),
    storePage: assign({ page: ({ context, event }) => (event.type === 'page.change' ? event.page : context.page) }),
    storePageResult: assign((_, result: ExecutiveListPage) => ({ items: result.items, total: result.total, alert: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({ items: [], total: 0, alert: failureReason(params.error, LOAD_ERROR) })),
    dismissAlert: assign({ alert: null }),
    storeTarget: assign(({ context, event }) => ({
      target: event.type === 'deactivate.request' ? (context.items.find((i) => i.idUser === event.idUser) ?? null) : null,
      dialogAlert: null,
      dialogAlertDetail: null,
    })),
    forgetTarget: assign({ target: null, dialogAlert: null, dialogAlertDetail: null }),
    storeDeactivated: assign(({ context }) => ({ deactivated: context.target ? executiveFullName(context.target) : null })),
    showDialogError: assign((_, params: { error: unknown }) => ({
      dialogAlert: EXECUTIVE_SAVE_ERROR,
      dialogAlertDetail: reasonOf(params.error),
    })),
    dismissNotice: assign({ deactivated: null }),
  },
  delays: EXECUTIVE_LIST_DELAYS,
}).createMachine({
  id: 'executiveList',
  context: {
    searchText: '',
    query: '',
    page: 1,
    items: [],
    total: 0,
    alert: null,
    target: null,
    dialogAlert: null,
    dialogAlertDetail: null,
    deactivated: null,
  },
  initial: 'loading',
  on: {
    // Every keystroke restarts the wait; a load under way is dropped (its request aborted).
    'search.change': { target: '.debouncing', reenter: true, actions: ['storeSearchText', 'dismissNotice', 'forgetTarget'] },
    'notice.dismiss': { guard: 'hasNotice', actions: 'dismissNotice' },
  },
  states: {
    debouncing: {
      description: 'Se escribe en el buscador: espera 300 ms sin teclear antes de buscar.',
      meta: { view: 'Buscador «Buscar por nombre o correo electrónico» con el texto; tabla anterior sin cambios' },
      after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
    },
    loading: {
      meta: { view: 'Bloque «Cargando ejecutivos…» (sobre la tabla atenuada si ya había filas)' },
      entry: 'dismissAlert',
      invoke: {
        id: 'loadExecutives',
        src: 'loadExecutives',
        input: ({ context }) => ({ q: context.query, page: context.page, pageSize: EXECUTIVE_LIST_PAGE_SIZE }),
        onDone: { target: 'idle', actions: { type: 'storePageResult', params: ({ event }) => event.output } },
        onError: { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      meta: { view: 'Título «Ejecutivos», «Agregar ejecutivo», tabla de 10 filas con paginación y total; o «No se encontraron ejecutivos»' },
      initial: 'browsing',
      states: {
        browsing: {
          meta: { view: 'Acciones «Ver ejecutivo», «Editar ejecutivo», «Desactivar ejecutivo»; aviso «{nombre} quedó inactivo…» tras desactivar' },
          on: {
            'page.change': { guard: 'isOtherExistingPage', target: '#executiveList.loading', actions: ['storePage', 'dismissNotice'] },
            'deactivate.request': { guard: 'isActiveListedExecutive', target: 'confirming', actions: ['storeTarget', 'dismissNotice'] },
          },
        },
        confirming: {
          meta: { view: 'Diálogo «¿Desactivar ejecutivo?» con «Desactivar» y «Cancelar»; alerta de error si el intento falló' },
          on: {
            'deactivate.cancel': { target: 'browsing', actions: 'forgetTarget' },
            'deactivate.confirm': 'deactivating',
          },
        },
        deactivating: {
          meta: { view: 'Diálogo abierto con «Desactivar» en carga («Desactivando…»)' },
          // The edit is under way: a search now would drop the answer, so it waits (the dialog is modal anyway).
          on: { 'search.change': {} },
          invoke: {
            id: 'deactivateExecutive',
            src: 'deactivateExecutive',
            input: ({ context }) => deactivationPayload(context.target!),
            onDone: { target: '#executiveList.loading', actions: ['storeDeactivated', 'forgetTarget'] },
            onError: { target: 'confirming', actions: { type: 'showDialogError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    error: {
      meta: { view: 'Banner rojo «Error» o el motivo del servidor y botón «Reintentar»' },
      on: { 'load.retry': 'loading' },
    },
  },
})

export type ExecutiveListSnapshot = SnapshotFrom<typeof executiveListMachine>

export const selectIsLoading = (snapshot: ExecutiveListSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('debouncing')
export const selectAlert = (snapshot: ExecutiveListSnapshot): string | null => (snapshot.matches('error') ? snapshot.context.alert : null)
export const selectIsEmpty = (snapshot: ExecutiveListSnapshot): boolean => snapshot.matches('idle') && snapshot.context.items.length === 0
export const selectCanChangePage = (snapshot: ExecutiveListSnapshot, page: number): boolean => snapshot.can({ type: 'page.change', page })
/** The delete action of a row is enabled: an active executive, while no dialog is open. */
export const selectCanDeactivate = (snapshot: ExecutiveListSnapshot, idUser: number): boolean =>
  snapshot.can({ type: 'deactivate.request', idUser })
export const selectDialogOpen = (snapshot: ExecutiveListSnapshot): boolean =>
  snapshot.matches({ idle: 'confirming' }) || snapshot.matches({ idle: 'deactivating' })
export const selectIsDeactivating = (snapshot: ExecutiveListSnapshot): boolean => snapshot.matches({ idle: 'deactivating' })
