/**
 * Mis trámites (spec 2.11 'Mis trámites (list)', 9): one page of claims at a time, searched and paged on the server
 * (10 per page). Typing in 'Escriba el número de trámite que busca' waits 300 ms after the last keystroke, then loads
 * page 1 of the new search; a leading C of a claim number is ignored. Which list is loaded (the executive's own or
 * all claims) is the injected `loadClaims` actor's business.
 *
 * States: loading → idle | error (alert 'Error' or the server reason; retry); debouncing (after each keystroke,
 * `searchDebounce` 300 ms, then loading). `page.change` in idle loads another existing page.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { failureReason, LOAD_ERROR } from './failureReason'

/** One claim card (spec section 3 'Claim (evento)', the fields the card shows). */
export interface ClaimListItem {
  idEvento: number
  idColaborador: number
  /** The coverage description: the claim's reason. */
  descripcion: string
  /** Coverage figures: authorized (the coverage total), available and used. */
  monto: number
  montoDisponible: number
  montoUtilizado: number
  /** Current stage name. */
  value?: string | null
}

export interface ClaimListPage {
  items: ClaimListItem[]
  total: number
}

export interface LoadClaimsInput {
  /** '' for no search. */
  q: string
  page: number
  pageSize: number
}

export const CLAIM_LIST_PAGE_SIZE = 10
export const CLAIM_LIST_DELAYS = { searchDebounce: 300 } as const

/** The search text as the server gets it: trimmed, and 'C123' (any case, spaces after C allowed) becomes '123'. */
export function searchTerm(text: string): string {
  const trimmed = text.trim()
  const claimNumber = /^[cC]\s*(\d*)$/.exec(trimmed)
  return claimNumber ? claimNumber[1]! : trimmed
}

export function pageCount(total: number, pageSize = CLAIM_LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export interface ClaimListContext {
  /** What the search box shows. */
  searchText: string
  /** The search of the loaded (or loading) page. */
  query: string
  page: number
  items: ClaimListItem[]
  total: number
  alert: string | null
}

export type ClaimListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.change'; page: number }
  | { type: 'load.retry' }

export const claimListMachine = setup({
  types: {
    context: {} as ClaimListContext,
    events: {} as ClaimListEvent,
  },
  actors: {
    loadClaims: fromPromise<ClaimListPage, LoadClaimsInput>(async () => {
      throw new Error('loadClaims not provided')
    }),
  },
  guards: {
    isOtherExistingPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= pageCount(context.total),
  },
  actions: {
    storeSearchText: assign({
      searchText: ({ context, event }) => (event.type === 'search.change' ? event.value : context.searchText),
    }),
    applySearch: assign({ query: ({ context }) => searchTerm(context.searchText), page: 1 }),
    storePage: assign({ page: ({ context, event }) => (event.type === 'page.change' ? event.page : context.page) }),
    storePageResult: assign((_, result: ClaimListPage) => ({ items: result.items, total: result.total, alert: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      items: [],
      total: 0,
      alert: failureReason(params.error, LOAD_ERROR),
    })),
    dismissAlert: assign({ alert: null }),
  },
  delays: CLAIM_LIST_DELAYS,
}).createMachine({
  id: 'claimList',
  context: { searchText: '', query: '', page: 1, items: [], total: 0, alert: null },
  initial: 'loading',
  on: {
    // Every keystroke restarts the wait; a load under way is dropped (its request aborted).
    'search.change': { target: '.debouncing', reenter: true, actions: 'storeSearchText' },
  },
  states: {
    debouncing: {
      description: 'Se tecleó en la búsqueda; se esperan 300 ms sin teclear antes de cargar la página 1.',
      meta: { view: 'Indicador de carga «Cargando trámites…» sobre la lista; texto tecleado en la búsqueda' },
      after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
    },
    loading: {
      description: 'Se pide al servidor una página de 10 trámites con la búsqueda aplicada.',
      meta: { view: 'Bloque de carga «Cargando trámites…» (encima de las tarjetas anteriores si las hay)' },
      entry: 'dismissAlert',
      invoke: {
        id: 'loadClaims',
        src: 'loadClaims',
        input: ({ context }) => ({ q: context.query, page: context.page, pageSize: CLAIM_LIST_PAGE_SIZE }),
        onDone: { target: 'idle', actions: { type: 'storePageResult', params: ({ event }) => event.output } },
        onError: { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      meta: {
        view: 'Tarjetas «Trámite C{idEvento}» con «Ver trámite» y paginación; o «No se encontraron trámites» si no hay',
      },
      on: { 'page.change': { guard: 'isOtherExistingPage', target: 'loading', actions: 'storePage' } },
    },
    error: {
      meta: { view: 'Banner rojo «Error» (o el motivo del servidor) y botón «Reintentar»' },
      on: { 'load.retry': 'loading' },
    },
  },
})

export type ClaimListSnapshot = SnapshotFrom<typeof claimListMachine>

export const selectIsLoading = (snapshot: ClaimListSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('debouncing')
export const selectAlert = (snapshot: ClaimListSnapshot): string | null => (snapshot.matches('error') ? snapshot.context.alert : null)
/** Nothing matched (or there are no claims): only once a page has loaded. */
export const selectIsEmpty = (snapshot: ClaimListSnapshot): boolean => snapshot.matches('idle') && snapshot.context.items.length === 0
export const selectCanChangePage = (snapshot: ClaimListSnapshot, page: number): boolean => snapshot.can({ type: 'page.change', page })
