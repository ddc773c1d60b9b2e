/**
 * Model-based tests of the claim lifecycle. The system under test is the stateless path the server takes:
 * `nextClaimStage(statusId, documents, event)`, which rebuilds a snapshot from what the database stores before each
 * event. Every generated path is replayed through it, step by step, and each reached stage and document set must
 * match what the live machine reached.
 */
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { TestModel, getShortestPaths } from 'xstate/graph'
import {
  CLAIM_STAGE_ORDER,
  NO_DOCUMENTS,
  canApplyClaimEvent,
  claimLifecycleMachine,
  claimSnapshotFor,
  claimTimeline,
  nextClaimStage,
  stageOf,
  type ClaimLifecycleEvent,
  type ClaimLifecycleSnapshot,
  type DocumentStatuses,
} from '../../machines/claimLifecycle.machine'
import { CLAIM_STAGES } from '../../domain/claimStages'
import { createMachineModel, getTransitionTestPaths, recordCoverage } from './support/modelTest'
import { namedPaths } from './drivers/deferredActors'
import { eventWords } from './drivers/pathWords'

/** A finite sample of every event kind, so traversal ends. */
const EVENTS: ClaimLifecycleEvent[] = [
  { type: 'document.upload', tipo: 1 },
  { type: 'document.upload', tipo: 2 },
  { type: 'document.upload', tipo: 3 },
  { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 2 } },
  { type: 'documents.verify', statuses: { '1': 2, '2': 3, '3': 4 } },
  { type: 'documents.verify', statuses: { '1': 5, '2': 2, '3': 2 } },
  { type: 'document.comment', tipo: 2, status: 4 },
  { type: 'document.comment', tipo: 3, status: 3 },
  { type: 'provider.assign' },
  { type: 'letter.save' },
  { type: 'dictamen.save', approved: true },
  { type: 'dictamen.save', approved: false },
  { type: 'invoice.upload' },
  { type: 'invoice.approve' },
]

const coverage = recordCoverage(claimLifecycleMachine)

const model = new TestModel(claimLifecycleMachine, {
  events: EVENTS,
  filterEvents: (snapshot, event) => snapshot.can(event),
  stateMatcher: (snapshot, key) => snapshot.matches(key as never),
})

describe('claim lifecycle machine: reachability', () => {
  it('reaches every stage of the catalogue by shortest paths', () => {
    const paths = getShortestPaths(claimLifecycleMachine, {
      events: EVENTS,
      filterEvents: (snapshot, event) => snapshot.can(event),
    })
    const reached = new Set(paths.map((p) => stageOf(p.state).statusId))
    expect([...reached].sort((a, b) => a - b)).toEqual(
      Object.keys(CLAIM_STAGES)
        .map(Number)
        .sort((a, b) => a - b),
    )
  })

  it('carries meta { statusId, value } on every state, matching the stage catalogue', () => {
    for (const node of Object.values(claimLifecycleMachine.states)) {
      const meta = node.meta as { statusId: keyof typeof CLAIM_STAGES; value: string }
      expect(meta.value).toBe(CLAIM_STAGES[meta.statusId])
    }
    expect(claimLifecycleMachine.states.tramiteConcluido?.type).toBe('final')
    expect(claimLifecycleMachine.states.tramiteRechazado?.type).toBe('final')
  })
})

describe('claim lifecycle machine: every shortest path, replayed statelessly', () => {
  const paths = model.getShortestPaths()
  it('generates a path per reachable (stage, documents) pair', () => {
    // 16 since issue 21: an upload no longer turns a verified document back into 'uploaded', so fewer document
    // sets are reachable (they were 20+).
    expect(paths.length).toBeGreaterThanOrEqual(16)
  })
  for (const [name, path] of namedPaths('claimLifecycle', paths)) {
    it(name, async () => {
      let stored: { statusId: number; documents: DocumentStatuses } = { statusId: 1, documents: { ...NO_DOCUMENTS } }
      const actor = createActor(claimLifecycleMachine, { input: {} }).start()
      await coverage.testPath(path, {
        states: {
          '*': (snapshot) => {
            // The stateless replay agrees with the live machine in every state it reaches.
            expect(stored.statusId).toBe(stageOf(snapshot).statusId)
            expect(stored.documents).toEqual(snapshot.context.documents)
            expect(actor.getSnapshot().value).toBe(snapshot.value)
          },
        },
        events: Object.fromEntries(
          [...new Set(EVENTS.map((e) => e.type))].map((type) => [
            type,
            ({ event }: { event: ClaimLifecycleEvent }) => {
              const next = nextClaimStage(stored.statusId, stored.documents, event)
              expect(next, `${eventWords(claimLifecycleMachine, event) ?? event.type} desde ${stored.statusId}`).not.toBeNull()
              stored = next!
              actor.send(event)
            },
          ]),
        ),
      })
      actor.stop()
    })
  }
})

