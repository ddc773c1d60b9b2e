/**
 * providerList: 'Proveedores registrados' at /administrador/proveedores (spec 2.6, 4 'Executive and provider activo',
 * 5 'Provider search', 9): one page of providers at a time (10 per page), searched on the server by name (the text
 * as typed: case-sensitive, ends trimmed; an empty search restores the list) and paged there. Typing waits 300 ms
 * after the last keystroke, then loads page 1.
 *
 * States: `loading` → `idle` | `error` (alert 'Error' or the server reason; `load.retry`); `debouncing` (after each
 * keystroke, `searchDebounce` 300 ms, then loading). From `idle`, `page.change` loads another existing page.
 *
 * (Reconstructed from tests/machines/providerList.test.ts after the original file was overwritten by mistake; same
 * public surface as that test uses, same shape as executiveList.)
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { activoLabel } from '../src/lib/rules'
import { failureReason, LOAD_ERROR } from './failureReason'

/** One row (GET /api/user/providers). */
export interface ProviderListItem {
  idProveedor: number
  idUsuario: number
  nombreProveedor: string
  activo: number | null
  tipo?: number | null
  email?: string | null
}

export interface ProviderListPage {
  items: ProviderListItem[]
  total: number
}

export interface LoadProvidersInput {
  /** '' for no search. */
  q: string
  page: number
  pageSize: number
}

export const PROVIDER_LIST_PAGE_SIZE = 10
export const PROVIDER_LIST_DELAYS = { searchDebounce: 300 } as const

export const providerPageCount = (total: number): number => Math.max(1, Math.ceil(total / PROVIDER_LIST_PAGE_SIZE))

/** Spec 5 'Provider search': case-sensitive, so only the ends are trimmed. */
export const providerSearchTerm = (text: string): string => text.trim()

/** Spec 4: activo 1 is 'Inactivo', anything else 'Activo'. */
export const providerStatusLabel = (item: Pick<ProviderListItem, 'activo'>): 'Activo' | 'Inactivo' => activoLabel(item.activo)

export interface ProviderListContext {
  searchText: string
  query: string
  page: number
  items: ProviderListItem[]
  total: number
  /** Load failure ('Error' or the server's reason). */
  alert: string | null
}

export type ProviderListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.change'; page: number }
  | { type: 'load.retry' }

export const providerListMachine = setup({
  types: {
    context: {} as ProviderListContext,
    events: {} as ProviderListEvent,
  },
  actors: {
    loadProviders: fromPromise<ProviderListPage, LoadProvidersInput>(async () => {
      throw new Error('loadProviders not provided')
    }),
  },
  guards: {
    isOtherExistingPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= providerPageCount(context.total),
  },
  actions: {
    storeSearchText: assign({
      searchText: ({ context, event }) => (event.type === 'search.change' ? event.value : context.searchText),
    }),
    applySearch: assign({ query: ({ context }) => providerSearchTerm(context.searchText), page: 1 }),
    storePage: assign({ page: ({ context, event }) => (event.type === 'page.change' ? event.page : context.page) }),
    storePageResult: assign((_, result: ProviderListPage) => ({ items: result.items, total: result.total, alert: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({ items: [], total: 0, alert: failureReason(params.error, LOAD_ERROR) })),
    dismissAlert: assign({ alert: null }),
  },
  delays: PROVIDER_LIST_DELAYS,
}).createMachine({
  id: 'providerList',
  context: { searchText: '', query: '', page: 1, items: [], total: 0, alert: null },
  initial: 'loading',
  on: {
    // Every keystroke restarts the wait; a load under way is dropped (its request aborted).
    'search.change': { target: '.debouncing', reenter: true, actions: 'storeSearchText' },
  },
  states: {
    debouncing: {
      description: 'Se escribe en el buscador: espera 300 ms sin teclear antes de buscar.',
      meta: { view: 'Buscador «Buscar por nombre del proveedor» con el texto; tabla anterior sin cambios' },
      after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
    },
    loading: {
      meta: { view: 'Bloque «Cargando proveedores…» (sobre la tabla atenuada si ya había filas)' },
      entry: 'dismissAlert',
      invoke: {
        id: 'loadProviders',
        src: 'loadProviders',
        input: ({ context }) => ({ q: context.query, page: context.page, pageSize: PROVIDER_LIST_PAGE_SIZE }),
        onDone: { target: 'idle', actions: { type: 'storePageResult', params: ({ event }) => event.output } },
        onError: { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      meta: { view: 'Tabla «Proveedores registrados» (10 filas, «Ver más», «Editar proveedor»), paginación; o «No se encontraron proveedores»' },
      on: {
        'page.change': { guard: 'isOtherExistingPage', target: 'loading', actions: 'storePage' },
      },
    },
    error: {
      meta: { view: 'Banner rojo «Error» o el motivo del servidor y botón «Reintentar»' },
      on: { 'load.retry': 'loading' },
    },
  },
})

export type ProviderListSnapshot = SnapshotFrom<typeof providerListMachine>

export const selectIsLoading = (snapshot: ProviderListSnapshot): boolean => snapshot.matches('loading') || snapshot.matches('debouncing')
export const selectAlert = (snapshot: ProviderListSnapshot): string | null => (snapshot.matches('error') ? snapshot.context.alert : null)
export const selectIsEmpty = (snapshot: ProviderListSnapshot): boolean => snapshot.matches('idle') && snapshot.context.items.length === 0
export const selectCanChangePage = (snapshot: ProviderListSnapshot, page: number): boolean => snapshot.can({ type: 'page.change', page })
