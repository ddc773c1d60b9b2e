/**
 * Model-based tests of 'Niveles de servicio': every simple path plus one per remaining transition on a real actor
 * whose load and save wait on deferred promises. A save is sent only with every draft valid by the domain's rule and
 * one changed, and it sends only the changed stages.
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { changedTargets, draftReasons, serviceLevelsMachine } from '../../machines/serviceLevels.machine'
import { serviceLevelsSamples } from '../../tools/catalog/samples/serviceLevels.samples'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, itKeepsPathsFew, logicOf, replayEachPath, stubs } from './drivers/deferredActors'

const generated = generatePaths(serviceLevelsMachine as AnyStateMachine, { events: serviceLevelsSamples.events, kind: 'shortest' })
const coverage = recordCoverage(serviceLevelsMachine)

describeReachability('serviceLevels', serviceLevelsMachine, generated.shortest)

describe('serviceLevels: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof serviceLevelsMachine>
  itKeepsPathsFew(generated.paths, { moreThan: 5, lessThan: 200 })

  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('loadLevels', 'saveLevels')
    actor = createActor(serviceLevelsMachine.provide({ actors: logicOf(stub) }), { inspect: coverage.inspect }).start()
    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      if (real.matches('saving')) {
        // Only a valid, changed draft is sent: 4 business days for Validación de documentos.
        expect(stub.saveLevels.last.input).toEqual({ objetivos: [{ statusId: 3, diasHabiles: 4 }] })
      }
      if (real.context.saved) expect(real.context.data?.objetivos[0]?.diasHabiles).toBe(4)
      if (real.matches('failed')) expect(real.context.failure).toBe('Error')
    }
    await drivePath(coverage, path, check, { actor: () => actor, stubs: stub })
  })
})

describe('serviceLevels: the domain rule on the drafts', () => {
  it('gives the Spanish reason of each invalid draft', () => {
    expect(draftReasons({ 3: '', 5: '1.5', 6: '61', 7: '5', 9: ' 60 ' })).toEqual({
      3: 'Campo requerido',
      5: 'Escribe un número entero de días hábiles',
      6: 'El objetivo debe estar entre 1 y 60 días hábiles',
      7: null,
      9: null,
    })
  })

  it('sends only the changed stages', () => {
    const data = {
      objetivos: [
        { statusId: 3 as const, etapa: 'Validación de documentos', esperaA: 'executive' as const, diasHabiles: 2, predeterminado: 2, modificado: null, modificadoPor: null },
        { statusId: 9 as const, etapa: 'Factura en revisión', esperaA: 'administrator' as const, diasHabiles: 5, predeterminado: 5, modificado: null, modificadoPor: null },
      ],
      cambios: [],
    }
    expect(changedTargets(data, { 3: '2', 9: '7' })).toEqual([{ statusId: 9, diasHabiles: 7 }])
  })

  it('a save with nothing changed stays in editing and sends nothing', async () => {
    const stub = stubs('loadLevels', 'saveLevels')
    const actor = createActor(serviceLevelsMachine.provide({ actors: logicOf(stub) })).start()
    stub.loadLevels.resolve(serviceLevelsSamples.events[0]!.output)
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'save' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.submitted).toBe(true)
    expect(stub.saveLevels.calls).toHaveLength(0)
    actor.stop()
  })
})
