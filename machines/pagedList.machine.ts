/**
 * pagedList: a list searched and paged on the server, one page of PAGE_SIZE rows at a time (spec 9), configured per
 * screen: Mis trámites, the provider's claims, the invoices, the executives and the providers (spec 2.6, 2.7, 2.11).
 * Typing waits `searchDebounce` (300 ms) after the last keystroke, then loads page 1 of the new search; the input's
 * `searchMode` says how the text becomes the server's search (domain/listSearch.ts). What a row holds and where a
 * page comes from is the injected `loadPage` actor's business.
 *
 * A row may offer one action that needs confirmation (the executives' deactivation): `rowAction.request` opens the
 * dialog for a row that the `canActOnRow` guard admits (by default any row of the page; a screen provides its own
 * rule), and once the injected `rowAction` actor succeeds the same page loads again and `actedOn` keeps the row for
 * the notice, until it is dismissed or the search, the page or the next action replaces it.
 *
 * States: `loading` → `idle` | `error` (alert 'Error' or the server reason; `load.retry`); `debouncing` (after each
 * keystroke, then `loading`). `idle` is `browsing` (`page.change` loads another existing page) | `confirming` (the
 * dialog) | `acting` → `loading`, or back to `confirming` with the failure.
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason, LOAD_ERROR, reasonOf } from '../domain/failureReason'
import { searchTerm, type SearchMode } from '../domain/listSearch'
import { PAGE_SIZE, pageCount } from '../domain/paging'

export interface PagedListPage<TItem> {
  items: TItem[]
  total: number
  /** More rows match than `total` (the server's count limit, domain/paging.ts); absent: `total` is exact. */
  totalCapped?: boolean
}

/**
 * The row of the page the user just left that the new page lies beside: its last row when stepping to the next page
 * (`after`), its first when stepping back (`before`). A loader may ask the server for the page by that row's key
 * (domain/paging.ts, PageCursor), which reads it from an index instead of skipping the rows before it, and keeps
 * paging in step when new rows arrive meanwhile. Absent for page 1 and for jumps.
 */
export type PageBeside<TItem> = { after: TItem } | { before: TItem }

export interface LoadPageInput<TItem = unknown> {
  /** '' for no search. */
  q: string
  page: number
  pageSize: number
  beside?: PageBeside<TItem>
}

interface PagedListInput {
  searchMode: SearchMode
  /** A search to start with (a bookmarked address's, e.g. 'Pendientes' ?q=C300); the first page loads with it. */
  initialSearch?: string
}

interface PagedListContext<TItem> {
  searchMode: SearchMode
  /** What the search box shows. */
  searchText: string
  /** The search of the loaded (or loading) page. */
  query: string
  page: number
  /** Where the page to load lies next to the page it was stepped to from (`storePage`). */
  beside: PageBeside<TItem> | null
  items: TItem[]
  /** Rows of the search, or the count limit when `totalCapped`: pages reach only that far either way. */
  total: number
  totalCapped: boolean
  /** Load failure ('Error' or the server's reason). */
  alert: string | null
  /** The row the confirmation dialog is about. */
  target: TItem | null
  /** The last attempt of the row action failed, with the server's reason when it gave one. */
  actionFailure: { reason: string | null } | null
  /** The row the last action succeeded on (the notice), until dismissed or replaced. */
  actedOn: TItem | null
}

type PagedListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.change'; page: number }
  | { type: 'load.retry' }
  /** `index`: the row's position on the current page. */
  | { type: 'rowAction.request'; index: number }
  | { type: 'rowAction.cancel' }
  | { type: 'rowAction.confirm' }
  | { type: 'notice.dismiss' }
  /** What the list shows changed on the server (an action here, another user's through the event stream, focus). */
  | { type: 'list.reload' }

export interface RowActionInput<TItem> {
  row: TItem
}

// `acting` is only entered from `confirming`, which always has a target; an empty one would be a bug here.
function targetRow<TItem>(context: PagedListContext<TItem>): RowActionInput<TItem> {
  if (context.target === null) throw new Error('pagedList: no row to act on')
  return { row: context.target }
}

/** The page `page` lies right after or right before the loaded one (not page 1, always read afresh), or null. */
function besideOf<TItem>(context: PagedListContext<TItem>, page: number): PageBeside<TItem> | null {
  const [first, last] = [context.items[0], context.items.at(-1)]
  if (page === context.page + 1 && last !== undefined) return { after: last }
  if (page === context.page - 1 && page > 1 && first !== undefined) return { before: first }
  return null
}

