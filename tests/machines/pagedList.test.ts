/**
 * Model-based tests of the generic server-paged list (pagedList), which Mis trámites, the provider's claims, the
 * invoices, the executives and the providers configure. Every shortest path plus one path per remaining transition
 * is replayed, for both search modes, on a real actor whose `loadPage` and `rowAction` wait on deferred promises,
 * with the search wait on fake timers. The oracle is written from the spec and the screens, not read from the
 * machine: 300 ms after the last keystroke, pages of 10, a leading C of a claim number ignored, only rows the screen
 * admits can be acted on, the same page reloads after an action.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import type { SearchMode } from '../../domain/listSearch'
import { ApiError } from '../../domain/contract/envelope'
import {
  createPagedListMachine,
  selectAlert,
  selectCanActOnRow,
  selectCanChangePage,
  selectDialogOpen,
  selectIsActing,
  selectIsEmpty,
  selectIsLoading,
  selectTotal,
  selectTotalCapped,
  type PagedListSnapshot,
} from '../../machines/pagedList.machine'
import { recordCoverage } from './support/modelTest'
import { drivePath, flush, generatePaths, logicOf, replayEachPath, stubs, unreachedStates } from './drivers/deferredActors'

interface Row {
  id: number
  name: string
  active: boolean
}

/** The search wait, in the test's own words (not imported from the machine). */
const SEARCH_WAIT_MS = 300
const ACTIVE: Row = { id: 31, name: 'Laura Méndez', active: true }
const INACTIVE: Row = { id: 32, name: 'Pedro Ruiz', active: false }
/** 25 rows: three pages. */
const PAGE = { items: [ACTIVE, INACTIVE], total: 25 }
const NONE = { items: [], total: 0 }
const REFUSED = new ApiError('Teléfono: Valor inválido', 400)

// Like the executives' list: an inactive row cannot be acted on again.
const machine = createPagedListMachine<Row>().provide({
  guards: { canActOnRow: (_, { row }) => row !== undefined && row.active },
})
const coverage = recordCoverage(machine)

