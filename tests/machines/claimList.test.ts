/**
 * Model-based tests of Mis trámites' list: every shortest path plus one path per remaining transition (simple paths
 * run past a thousand) is replayed on a real actor whose `loadClaims` waits on a deferred promise, with the 300 ms
 * search debounce on fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import {
  CLAIM_LIST_DELAYS,
  CLAIM_LIST_PAGE_SIZE,
  claimListMachine,
  pageCount,
  searchTerm,
  selectAlert,
  selectCanChangePage,
  selectIsEmpty,
  selectIsLoading,
  type ClaimListItem,
  type ClaimListSnapshot,
} from '../../machines/claimList.machine'
import { recordCoverage } from './support/modelTest'
import { flush, generatePaths, pathName, pathParams, stubs, unreachedStates } from './drivers/deferredActors'

const item = (idEvento: number): ClaimListItem => ({
  idEvento,
  idColaborador: 90251437,
  descripcion: 'Gastos médicos',
  monto: 30000,
  montoDisponible: 12000,
  montoUtilizado: 18000,
  value: 'Trámite iniciado',
})
/** 25 claims: three pages. */
const PAGE = { items: [item(300), item(299)], total: 25 }
const NONE = { items: [], total: 0 }
const SERVER_REASON = 'Solo puede consultar sus propios trámites'

const EVENTS = [
  { type: 'xstate.done.actor.loadClaims', output: PAGE },
  { type: 'xstate.done.actor.loadClaims', output: NONE },
  { type: 'xstate.error.actor.loadClaims', error: { reason: SERVER_REASON } },
  { type: 'xstate.error.actor.loadClaims', error: new Error('Failed to fetch') },
  { type: 'search.change', value: ' c12 ' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 4 },
  { type: 'load.retry' },
] as const

const generated = generatePaths(claimListMachine as AnyStateMachine, { events: EVENTS, kind: 'shortest' })
const coverage = recordCoverage(claimListMachine)

describe('claimList: pure rules', () => {
  it('ignores a leading C of a claim number and trims the text', () => {
    expect(searchTerm(' C123 ')).toBe('123')
    expect(searchTerm('c 45')).toBe('45')
    expect(searchTerm('C')).toBe('')
    expect(searchTerm('Carla')).toBe('Carla')
    expect(searchTerm('123')).toBe('123')
    expect(searchTerm('   ')).toBe('')
  })

  it('counts pages of 10, at least one', () => {
    expect(CLAIM_LIST_PAGE_SIZE).toBe(10)
    expect([0, 1, 10, 11, 25].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 3])
  })
})

describe('claimList: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(claimListMachine, generated.shortest)).toEqual([])
  })
})

describe('claimList: every path on a real actor', () => {
  let actor: Actor<typeof claimListMachine>
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    actor?.stop()
    vi.useRealTimers()
  })

  it('has a finite set of paths', () => expect(generated.paths.length).toBeGreaterThan(4))

  it('waits 300 ms after the last keystroke and then asks for page 1 of the search', async () => {
    const stub = stubs('loadClaims')
    actor = createActor(claimListMachine.provide({ actors: { loadClaims: stub.loadClaims.logic } }), { inspect: coverage.inspect }).start()
    stub.loadClaims.resolve(PAGE)
    await flush()
    actor.send({ type: 'page.change', page: 3 })
    expect(stub.loadClaims.last.input).toEqual({ q: '', page: 3, pageSize: 10 })
    stub.loadClaims.resolve(PAGE)
    await flush()
    actor.send({ type: 'search.change', value: 'C' })
    await vi.advanceTimersByTimeAsync(200)
    actor.send({ type: 'search.change', value: 'C3' })
    await vi.advanceTimersByTimeAsync(299)
    expect(stub.loadClaims.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(stub.loadClaims.calls).toHaveLength(3)
    expect(stub.loadClaims.last.input).toEqual({ q: '3', page: 1, pageSize: 10 })
  })

  it('drops a load under way when the search changes (its request is aborted)', async () => {
    const stub = stubs('loadClaims')
    actor = createActor(claimListMachine.provide({ actors: { loadClaims: stub.loadClaims.logic } }), { inspect: coverage.inspect }).start()
    const first = stub.loadClaims.last
    actor.send({ type: 'search.change', value: '7' })
    expect(first.signal.aborted).toBe(true)
    first.deferred.resolve(PAGE)
    await flush()
    expect(actor.getSnapshot().context.items).toEqual([])
    expect(actor.getSnapshot().matches('debouncing')).toBe(true)
  })

  for (const path of generated.paths) {
    it(pathName(path), async () => {
      const stub = stubs('loadClaims')
      let lastError: unknown
      actor = createActor(claimListMachine.provide({ actors: { loadClaims: stub.loadClaims.logic } }), { inspect: coverage.inspect })
      actor.start()

      const check = (model: unknown) => {
        const modelSnapshot = model as ClaimListSnapshot
        const real = actor.getSnapshot()
        expect(real.value).toEqual(modelSnapshot.value)
        expect(real.context).toEqual(modelSnapshot.context)
        const { context } = real
        expect(selectIsLoading(real)).toBe(real.matches('loading') || real.matches('debouncing'))
        if (real.matches('loading')) {
          expect(stub.loadClaims.last.input).toEqual({ q: searchTerm(context.searchText), page: context.page, pageSize: 10 })
          expect(context.query).toBe(searchTerm(context.searchText))
        }
        if (real.matches('idle')) {
          expect(selectIsEmpty(real)).toBe(context.items.length === 0)
          // Only another page that exists can be asked for.
          const pages = pageCount(context.total)
          for (let p = 0; p <= pages + 1; p++) {
            expect(selectCanChangePage(real, p)).toBe(p >= 1 && p <= pages && p !== context.page)
          }
        } else {
          expect(selectIsEmpty(real)).toBe(false)
          expect(selectCanChangePage(real, 2)).toBe(false)
        }
        if (real.matches('error')) {
          const reason = (lastError as { reason?: string }).reason
          expect(selectAlert(real)).toBe(reason ?? 'Error')
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
            delays: CLAIM_LIST_DELAYS,
            custom: {
              'xstate.error.actor.loadClaims': (event) => {
                lastError = (event as unknown as { error: unknown }).error
                stub.loadClaims.reject(lastError)
              },
            },
          },
          check,
        ),
      )
    })
  }
})