/** One machine per row type, so each screen's rows keep their own type; `pagedListMachine` is the registered one. */
export function createPagedListMachine<TItem>() {
  return setup({
    types: {
      context: {} as PagedListContext<TItem>,
      events: {} as PagedListEvent,
      input: {} as PagedListInput,
    },
    actors: {
      loadPage: toBeProvided<PagedListPage<TItem>, LoadPageInput<TItem>>('loadPage'),
      rowAction: toBeProvided<unknown, RowActionInput<TItem>>('rowAction'),
    },
    guards: {
      isOtherExistingPage: ({ context, event }) =>
        event.type === 'page.change' &&
        Number.isInteger(event.page) &&
        event.page !== context.page &&
        event.page >= 1 &&
        event.page <= pageCount(context.total),
      canActOnRow: (_, params: { row: TItem | undefined }) => params.row !== undefined,
      hasNotice: ({ context }) => context.actedOn !== null,
    },
    actions: {
      storeSearchText: assign({
        searchText: ({ context, event }) => (event.type === 'search.change' ? event.value : context.searchText),
      }),
      applySearch: assign({ query: ({ context }) => searchTerm(context.searchText, context.searchMode), page: 1, beside: null }),
      storePage: assign(({ context, event }) => (event.type === 'page.change' ? { page: event.page, beside: besideOf(context, event.page) } : {})),
      storePageResult: assign((_, result: PagedListPage<TItem>) => ({
        items: result.items,
        total: result.total,
        totalCapped: result.totalCapped ?? false,
        alert: null,
      })),
      storeFailure: assign((_, params: { error: unknown }) => ({ items: [], total: 0, totalCapped: false, alert: failureReason(params.error, LOAD_ERROR) })),
      dismissAlert: assign({ alert: null }),
      storeTarget: assign({
        target: ({ context, event }) => (event.type === 'rowAction.request' ? (context.items[event.index] ?? null) : null),
        actionFailure: null,
      }),
      forgetTarget: assign({ target: null, actionFailure: null }),
      storeActionFailure: assign((_, params: { error: unknown }) => ({ actionFailure: { reason: reasonOf(params.error) } })),
      storeActedOn: assign({ actedOn: ({ context }) => context.target }),
      dismissNotice: assign({ actedOn: null }),
    },
    delays: { searchDebounce: 300 },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({
      searchMode: input.searchMode,
      searchText: input.initialSearch ?? '',
      query: searchTerm(input.initialSearch ?? '', input.searchMode),
      page: 1,
      beside: null,
      items: [],
      total: 0,
      totalCapped: false,
      alert: null,
      target: null,
      actionFailure: null,
      actedOn: null,
    }),
    initial: 'loading',
    on: {
      // Every keystroke restarts the wait; a load under way is dropped (its request aborted), an open dialog closes.
      'search.change': { target: '.debouncing', reenter: true, actions: ['storeSearchText', 'dismissNotice', 'forgetTarget'] },
      'notice.dismiss': { guard: 'hasNotice', actions: 'dismissNotice' },
    },
    states: {
      debouncing: {
        description: 'Se escribe en el buscador: se esperan 300 ms sin teclear antes de cargar la página 1 de la búsqueda.',
        meta: { view: 'Buscador con el texto tecleado; indicador «Cargando …» sobre las filas anteriores atenuadas' },
        after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
      },
      loading: {
        description: `Se pide al servidor una página de ${PAGE_SIZE} filas con la búsqueda aplicada.`,
        meta: { view: 'Bloque de carga «Cargando …» (encima de las filas anteriores atenuadas si ya había)' },
        entry: 'dismissAlert',
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ q: context.query, page: context.page, pageSize: PAGE_SIZE, ...(context.beside ? { beside: context.beside } : {}) }),
          onDone: { target: 'idle', actions: { type: 'storePageResult', params: ({ event }) => event.output } },
          onError: { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      idle: {
        meta: {
          view: `Filas o tarjetas de la página (${PAGE_SIZE} como máximo), el total y la paginación (si coinciden más de 10,000 filas: «Más de 10,000 …» y el aviso «Afine la búsqueda para ver resultados más antiguos»); o el estado vacío «No se encontraron …» / «Ningún … coincide con «…».»`,
        },
        initial: 'browsing',
        states: {
          browsing: {
            meta: {
              view: 'Cada fila con sus acciones (la acción con confirmación, p. ej. «Desactivar ejecutivo», activa solo donde se admite); tras una acción hecha, su aviso verde',
            },
            on: {
              'page.change': { guard: 'isOtherExistingPage', target: '#pagedList.loading', actions: ['storePage', 'dismissNotice'] },
              // Issue 21: a list left open shows what the server has now. The same page is read again (by the same key),
              // its rows shown meanwhile; an open dialog or a load under way is never interrupted.
              'list.reload': {
                target: '#pagedList.loading',
                description: 'Algo que la lista muestra cambió en el servidor: se vuelve a leer la misma página.',
              },
              'rowAction.request': {
                guard: {
                  type: 'canActOnRow',
                  params: ({ context, event }) => ({ row: event.type === 'rowAction.request' ? context.items[event.index] : undefined }),
                },
                target: 'confirming',
                actions: ['storeTarget', 'dismissNotice'],
              },
            },
          },
          confirming: {
            meta: { view: 'Diálogo de confirmación sobre la fila (p. ej. «¿Desactivar ejecutivo?») con confirmar y «Cancelar»; alerta roja si el intento falló' },
            on: {
              'rowAction.cancel': { target: 'browsing', actions: 'forgetTarget' },
              'rowAction.confirm': 'acting',
            },
          },
          acting: {
            meta: { view: 'Diálogo abierto con el botón de confirmar en carga (p. ej. «Desactivando…»)' },
            // The action is under way: a search now would drop its answer, so it waits (the dialog is modal anyway).
            on: { 'search.change': {} },
            invoke: {
              id: 'rowAction',
              src: 'rowAction',
              input: ({ context }) => targetRow(context),
              onDone: { target: '#pagedList.loading', actions: ['storeActedOn', 'forgetTarget'] },
              onError: { target: 'confirming', actions: { type: 'storeActionFailure', params: ({ event }) => ({ error: event.error }) } },
            },
          },
        },
      },
      error: {
        meta: { view: 'Banner rojo «Error» (o el motivo del servidor) y botón «Reintentar»' },
        on: { 'load.retry': 'loading' },
      },
    },
  })
}

