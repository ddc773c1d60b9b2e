/**
 * Model-based tests of the executives list (executiveList): search and paging on the server, and the delete action
 * that only deactivates. Every shortest path plus one path per remaining transition is replayed on a real actor
 * whose loads and deactivation wait on deferred promises, with the 300 ms search debounce on fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import {
  EXECUTIVE_LIST_DELAYS,
  deactivationPayload,
  executiveFullName,
  executiveListMachine,
  executivePageCount,
  isInactive,
  selectAlert,
  selectCanChangePage,
  selectCanDeactivate,
  selectDialogOpen,
  selectIsDeactivating,
  selectIsEmpty,
  selectIsLoading,
  type ExecutiveListItem,
  type ExecutiveListSnapshot,
} from '../../machines/executiveList.machine'
import { recordCoverage } from './support/modelTest'
import { flush, generatePaths, pathName, pathParams, stubs, unreachedStates } from './drivers/deferredActors'

const SAVE_ERROR = 'Ocurrió un error al crear el ejecutivo, favor de intentar de nuevo en unos minutos'
const ACTIVE: ExecutiveListItem = {
  idUser: 31,
  nombre: 'Laura',
  nombre2: null,
  apePat: 'Méndez',
  apeMAt: 'Ruiz',
  email: 'laura@coppel.com',
  telefono: '5512345678',
  activo: 0,
  ubicacionLaboral: 'Coorporativo Reforma',
}
const INACTIVE: ExecutiveListItem = { ...ACTIVE, idUser: 32, nombre: 'Pedro', email: 'pedro@coppel.com', activo: 1 }
/** 25 executives: three pages. */
const PAGE = { items: [ACTIVE, INACTIVE], total: 25 }
const AFTER = { items: [{ ...ACTIVE, activo: 1 }, INACTIVE], total: 25 }
const NONE = { items: [], total: 0 }
const REFUSED = { reason: 'Teléfono: Valor inválido' }

const EVENTS = [
  { type: 'xstate.done.actor.loadExecutives', output: PAGE },
  { type: 'xstate.done.actor.loadExecutives', output: NONE },
  { type: 'xstate.error.actor.loadExecutives', error: { reason: 'Sesión sin permisos' } },
  { type: 'xstate.error.actor.loadExecutives', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.deactivateExecutive', output: { idUsuario: 31 } },
  { type: 'xstate.error.actor.deactivateExecutive', error: REFUSED },
  { type: 'search.change', value: ' laura ' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 4 },
  { type: 'load.retry' },
  { type: 'deactivate.request', idUser: 31 },
  { type: 'deactivate.request', idUser: 32 },
  { type: 'deactivate.request', idUser: 99 },
  { type: 'deactivate.cancel' },
  { type: 'deactivate.confirm' },
  { type: 'notice.dismiss' },
] as const

const generated = generatePaths(executiveListMachine as AnyStateMachine, { events: EVENTS, kind: 'shortest' })
const coverage = recordCoverage(executiveListMachine)

describe('executiveList: pure rules', () => {
  it('deactivates by editing the row as it is with active = 1 (nothing is deleted)', () => {
    expect(deactivationPayload(ACTIVE)).toEqual({
      ubicacion: 'Coorporativo Reforma',
      phone: '5512345678',
      active: 1,
      idUsuario: 31,
      nombre: 'Laura',
      email: 'laura@coppel.com',
    })
  })

  it("reads activo 1 as 'Inactivo' (spec 4) and joins the name parts", () => {
    expect([ACTIVE, INACTIVE, { activo: null }].map((i) => isInactive(i))).toEqual([false, true, false])
    expect(executiveFullName(ACTIVE)).toBe('Laura Méndez Ruiz')
    expect(executiveFullName({ nombre: ' Ana ', nombre2: '', apePat: null, apeMAt: undefined })).toBe('Ana')
    expect([0, 10, 11, 25].map(executivePageCount)).toEqual([1, 1, 2, 3])
  })
})

describe('executiveList: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(executiveListMachine, generated.shortest)).toEqual([])
  })
})

