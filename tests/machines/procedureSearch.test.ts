/**
 * Model-based tests of Inicio de trámite's search. Every simple path of the machine is replayed on a real actor
 * whose `searchProcedures` waits on a deferred promise, with the 5 s banner on fake timers.
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyStateMachine } from 'xstate'
import {
  NO_RESULTS_MESSAGE,
  canCreateClaim,
  groupCoverages,
  isEmptySearch,
  procedureSearchMachine,
  selectCanCreateClaim,
  selectCanSearch,
  selectIsSearching,
  selectNotice,
  type ProcedureSearchEmitted,
  type ProcedureSearchSnapshot,
} from '../../machines/procedureSearch.machine'
import {
  NO_PROCEDURES as NOTHING,
  PROCEDURE_REFUSAL as SERVER_REASON,
  PROCEDURE_ROWS as ROWS,
  procedureRow as row,
  procedureSearchSamples,
} from '../../tools/catalog/samples/procedureSearch.samples'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, logicOf, replayEachPath, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const EVENTS = procedureSearchSamples.events
const generated = generatePaths(procedureSearchMachine as AnyStateMachine, { events: EVENTS, kind: 'simple' })
const coverage = recordCoverage(procedureSearchMachine)

describe('procedureSearch: pure rules', () => {
  it('groups rows by coverage with authorized, used and available sums', () => {
    const cards = groupCoverages(ROWS)
    expect(cards.map((c) => [c.idCobertura, c.authorizedAmount, c.usedAmount, c.availableAmount])).toEqual([
      // the rejected claim 102 (1000) does not use the fund
      [1, 10000, 2000.5, 7999.5],
      [2, 5000, 500, 4500],
      [3, 3000, 0, 3000],
    ])
    expect(cards[0]!.procedures).toEqual([
      { idEvento: 101, statusId: 8, value: 'Trámite concluido', titular: 'Ana María López Pérez', idEjecutivo: null },
      { idEvento: 102, statusId: 10, value: 'Trámite rechazado', titular: 'Ana María López Pérez', idEjecutivo: null },
    ])
    expect(cards[2]!.procedures).toEqual([])
  })

  it('allows a new claim only with money left, the flag on and every claim final', () => {
    const [first, second, third] = groupCoverages(ROWS)
    expect([canCreateClaim(first!), canCreateClaim(second!), canCreateClaim(third!)]).toEqual([true, false, false])
    const spent = groupCoverages([row({ idEvento: 5, statusId: 8, montoAutorizado: 10000 })])[0]!
    expect(spent.availableAmount).toBe(0)
    expect(canCreateClaim(spent)).toBe(false)
    expect(canCreateClaim({ ...spent, availableAmount: 0.01 })).toBe(true)
  })

  it('treats an empty list or a first row without idColaborador as no result', () => {
    expect(isEmptySearch([])).toBe(true)
    expect(isEmptySearch(NOTHING)).toBe(true)
    expect(isEmptySearch(ROWS)).toBe(false)
  })
})

describeReachability('procedureSearch', procedureSearchMachine, generated.shortest)

describe('procedureSearch: every simple path and every transition on a real actor', () => {
  let actor: Actor<typeof procedureSearchMachine>
  const paths = generated.paths
  it('has a finite set of paths', () => expect(paths.length).toBeGreaterThan(5))

  it('keeps Buscar disabled until a value is typed (blank text included)', () => {
    const blank = createActor(procedureSearchMachine).start()
    expect(selectCanSearch(blank.getSnapshot())).toBe(false)
    blank.send({ type: 'search.change', value: '   ' })
    expect(selectCanSearch(blank.getSnapshot())).toBe(false)
    blank.send({ type: 'search.change', value: '7' })
    expect(selectCanSearch(blank.getSnapshot())).toBe(true)
    blank.stop()
  })

  replayEachPath(paths, () => actor, async (path) => {
    const stub = stubs('searchProcedures')
    const emitted: ProcedureSearchEmitted[] = []
    let lastError: unknown
    actor = createActor(procedureSearchMachine.provide({ actors: logicOf(stub) }), {
      inspect: coverage.inspect,
    })
    actor.on('*', (event) => emitted.push(event))
    actor.start()

    const check = (model: unknown) => {
      const modelSnapshot = model as ProcedureSearchSnapshot
      const real = actor.getSnapshot()
      expect(real.value).toEqual(modelSnapshot.value)
      expect(real.context).toEqual(modelSnapshot.context)
      const typed = real.context.searchText.trim() !== ''
      expect(selectNotice(real)).toBe(real.matches('noResults') ? NO_RESULTS_MESSAGE : null)
      expect(selectIsSearching(real)).toBe(real.matches('searching'))
      if (real.matches('searching')) {
        expect(selectCanSearch(real)).toBe(false)
        expect(stub.searchProcedures.last.input).toEqual({ idColaborador: real.context.searchText.trim() })
      } else {
        expect(selectCanSearch(real)).toBe(typed)
      }
      if (real.matches('results')) {
        expect(real.context.collaborator).toEqual({ idColaborador: 70123, nombre: 'Ana María López Pérez' })
        expect(real.context.coverages.map((c) => c.idCobertura)).toEqual([1, 2, 3])
        expect([1, 2, 3].map((id) => selectCanCreateClaim(real, id))).toEqual([true, false, false])
        expect(real.can({ type: 'claim.open', idEvento: 201 })).toBe(true)
        expect(real.can({ type: 'claim.open', idEvento: 999 })).toBe(false)
      } else {
        expect(selectCanCreateClaim(real, 1)).toBe(false)
      }
      // Results stay on screen while a new search runs; anything else shows no coverage cards.
      if (!real.matches('results') && !real.matches('searching')) expect(real.context.coverages).toEqual([])
      if (real.matches('failed')) {
        const reason = lastError instanceof ApiError ? lastError.reason : undefined
        expect(real.context.alert).toBe(reason ?? 'Error')
        expect(real.can({ type: 'alert.dismiss' })).toBe(true)
      } else {
        expect(real.context.alert).toBeNull()
      }
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      delays: { noResultsNotice: 5_000 },
      custom: {
        'xstate.error.actor.searchProcedures': (event) => {
          lastError = (event as unknown as { error: unknown }).error
          stub.searchProcedures.reject(lastError)
        },
        'claim.create': (event) => {
          const before = emitted.length
          actor.send(event as { type: 'claim.create'; idCobertura: number })
          expect(emitted.slice(before)).toEqual([
            expect.objectContaining({ type: 'navigate.newClaim', idColaborador: 70123, idCobertura: 1 }),
          ])
        },
        'claim.open': (event) => {
          const before = emitted.length
          actor.send(event as { type: 'claim.open'; idEvento: number })
          expect(emitted.slice(before)).toEqual([{ type: 'navigate.claim', idEvento: 201 }])
        },
      },
    })
  })
})