const EVENTS = [
  { type: 'xstate.done.actor.loadPage', output: PAGE },
  { type: 'xstate.done.actor.loadPage', output: NONE },
  { type: 'xstate.error.actor.loadPage', error: new ApiError('Sesión sin permisos', 403) },
  { type: 'xstate.error.actor.loadPage', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.rowAction', output: { idUsuario: 31 } },
  { type: 'xstate.error.actor.rowAction', error: REFUSED },
  { type: 'xstate.error.actor.rowAction', error: new Error('Failed to fetch') },
  { type: 'search.change', value: ' c12 ' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 4 },
  { type: 'load.retry' },
  { type: 'rowAction.request', index: 0 },
  { type: 'rowAction.request', index: 1 },
  { type: 'rowAction.request', index: 5 },
  { type: 'rowAction.cancel' },
  { type: 'rowAction.confirm' },
  { type: 'notice.dismiss' },
  { type: 'list.reload' },
] as const

/** What the server is asked for each text of the search box: a leading C is dropped only from claim numbers. */
const EXPECTED_QUERY: Record<SearchMode, Record<string, string>> = {
  claimNumber: { '': '', ' c12 ': '12' },
  text: { '': '', ' c12 ': 'c12' },
}

type RowSnapshot = PagedListSnapshot<Row>

function start(searchMode: SearchMode) {
  const stub = stubs('loadPage', 'rowAction')
  const actor = createActor(machine.provide({ actors: logicOf(stub) }), {
    input: { searchMode },
    inspect: coverage.inspect,
  }).start()
  return { stub, actor }
}

describe('pagedList: every state says what the screen shows', () => {
  it('has a Spanish view text on every state', () => {
    for (const node of getStateNodes(machine.root)) {
      expect(typeof node.meta?.view, node.id).toBe('string')
    }
  })
})

for (const searchMode of ['claimNumber', 'text'] as const) {
  const generated = generatePaths(machine as AnyStateMachine, { events: EVENTS, input: { searchMode }, kind: 'shortest' })

  describe(`pagedList (${searchMode}): reachability`, () => {
    it('reaches every state by a shortest path', () => {
      expect(unreachedStates(machine, generated.shortest)).toEqual([])
    })
  })

  describe(`pagedList (${searchMode}): every path on a real actor`, () => {
    let actor: Actor<typeof machine> | undefined
    it('has a finite set of paths', () => expect(generated.paths.length).toBeGreaterThan(8))

    replayEachPath(generated.paths, () => actor, async (path) => {
      const started = start(searchMode)
      const { stub } = started
      actor = started.actor
      const real = () => started.actor.getSnapshot()
      let lastLoadError: unknown
      let lastActionError: unknown

      const check = (model: unknown) => {
        const modelSnapshot = model as RowSnapshot
        const snapshot = real()
        expect(snapshot.value).toEqual(modelSnapshot.value)
        expect(snapshot.context).toEqual(modelSnapshot.context)
        const { context } = snapshot
        const pages = Math.max(1, Math.ceil(context.total / 10))

        expect(selectIsLoading(snapshot)).toBe(snapshot.matches('loading') || snapshot.matches('debouncing'))
        if (snapshot.matches('loading')) {
          // The paths step from page 1 (PAGE's rows) to page 2 only: that page is asked for after the last row of the
          // page left (and so is its retry or its reload after an action); page 1 is always asked for afresh.
          const beside = context.page === 2 ? { beside: { after: INACTIVE } } : {}
          expect(stub.loadPage.last.input).toEqual({ q: EXPECTED_QUERY[searchMode][context.searchText], page: context.page, pageSize: 10, ...beside })
        }

        if (snapshot.matches('idle')) {
          expect(selectIsEmpty(snapshot)).toBe(context.items.length === 0)
          expect(selectTotal(snapshot)).toBe(context.total)
        } else {
          expect(selectIsEmpty(snapshot)).toBe(false)
          expect(selectTotal(snapshot)).toBeNull()
        }
        // Only another page that exists can be asked for, and only while browsing a loaded page.
        const browsing = snapshot.matches({ idle: 'browsing' })
        for (let p = 0; p <= pages + 1; p++) {
          expect(selectCanChangePage(snapshot, p)).toBe(browsing && p >= 1 && p <= pages && p !== context.page)
        }

        if (snapshot.matches('error')) {
          expect(selectAlert(snapshot)).toBe((lastLoadError as { reason?: string }).reason ?? 'Error')
          expect(context.items).toEqual([])
          expect(snapshot.can({ type: 'load.retry' })).toBe(true)
        } else {
          expect(selectAlert(snapshot)).toBeNull()
        }

        // The dialog shows exactly while confirming or acting, always about a row the screen admits.
        expect(selectDialogOpen(snapshot)).toBe(snapshot.matches({ idle: 'confirming' }) || snapshot.matches({ idle: 'acting' }))
        expect(selectIsActing(snapshot)).toBe(snapshot.matches({ idle: 'acting' }))
        if (selectDialogOpen(snapshot)) {
          expect(context.target).toEqual(ACTIVE)
        } else {
          expect(context.target).toBeNull()
          expect(context.actionFailure).toBeNull()
        }
        if (snapshot.matches({ idle: 'acting' })) expect(stub.rowAction.last.input).toEqual({ row: ACTIVE })
        if (context.actionFailure) {
          expect(context.actionFailure).toEqual({ reason: (lastActionError as { reason?: string }).reason ?? null })
        }
        if (browsing) {
          context.items.forEach((row, index) => expect(selectCanActOnRow(snapshot, index)).toBe(row.active))
          expect(selectCanActOnRow(snapshot, 5)).toBe(false)
        } else {
          expect(selectCanActOnRow(snapshot, 0)).toBe(false)
        }
        if (context.actedOn) expect(context.actedOn).toEqual(ACTIVE)
      }

      await drivePath(coverage, path, check, {
        actor: () => started.actor,
        stubs: stub,
        delays: { searchDebounce: SEARCH_WAIT_MS },
        custom: {
          'xstate.error.actor.loadPage': (event) => {
            lastLoadError = (event as unknown as { error: unknown }).error
            stub.loadPage.reject(lastLoadError)
          },
          'xstate.error.actor.rowAction': (event) => {
            lastActionError = (event as unknown as { error: unknown }).error
            stub.rowAction.reject(lastActionError)
          },
        },
      })
    }, `pagedList (${searchMode})`)
  })
}

describe('pagedList: search, paging and the row action on a real actor', () => {
  let actor: Actor<typeof machine>
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    actor?.stop()
    vi.useRealTimers()
  })

  type Stubs = ReturnType<typeof start>['stub']
  const answer = async (stub: Stubs, page: { items: Row[]; total: number; totalCapped?: boolean }) => {
    stub.loadPage.resolve(page)
    await flush()
  }
  /** A list whose first page (no search) has loaded. */
  const startLoaded = async (searchMode: SearchMode) => {
    const started = start(searchMode)
    actor = started.actor
    expect(started.stub.loadPage.last.input).toEqual({ q: '', page: 1, pageSize: 10 })
    await answer(started.stub, PAGE)
    return started.stub
  }

  it('reads the same page again when the server says the list changed, keeping its rows meanwhile, never under a dialog', async () => {
    const stub = await startLoaded('text')
    actor.send({ type: 'page.change', page: 2 })
    await answer(stub, PAGE)
    actor.send({ type: 'list.reload' })
    expect(stub.loadPage.calls).toHaveLength(3)
    expect(stub.loadPage.last.input).toEqual({ q: '', page: 2, pageSize: 10, beside: { after: INACTIVE } })
    expect(actor.getSnapshot().context.items).toEqual(PAGE.items)
    // A change while a load is under way does not start another.
    actor.send({ type: 'list.reload' })
    expect(stub.loadPage.calls).toHaveLength(3)
    await answer(stub, { items: [INACTIVE, ACTIVE], total: 25 })
    expect(actor.getSnapshot().context.items).toEqual([INACTIVE, ACTIVE])
    // Nor while the user confirms an action on a row.
    actor.send({ type: 'rowAction.request', index: 1 })
    actor.send({ type: 'list.reload' })
    expect(selectDialogOpen(actor.getSnapshot())).toBe(true)
    expect(stub.loadPage.calls).toHaveLength(3)
  })

  it('waits 300 ms after the last keystroke, then asks for page 1 of the claim number without its C', async () => {
    const stub = await startLoaded('claimNumber')
    actor.send({ type: 'page.change', page: 3 })
    expect(stub.loadPage.last.input).toEqual({ q: '', page: 3, pageSize: 10 })
    await answer(stub, PAGE)
    actor.send({ type: 'search.change', value: 'C' })
    await vi.advanceTimersByTimeAsync(200)
    actor.send({ type: 'search.change', value: 'C3' })
    await vi.advanceTimersByTimeAsync(299)
    expect(stub.loadPage.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(stub.loadPage.calls).toHaveLength(3)
    expect(stub.loadPage.last.input).toEqual({ q: '3', page: 1, pageSize: 10 })
  })

  it('asks for the next page after the last row left and the previous one before the first; a jump, page 1 and a search plainly', async () => {
    const { stub, actor: started } = start('text')
    actor = started
    const [first, second, third] = [{ ...ACTIVE, id: 1 }, { ...ACTIVE, id: 2 }, { ...ACTIVE, id: 3 }]
    const rows = (n: number) => ({ items: [first, second, third].slice(0, n), total: 45 })
    await answer(stub, rows(3))
    // [page asked for, what the loader is told it lies beside, rows the page then shows]: 3 rows on each page but
    // page 3 (2 rows) and page 4 (1 row). Steps of one page carry the row; a jump and page 1 do not.
    const steps = [
      [2, { after: third }, 3],
      [3, { after: third }, 2],
      [2, { before: first }, 3],
      [5, undefined, 3],
      [4, { before: first }, 1],
      [1, undefined, 3],
      [2, { after: third }, 3],
    ] as const
    for (const [page, beside, shown] of steps) {
      actor.send({ type: 'page.change', page })
      expect(stub.loadPage.last.input, `page ${page}`).toEqual({ q: '', page, pageSize: 10, ...(beside ? { beside } : {}) })
      await answer(stub, rows(shown))
    }
    actor.send({ type: 'search.change', value: 'Laura' })
    await vi.advanceTimersByTimeAsync(300)
    expect(stub.loadPage.last.input).toEqual({ q: 'Laura', page: 1, pageSize: 10 })
    await answer(stub, { items: [], total: 0 })
    // An empty page has no row to step from.
    expect(selectCanChangePage(actor.getSnapshot(), 2)).toBe(false)
  })

  it('keeps a capped total (more rows than the server counts) with its pages, until an exact one replaces it', async () => {
    const stub = await startLoaded('claimNumber')
    expect(selectTotalCapped(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'search.change', value: '1' })
    await vi.advanceTimersByTimeAsync(300)
    await answer(stub, { items: [ACTIVE], total: 10_000, totalCapped: true })
    expect(selectTotal(actor.getSnapshot())).toBe(10_000)
    expect(selectTotalCapped(actor.getSnapshot())).toBe(true)
    // Pages reach the counted rows only: 1 000 of 10, not one more.
    expect(selectCanChangePage(actor.getSnapshot(), 1_000)).toBe(true)
    expect(selectCanChangePage(actor.getSnapshot(), 1_001)).toBe(false)
    actor.send({ type: 'page.change', page: 1_000 })
    expect(selectTotalCapped(actor.getSnapshot())).toBe(false)
    await answer(stub, PAGE)
    expect(selectTotalCapped(actor.getSnapshot())).toBe(false)
  })

  it('searches text as typed (case kept, ends trimmed), and an empty search restores the list', async () => {
    const stub = await startLoaded('text')
    actor.send({ type: 'search.change', value: 'Clínica ' })
    await vi.advanceTimersByTimeAsync(300)
    expect(stub.loadPage.last.input).toEqual({ q: 'Clínica', page: 1, pageSize: 10 })
    await answer(stub, NONE)
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.query).toBe('Clínica')
    actor.send({ type: 'search.change', value: '' })
    await vi.advanceTimersByTimeAsync(300)
    expect(stub.loadPage.last.input).toEqual({ q: '', page: 1, pageSize: 10 })
  })

  it('drops a load under way when the search changes (its request is aborted)', async () => {
    const started = start('text')
    actor = started.actor
    const first = started.stub.loadPage.last
    actor.send({ type: 'search.change', value: 'Hospital' })
    expect(first.signal.aborted).toBe(true)
    first.deferred.resolve(PAGE)
    await flush()
    expect(actor.getSnapshot().context.items).toEqual([])
    expect(actor.getSnapshot().matches('debouncing')).toBe(true)
  })

  it('acts on a row after confirmation, reloads the same page and search, and keeps the notice until dismissed', async () => {
    const stub = await startLoaded('text')
    actor.send({ type: 'search.change', value: 'a' })
    await vi.advanceTimersByTimeAsync(300)
    await answer(stub, PAGE)
    actor.send({ type: 'page.change', page: 2 })
    await answer(stub, PAGE)

    expect(selectCanActOnRow(actor.getSnapshot(), 1)).toBe(false)
    actor.send({ type: 'rowAction.request', index: 0 })
    expect(selectDialogOpen(actor.getSnapshot())).toBe(true)
    expect(stub.rowAction.calls).toHaveLength(0)
    actor.send({ type: 'rowAction.confirm' })
    expect(selectIsActing(actor.getSnapshot())).toBe(true)
    expect(stub.rowAction.last.input).toEqual({ row: ACTIVE })
    // A search while the action is under way waits: the request is not dropped.
    actor.send({ type: 'search.change', value: 'x' })
    expect(selectIsActing(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.searchText).toBe('a')
    expect(stub.rowAction.last.signal.aborted).toBe(false)

    stub.rowAction.resolve({ idUsuario: 31 })
    await flush()
    expect(selectDialogOpen(actor.getSnapshot())).toBe(false)
    // The same page again, beside the same row of page 1.
    expect(stub.loadPage.last.input).toEqual({ q: 'a', page: 2, pageSize: 10, beside: { after: INACTIVE } })
    await answer(stub, { items: [{ ...ACTIVE, active: false }, INACTIVE], total: 25 })
    expect(actor.getSnapshot().context.actedOn).toEqual(ACTIVE)
    expect(selectCanActOnRow(actor.getSnapshot(), 0)).toBe(false)
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.actedOn).toBeNull()
  })

  it('keeps the dialog open after a failed action, with the reason when the server gave one', async () => {
    const stub = await startLoaded('text')
    actor.send({ type: 'rowAction.request', index: 0 })
    actor.send({ type: 'rowAction.confirm' })
    stub.rowAction.reject(REFUSED)
    await flush()
    expect(actor.getSnapshot().matches({ idle: 'confirming' })).toBe(true)
    expect(actor.getSnapshot().context.actionFailure).toEqual({ reason: 'Teléfono: Valor inválido' })
    actor.send({ type: 'rowAction.confirm' })
    stub.rowAction.reject(new Error('Failed to fetch'))
    await flush()
    expect(actor.getSnapshot().context.actionFailure).toEqual({ reason: null })
    actor.send({ type: 'rowAction.cancel' })
    expect(selectDialogOpen(actor.getSnapshot())).toBe(false)
    expect(actor.getSnapshot().context.actionFailure).toBeNull()
  })

  it('admits any row of the page when the screen gives no rule of its own', async () => {
    const stub = stubs('loadPage')
    const list = createActor(createPagedListMachine<Row>().provide({ actors: logicOf(stub) }), {
      input: { searchMode: 'text' },
      inspect: coverage.inspect,
    }).start()
    stub.loadPage.resolve(PAGE)
    await flush()
    expect([0, 1, 2, -1].map((index) => selectCanActOnRow(list.getSnapshot(), index))).toEqual([true, true, false, false])
    list.stop()
  })
})
