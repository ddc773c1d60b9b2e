/**
 * Model-based tests of the administrator's bulk approval: every simple path plus one per remaining transition, on a
 * real actor whose `approveInvoices` waits on a deferred promise. The paths cover partial success (one approved, one
 * refused with its reason, the refused one left selected), a failed request (back to the dialog, nothing lost) and
 * cancel (the selection kept).
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { bulkApprovalMachine, selectCanRequest, selectDialogOpen, selectIsApproving } from '../../machines/bulkApproval.machine'
import { bulkApprovalSamples } from '../../tools/catalog/samples/bulkApproval.samples'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, itKeepsPathsFew, logicOf, replayEachPath, stubs } from './drivers/deferredActors'

const generated = generatePaths(bulkApprovalMachine as AnyStateMachine, { events: bulkApprovalSamples.events, kind: 'simple' })
const coverage = recordCoverage(bulkApprovalMachine)

describeReachability('bulkApproval', bulkApprovalMachine, generated.shortest)

describe('bulkApproval: every simple path and every transition on a real actor', () => {
  let actor: Actor<typeof bulkApprovalMachine>
  itKeepsPathsFew(generated.paths, { moreThan: 10, lessThan: 400 })

  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('approveInvoices')
    actor = createActor(bulkApprovalMachine.provide({ actors: logicOf(stub) }), { inspect: coverage.inspect }).start()
    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const { selected, result, failure } = real.context
      expect(selectDialogOpen(real)).toBe(real.matches('confirming') || real.matches('approving'))
      expect(selectIsApproving(real)).toBe(real.matches('approving'))
      expect(selectCanRequest(real)).toBe(real.matches('selecting') && selected.length > 0)
      // Never an empty request: the dialog opens only with a selection, and sends exactly it.
      if (real.matches('approving')) {
        expect(selected.length).toBeGreaterThan(0)
        expect(stub.approveInvoices.last.input).toEqual({ idEventos: selected })
      }
      if (real.matches('done')) {
        expect(result).toEqual({ approved: [12], refused: [{ idEvento: 15, reason: 'Faltan documentos del trámite' }] })
        // Partial success: what was refused stays selected, what was approved is no longer.
        expect(selected).toEqual([15])
      } else expect(result).toBeNull()
      if (failure !== null) {
        expect(real.matches('confirming')).toBe(true)
        expect(failure).toBe('No se pudieron aprobar las facturas. Intenta de nuevo.')
      }
      expect(new Set(selected).size).toBe(selected.length)
    }
    await drivePath(coverage, path, check, { actor: () => actor, stubs: stub })
  })
})

describe('bulkApproval: limits', () => {
  it('selects at most 50 claims; a selected one can still be unselected', () => {
    const actor = createActor(bulkApprovalMachine).start()
    for (let id = 1; id <= 51; id++) actor.send({ type: 'selection.toggle', idEvento: id })
    expect(actor.getSnapshot().context.selected).toHaveLength(50)
    actor.send({ type: 'selection.toggle', idEvento: 50 })
    expect(actor.getSnapshot().context.selected).toHaveLength(49)
    actor.stop()
  })

  it('a cancelled dialog keeps the selection and approves nothing', () => {
    const stub = stubs('approveInvoices')
    const actor = createActor(bulkApprovalMachine.provide({ actors: logicOf(stub) })).start()
    actor.send({ type: 'selection.toggle', idEvento: 12 })
    actor.send({ type: 'approval.request' })
    actor.send({ type: 'approval.cancel' })
    expect(actor.getSnapshot().value).toBe('selecting')
    expect(actor.getSnapshot().context.selected).toEqual([12])
    expect(stub.approveInvoices.calls).toHaveLength(0)
    actor.stop()
  })
})