describe('executiveList: every path on a real actor', () => {
  let actor: Actor<typeof executiveListMachine>
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    actor?.stop()
    vi.useRealTimers()
  })

  const start = () => {
    const stub = stubs('loadExecutives', 'deactivateExecutive')
    actor = createActor(
      executiveListMachine.provide({
        actors: { loadExecutives: stub.loadExecutives.logic, deactivateExecutive: stub.deactivateExecutive.logic },
      }),
      { inspect: coverage.inspect },
    ).start()
    return stub
  }

  it('has a finite set of paths', () => expect(generated.paths.length).toBeGreaterThan(8))

  it('searches name or e-mail as one text after 300 ms, on page 1', async () => {
    const stub = start()
    stub.loadExecutives.resolve(PAGE)
    await flush()
    actor.send({ type: 'page.change', page: 2 })
    expect(stub.loadExecutives.last.input).toEqual({ q: '', page: 2, pageSize: 10 })
    stub.loadExecutives.resolve(PAGE)
    await flush()
    actor.send({ type: 'search.change', value: 'laura@' })
    await vi.advanceTimersByTimeAsync(299)
    expect(stub.loadExecutives.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(stub.loadExecutives.last.input).toEqual({ q: 'laura@', page: 1, pageSize: 10 })
  })

  it('deactivates after confirmation, reloads the same page and keeps the notice until dismissed', async () => {
    const stub = start()
    stub.loadExecutives.resolve(PAGE)
    await flush()
    expect(selectCanDeactivate(actor.getSnapshot(), 32)).toBe(false)
    actor.send({ type: 'deactivate.request', idUser: 31 })
    expect(selectDialogOpen(actor.getSnapshot())).toBe(true)
    expect(stub.deactivateExecutive.calls).toHaveLength(0)
    actor.send({ type: 'deactivate.confirm' })
    expect(selectIsDeactivating(actor.getSnapshot())).toBe(true)
    expect(stub.deactivateExecutive.last.input).toEqual(deactivationPayload(ACTIVE))
    // A search while the edit is under way waits: the request is not dropped.
    actor.send({ type: 'search.change', value: 'x' })
    expect(selectIsDeactivating(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.searchText).toBe('')
    expect(stub.deactivateExecutive.last.signal.aborted).toBe(false)
    stub.deactivateExecutive.resolve({ idUsuario: 31 })
    await flush()
    expect(selectDialogOpen(actor.getSnapshot())).toBe(false)
    expect(stub.loadExecutives.calls).toHaveLength(2)
    expect(stub.loadExecutives.last.input).toEqual({ q: '', page: 1, pageSize: 10 })
    stub.loadExecutives.resolve(AFTER)
    await flush()
    expect(actor.getSnapshot().context.deactivated).toBe('Laura Méndez Ruiz')
    expect(selectCanDeactivate(actor.getSnapshot(), 31)).toBe(false)
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.deactivated).toBeNull()
  })

  for (const path of generated.paths) {
    it(pathName(path), async () => {
      const stub = start()
      let lastLoadError: unknown
      const check = (model: unknown) => {
        const modelSnapshot = model as ExecutiveListSnapshot
        const real = actor.getSnapshot()
        expect(real.value).toEqual(modelSnapshot.value)
        expect(real.context).toEqual(modelSnapshot.context)
        const { context } = real
        expect(selectIsLoading(real)).toBe(real.matches('loading') || real.matches('debouncing'))
        if (real.matches('loading')) {
          expect(stub.loadExecutives.last.input).toEqual({ q: context.searchText.trim(), page: context.page, pageSize: 10 })
        }
        // The dialog shows exactly while confirming or deactivating, always about an active listed executive.
        expect(selectDialogOpen(real)).toBe(real.matches({ idle: 'confirming' }) || real.matches({ idle: 'deactivating' }))
        if (selectDialogOpen(real)) {
          expect(context.target).not.toBeNull()
          expect(isInactive(context.target!)).toBe(false)
          expect(selectCanChangePage(real, 2)).toBe(false)
        } else {
          expect(context.target).toBeNull()
          expect(context.dialogAlert).toBeNull()
        }
        if (real.matches({ idle: 'deactivating' })) expect(stub.deactivateExecutive.last.input).toEqual(deactivationPayload(context.target!))
        if (context.dialogAlert) {
          expect(context.dialogAlert).toBe(SAVE_ERROR)
          expect(context.dialogAlertDetail).toBe(REFUSED.reason)
        }
        if (real.matches({ idle: 'browsing' })) {
          for (const item of context.items) expect(selectCanDeactivate(real, item.idUser)).toBe(!isInactive(item))
          expect(selectCanDeactivate(real, 99)).toBe(false)
          const pages = executivePageCount(context.total)
          for (let p = 0; p <= pages + 1; p++) expect(selectCanChangePage(real, p)).toBe(p >= 1 && p <= pages && p !== context.page)
        } else {
          expect(selectCanDeactivate(real, 31)).toBe(false)
        }
        expect(selectIsEmpty(real)).toBe(real.matches('idle') && context.items.length === 0)
        if (real.matches('error')) {
          expect(selectAlert(real)).toBe((lastLoadError as { reason?: string }).reason ?? 'Error')
          expect(context.items).toEqual([])
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
            delays: EXECUTIVE_LIST_DELAYS,
            custom: {
              'xstate.error.actor.loadExecutives': (event) => {
                lastLoadError = (event as unknown as { error: unknown }).error
                stub.loadExecutives.reject(lastLoadError)
              },
            },
          },
          check,
        ),
      )
    })
  }
})