export type PagedListMachine<TItem> = ReturnType<typeof createPagedListMachine<TItem>>
export type PagedListSnapshot<TItem> = SnapshotFrom<PagedListMachine<TItem>>

export const pagedListMachine = createPagedListMachine<unknown>()

/** Loading, or about to load (the search is waiting for typing to pause). */
export const selectIsLoading = <TItem>(snapshot: PagedListSnapshot<TItem>): boolean =>
  snapshot.matches('loading') || snapshot.matches('debouncing')
export const selectAlert = <TItem>(snapshot: PagedListSnapshot<TItem>): string | null =>
  snapshot.matches('error') ? snapshot.context.alert : null
/** Nothing matched (or there is nothing to list): only once a page has loaded. */
export const selectIsEmpty = <TItem>(snapshot: PagedListSnapshot<TItem>): boolean =>
  snapshot.matches('idle') && snapshot.context.items.length === 0
/** The number of rows of the search, once its page has loaded. */
export const selectTotal = <TItem>(snapshot: PagedListSnapshot<TItem>): number | null =>
  snapshot.matches('idle') ? snapshot.context.total : null
/** The loaded page's total is the count limit and more rows match: «Más de …», and older rows need a narrower search. */
export const selectTotalCapped = <TItem>(snapshot: PagedListSnapshot<TItem>): boolean =>
  snapshot.matches('idle') && snapshot.context.totalCapped
export const selectCanChangePage = <TItem>(snapshot: PagedListSnapshot<TItem>, page: number): boolean =>
  snapshot.can({ type: 'page.change', page })
/** The row's action is enabled: a row the list admits, on a loaded page, while no dialog is open. */
export const selectCanActOnRow = <TItem>(snapshot: PagedListSnapshot<TItem>, index: number): boolean =>
  snapshot.can({ type: 'rowAction.request', index })
export const selectDialogOpen = <TItem>(snapshot: PagedListSnapshot<TItem>): boolean =>
  snapshot.matches({ idle: 'confirming' }) || snapshot.matches({ idle: 'acting' })
export const selectIsActing = <TItem>(snapshot: PagedListSnapshot<TItem>): boolean => snapshot.matches({ idle: 'acting' })