/**
 * Simple paths explode with every review combination (the 3 ⇄ 4 loop), so they run on a smaller event set: the
 * three uploads, one all-verified review, one review with a rejection, and every later step.
 */
const SIMPLE_PATH_EVENTS = EVENTS.filter(
  (e) =>
    e.type !== 'document.comment' &&
    !(e.type === 'documents.verify' && Object.values(e.statuses).includes(5)),
)

describe('claim lifecycle machine: every simple path, replayed statelessly', () => {
  const simpleModel = new TestModel(claimLifecycleMachine, {
    events: SIMPLE_PATH_EVENTS,
    filterEvents: (snapshot, event) => snapshot.can(event),
  })
  const paths = simpleModel.getSimplePaths()
  it('includes simple paths to both endings', () => {
    expect(new Set(paths.filter((p) => p.state.status === 'done').map((p) => stageOf(p.state).statusId))).toEqual(new Set([8, 10]))
  })
  for (const [name, path] of namedPaths('claimLifecycle', paths)) {
    it(name, () => {
      let stored: { statusId: number; documents: DocumentStatuses } = { statusId: 1, documents: { ...NO_DOCUMENTS } }
      for (const step of path.steps) {
        if ((step.event.type as string) === 'xstate.init') continue
        const next = nextClaimStage(stored.statusId, stored.documents, step.event)
        expect(next).not.toBeNull()
        stored = next!
        expect(stored.statusId).toBe(stageOf(step.state).statusId)
        expect(stored.documents).toEqual(step.state.context.documents)
      }
      expect(stored.statusId).toBe(stageOf(path.state).statusId)
      coverage.recordPath(path)
    })
  }
})

/**
 * Shortest and simple paths never take a transition back to a stage already reached, so the self-loops (reassigning a
 * provider, saving the letter again, replacing an invoice in review) need their own paths: one per transition of the
 * machine, each replayed through the stateless server path and a live actor.
 */
describe('claim lifecycle machine: every transition, replayed statelessly', () => {
  const paths = getTransitionTestPaths(createMachineModel(claimLifecycleMachine, { events: EVENTS }))
  it('includes the self-loops of Carta autorización, Facturación and Factura en revisión', () => {
    const selfLoops = paths.flatMap(({ steps }) => {
      const [before, last] = [steps.at(-2)?.state, steps.at(-1)!]
      return before && before.value === last.state.value ? [`${String(last.state.value)}:${last.event.type}`] : []
    })
    expect(selfLoops).toEqual(
      expect.arrayContaining([
        'cartaAutorizacion:provider.assign',
        'cartaAutorizacion:letter.save',
        'facturacion:letter.save',
        'facturaEnRevision:invoice.upload',
      ]),
    )
  })
  for (const [name, path] of namedPaths('claimLifecycle', paths)) {
    it(name, () => {
      let stored: { statusId: number; documents: DocumentStatuses } = { statusId: 1, documents: { ...NO_DOCUMENTS } }
      const actor = createActor(claimLifecycleMachine, { input: {} }).start()
      for (const step of path.steps) {
        if ((step.event.type as string) !== 'xstate.init') {
          const event = step.event as ClaimLifecycleEvent
          const next = nextClaimStage(stored.statusId, stored.documents, event)
          expect(next, `${eventWords(claimLifecycleMachine, event) ?? event.type} desde ${stored.statusId}`).not.toBeNull()
          stored = next!
          actor.send(event)
        }
        // The stored claim, the generated step and a live actor agree on the stage and the documents at every step.
        expect(stored.statusId).toBe(stageOf(step.state).statusId)
        expect(stored.documents).toEqual(step.state.context.documents)
        expect(stageOf(actor.getSnapshot()).statusId).toBe(stored.statusId)
        expect(actor.getSnapshot().context.documents).toEqual(stored.documents)
      }
      actor.stop()
      coverage.recordPath(path)
    })
  }
})

