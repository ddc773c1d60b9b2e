/** Model-based tests of the save button: every simple path and every transition, the 300 ms indicator on fake timers. */
import { describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  saveButtonMachine,
  selectSaveButtonLook,
  selectSavedIndicator,
} from '../../machines/saveButton.machine'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, replayEachPath } from './drivers/deferredActors'

const generated = generatePaths(saveButtonMachine as AnyStateMachine, { events: [], kind: 'simple' })
const coverage = recordCoverage(saveButtonMachine)

describeReachability('saveButton', saveButtonMachine, generated.shortest)

describe('saveButton: every simple path and every transition on a real actor', () => {
  let actor: Actor<typeof saveButtonMachine>
  replayEachPath(generated.paths, () => actor, async (path) => {
    actor = createActor(saveButtonMachine, { inspect: coverage.inspect }).start()
    let edited = false
    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      const look = selectSaveButtonLook(real)
      expect(look).toBe(typeof real.value === 'string' ? real.value : 'ok')
      expect(selectSavedIndicator(real)).toBe(real.matches({ ok: 'showingSaved' }))
      // Any edit after a save puts the button back to base.
      if (edited) expect(look).toBe('base')
    }
    await drivePath(coverage, path, check, {
      actor: () => actor,
      delays: { savedIndicator: 300 },
      custom: {
        'form.edit': () => {
          edited = true
          actor.send({ type: 'form.edit' })
        },
        'save.start': () => {
          edited = false
          actor.send({ type: 'save.start' })
        },
      },
    })
  })

  it("shows the 'saved' indicator for exactly 300 ms", async () => {
    actor = createActor(saveButtonMachine).start()
    actor.send({ type: 'save.start' })
    actor.send({ type: 'save.succeed' })
    expect(selectSavedIndicator(actor.getSnapshot())).toBe(true)
    await vi.advanceTimersByTimeAsync(299)
    expect(selectSavedIndicator(actor.getSnapshot())).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(selectSavedIndicator(actor.getSnapshot())).toBe(false)
    expect(selectSaveButtonLook(actor.getSnapshot())).toBe('ok')
  })
})
