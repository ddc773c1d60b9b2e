/**
 * Model-based tests of 'Proveedores registrados' (providerList): every shortest path plus one path per remaining
 * transition is replayed on a real actor whose `loadProviders` waits on a deferred promise, with the 300 ms search
 * debounce on fake timers. Plus the pure rules: case-sensitive search text, page count, status labels.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import {
  PROVIDER_LIST_DELAYS,
  PROVIDER_LIST_PAGE_SIZE,
  providerListMachine,
  providerPageCount,
  providerSearchTerm,
  providerStatusLabel,
  selectAlert,
  selectCanChangePage,
  selectIsEmpty,
  selectIsLoading,
  type ProviderListItem,
  type ProviderListSnapshot,
} from '../../machines/providerList.machine'
import { recordCoverage } from './support/modelTest'
import { flush, generatePaths, pathName, pathParams, stubs, unreachedStates } from './drivers/deferredActors'

const item = (idProveedor: number, activo: number | null = 0): ProviderListItem => ({
  idProveedor,
  idUsuario: idProveedor + 100,
  nombreProveedor: `Proveedor ${idProveedor}`,
  activo,
})
/** 25 providers: three pages. */
const PAGE = { items: [item(1), item(2, 1)], total: 25 }
const NONE = { items: [], total: 0 }
const SERVER_REASON = 'Solo los administradores pueden consultar proveedores'

const EVENTS = [
  { type: 'xstate.done.actor.loadProviders', output: PAGE },
  { type: 'xstate.done.actor.loadProviders', output: NONE },
  { type: 'xstate.error.actor.loadProviders', error: { reason: SERVER_REASON } },
  { type: 'xstate.error.actor.loadProviders', error: new Error('Failed to fetch') },
  { type: 'search.change', value: ' Clínica ' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 4 },
  { type: 'load.retry' },
] as const

const generated = generatePaths(providerListMachine as AnyStateMachine, { events: EVENTS, kind: 'shortest' })
const coverage = recordCoverage(providerListMachine)

describe('providerList: pure rules', () => {
  it('keeps the case of the search (spec 5: case-sensitive) and trims its ends', () => {
    expect(providerSearchTerm('  Clínica Del Valle ')).toBe('Clínica Del Valle')
    expect(providerSearchTerm('clínica')).toBe('clínica')
    expect(providerSearchTerm('C12')).toBe('C12')
    expect(providerSearchTerm('   ')).toBe('')
  })

  it('counts pages of 10, at least one', () => {
    expect(PROVIDER_LIST_PAGE_SIZE).toBe(10)
    expect([0, 1, 10, 11, 25].map(providerPageCount)).toEqual([1, 1, 1, 2, 3])
  })

  it("labels activo 1 'Inactivo' and anything else 'Activo' (spec 4)", () => {
    expect([1, 0, null, 2].map((activo) => providerStatusLabel({ activo }))).toEqual(['Inactivo', 'Activo', 'Activo', 'Activo'])
  })
})

describe('providerList: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(providerListMachine, generated.shortest)).toEqual([])
  })
})

describe('providerList: every path on a real actor', () => {
  let actor: Actor<typeof providerListMachine>
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    actor?.stop()
    vi.useRealTimers()
  })

  it('has a finite set of paths', () => expect(generated.paths.length).toBeGreaterThan(4))

  it('waits 300 ms after the last keystroke, then asks for page 1 with the text as typed', async () => {
    const stub = stubs('loadProviders')
    actor = createActor(providerListMachine.provide({ actors: { loadProviders: stub.loadProviders.logic } }), { inspect: coverage.inspect }).start()
    expect(stub.loadProviders.last.input).toEqual({ q: '', page: 1, pageSize: 10 })
    stub.loadProviders.resolve(PAGE)
    await flush()
    actor.send({ type: 'page.change', page: 3 })
    stub.loadProviders.resolve(PAGE)
    await flush()
    actor.send({ type: 'search.change', value: 'Cl' })
    await vi.advanceTimersByTimeAsync(200)
    actor.send({ type: 'search.change', value: 'Clínica ' })
    await vi.advanceTimersByTimeAsync(299)
    expect(stub.loadProviders.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(stub.loadProviders.last.input).toEqual({ q: 'Clínica', page: 1, pageSize: 10 })
    // An empty search restores the list.
    stub.loadProviders.resolve(NONE)
    await flush()
    actor.send({ type: 'search.change', value: '' })
    await vi.advanceTimersByTimeAsync(300)
    expect(stub.loadProviders.last.input).toEqual({ q: '', page: 1, pageSize: 10 })
  })

  it('drops a load under way when the search changes (its request is aborted)', async () => {
    const stub = stubs('loadProviders')
    actor = createActor(providerListMachine.provide({ actors: { loadProviders: stub.loadProviders.logic } }), { inspect: coverage.inspect }).start()
    const first = stub.loadProviders.last
    actor.send({ type: 'search.change', value: 'Hospital' })
    expect(first.signal.aborted).toBe(true)
    first.deferred.resolve(PAGE)
    await flush()
    expect(actor.getSnapshot().context.items).toEqual([])
    expect(actor.getSnapshot().matches('debouncing')).toBe(true)
  })

  for (const path of generated.paths) {
    it(pathName(path), async () => {
      const stub = stubs('loadProviders')
      let lastError: unknown
      actor = createActor(providerListMachine.provide({ actors: { loadProviders: stub.loadProviders.logic } }), { inspect: coverage.inspect })
      actor.start()

      const check = (model: unknown) => {
        const modelSnapshot = model as ProviderListSnapshot
        const real = actor.getSnapshot()
        expect(real.value).toEqual(modelSnapshot.value)
        expect(real.context).toEqual(modelSnapshot.context)
        const { context } = real
        expect(selectIsLoading(real)).toBe(real.matches('loading') || real.matches('debouncing'))
        if (real.matches('loading')) {
          expect(stub.loadProviders.last.input).toEqual({ q: providerSearchTerm(context.searchText), page: context.page, pageSize: 10 })
        }
        if (real.matches('idle')) {
          expect(selectIsEmpty(real)).toBe(context.items.length === 0)
          const pages = providerPageCount(context.total)
          for (let p = 0; p <= pages + 1; p++) expect(selectCanChangePage(real, p)).toBe(p >= 1 && p <= pages && p !== context.page)
        } else {
          expect(selectIsEmpty(real)).toBe(false)
          expect(selectCanChangePage(real, 2)).toBe(false)
        }
        if (real.matches('error')) {
          expect(selectAlert(real)).toBe((lastError as { reason?: string }).reason ?? 'Error')
          expect(context.items).toEqual([])
          expect(real.can({ type: 'load.retry' })).toBe(true)
        } else {
          expect(selectAlert(real)).toBeNull()
        }
      }

      await coverage.testPath(
        path,
        pathParams(
          path,
          {
            actor: () => actor,
            stubs: stub,
            delays: PROVIDER_LIST_DELAYS,
            custom: {
              'xstate.error.actor.loadProviders': (event) => {
                lastError = (event as unknown as { error: unknown }).error
                stub.loadProviders.reject(lastError)
              },
            },
          },
          check,
        ),
      )
    })
  }
})