describe('claim lifecycle rules', () => {
  const all = (s: number): DocumentStatuses => ({ '1': s, '2': s, '3': s })

  it('stays in Carga de documentos until the third document exists, then goes to validation', () => {
    expect(nextClaimStage(1, all(0), { type: 'document.upload', tipo: 2 })).toEqual({
      statusId: 2,
      documents: { '1': 0, '2': 1, '3': 0 },
    })
    expect(nextClaimStage(2, { '1': 1, '2': 1, '3': 0 }, { type: 'document.upload', tipo: 1 })?.statusId).toBe(2)
    expect(nextClaimStage(2, { '1': 1, '2': 1, '3': 0 }, { type: 'document.upload', tipo: 3 })?.statusId).toBe(3)
  })

  it('decides verification: any rejection → 4, all verified (2 or 4) → 5, otherwise stays 3', () => {
    expect(nextClaimStage(3, all(1), { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 4 } })?.statusId).toBe(5)
    expect(nextClaimStage(3, all(1), { type: 'documents.verify', statuses: { '1': 2, '2': 5, '3': 4 } })?.statusId).toBe(4)
    expect(nextClaimStage(3, all(1), { type: 'document.comment', tipo: 1, status: 2 })).toEqual({
      statusId: 3,
      documents: { '1': 2, '2': 1, '3': 1 },
    })
    expect(nextClaimStage(3, { '1': 2, '2': 2, '3': 1 }, { type: 'document.comment', tipo: 3, status: 4 })?.statusId).toBe(5)
  })

  it('refuses review codes outside 2–5', () => {
    expect(nextClaimStage(3, all(1), { type: 'documents.verify', statuses: { '1': 2, '2': 1, '3': 2 } })).toBeNull()
    expect(nextClaimStage(3, all(1), { type: 'document.comment', tipo: 1, status: 0 })).toBeNull()
    expect(nextClaimStage(3, all(1), { type: 'document.comment', tipo: 1, status: 6 })).toBeNull()
  })

  it('sends a rejected claim back to validation once the rejected document is uploaded again', () => {
    const rejected = { '1': 2, '2': 3, '3': 5 }
    const first = nextClaimStage(4, rejected, { type: 'document.upload', tipo: 2 })
    expect(first).toEqual({ statusId: 4, documents: { '1': 2, '2': 1, '3': 5 } })
    expect(nextClaimStage(4, first!.documents, { type: 'document.upload', tipo: 3 })).toEqual({
      statusId: 3,
      documents: { '1': 2, '2': 1, '3': 1 },
    })
  })

  it('refuses uploads from Asignación de proveedor on, and anything after a final stage', () => {
    for (const statusId of [5, 6, 7, 9, 8, 10]) {
      expect(nextClaimStage(statusId, all(2), { type: 'document.upload', tipo: 1 }), String(statusId)).toBeNull()
    }
    for (const event of EVENTS) {
      expect(nextClaimStage(8, all(2), event)).toBeNull()
      expect(nextClaimStage(10, all(2), event)).toBeNull()
    }
  })

  it('orders the provider, letter, dictamen and invoice steps', () => {
    expect(nextClaimStage(3, all(1), { type: 'provider.assign' })).toBeNull()
    expect(nextClaimStage(5, all(2), { type: 'provider.assign' })?.statusId).toBe(6)
    expect(nextClaimStage(6, all(2), { type: 'provider.assign' })?.statusId).toBe(6)
    expect(nextClaimStage(5, all(2), { type: 'letter.save' })).toBeNull()
    expect(nextClaimStage(7, all(2), { type: 'letter.save' })?.statusId).toBe(7)
    expect(nextClaimStage(9, all(2), { type: 'letter.save' })).toBeNull()
    expect(nextClaimStage(5, all(2), { type: 'dictamen.save', approved: true })).toBeNull()
    expect(nextClaimStage(6, all(2), { type: 'dictamen.save', approved: true })?.statusId).toBe(7)
    expect(nextClaimStage(6, all(2), { type: 'dictamen.save', approved: false })?.statusId).toBe(10)
    expect(nextClaimStage(6, all(2), { type: 'invoice.upload' })).toBeNull()
    expect(nextClaimStage(7, all(2), { type: 'invoice.approve' })).toBeNull()
    expect(nextClaimStage(7, all(2), { type: 'invoice.upload' })?.statusId).toBe(9)
    expect(nextClaimStage(9, all(2), { type: 'invoice.upload' })?.statusId).toBe(9)
    expect(nextClaimStage(9, all(2), { type: 'invoice.approve' })?.statusId).toBe(8)
  })

  it('answers which actions a stored claim offers, and rejects unknown stages', () => {
    expect(canApplyClaimEvent(5, all(2), { type: 'provider.assign' })).toBe(true)
    expect(canApplyClaimEvent(4, all(2), { type: 'provider.assign' })).toBe(false)
    expect(canApplyClaimEvent(11, all(2), { type: 'provider.assign' })).toBe(false)
    expect(nextClaimStage(0, all(0), { type: 'document.upload', tipo: 1 })).toBeNull()
    expect(() => claimSnapshotFor(42)).toThrow()
  })

  it('builds the timeline with done, current and pending stages', () => {
    expect(claimTimeline(6).map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current', 'pending', 'pending', 'pending'])
    expect(claimTimeline(8).map((s) => s.statusId)).toEqual([...CLAIM_STAGE_ORDER])
    expect(claimTimeline(8).at(-1)?.state).toBe('current')
    expect(claimTimeline(4).find((s) => s.state === 'current')?.value).toBe('Documentos rechazados')
    expect(claimTimeline(10).map((s) => s.statusId)).toEqual([1, 2, 3, 5, 6, 10])
  })
})
