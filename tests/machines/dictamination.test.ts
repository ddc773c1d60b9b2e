/**
 * Model-based tests of the dictamen: every shortest path and every transition, on a real actor whose load, attach
 * and save wait on deferred promises; the attach step must always run before the save step.
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  dictaminationMachine,
  selectCanSaveDictamination,
  selectChosenStatus,
  selectIsSaving,
  type Dictamination,
  type DictaminationSnapshot,
} from '../../machines/dictamination.machine'
import { recordCoverage } from './support/modelTest'
import { drivePath, flush, generatePaths, logicOf, replayEachPath, stubs, unreachedStates } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const PDF = new File(['%PDF-1.7'], 'dictamen.pdf', { type: 'application/pdf' })
const PNG = new File(['\x89PNG'], 'foto.png', { type: 'image/png' })
const APPROVED: Dictamination = { nombre: 'dictamen.pdf', url: '/api/file/dictamination/77', comentario: null, dictaminacion: '1' }
const REJECTED: Dictamination = { ...APPROVED, dictaminacion: '0' }
const SERVER_REASON = 'La carta autorización no está completa'

const EVENTS = [
  { type: 'xstate.done.actor.loadDictamination', output: null },
  { type: 'xstate.done.actor.loadDictamination', output: APPROVED },
  { type: 'xstate.done.actor.loadDictamination', output: REJECTED },
  { type: 'status.select', status: 'approved' },
  { type: 'status.select', status: 'rejected' },
  { type: 'file.select', file: PDF, firstBytes: '%PDF-' },
  { type: 'file.select', file: PNG },
  { type: 'xstate.done.actor.attachDictaminationFile', output: { url: '/api/file/download/90' } },
  { type: 'xstate.error.actor.attachDictaminationFile', error: new ApiError(SERVER_REASON, 409) },
  { type: 'xstate.error.actor.saveDictamination', error: new Error('socket hang up') },
] as const

const INPUT = { idEvento: 77 }
const generated = generatePaths(dictaminationMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const readOnly = generatePaths(dictaminationMachine as AnyStateMachine, { events: EVENTS, input: { ...INPUT, readOnly: true }, kind: 'shortest' })
const coverage = recordCoverage(dictaminationMachine, { input: INPUT })

describe('dictamination: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(dictaminationMachine, generated.shortest)).toEqual([])
  })

  it('never picks, chooses nor saves in the read-only variant', () => {
    for (const path of readOnly.shortest) {
      const snapshot = path.state as DictaminationSnapshot
      expect(selectIsSaving(snapshot)).toBe(false)
      expect(snapshot.context.file).toBeNull()
      expect(snapshot.can({ type: 'status.select', status: 'approved' })).toBe(false)
    }
  })
})

describe('dictamination: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof dictaminationMachine>
  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('loadDictamination', 'attachDictaminationFile', 'saveDictamination')
    actor = createActor(dictaminationMachine.provide({ actors: logicOf(stub) }), { input: INPUT, inspect: coverage.inspect })
    const saved: unknown[] = []
    actor.on('dictamination.saved', (event) => saved.push(event))
    actor.start()
    let expectedAlert: string | null = null
    const expectedSaved: unknown[] = []

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const chosen = selectChosenStatus(real)
      expect(selectCanSaveDictamination(real)).toBe(chosen !== null && real.context.file === PDF)
      expect(selectIsSaving(real)).toBe(real.matches('attaching') || real.matches('saving'))
      // Only a PDF is ever kept.
      expect([null, PDF]).toContain(real.context.file)
      if (real.matches('attaching')) {
        expect(stub.attachDictaminationFile.last.input).toEqual({ idEvento: 77, file: PDF })
        // Each save follows its own attach: this attach has no save yet.
        expect(stub.saveDictamination.calls.length).toBeLessThan(stub.attachDictaminationFile.calls.length)
      }
      if (real.matches('saving')) {
        // Attached first, then saved with the chosen status.
        expect(stub.attachDictaminationFile.calls.length).toBeGreaterThanOrEqual(1)
        expect(stub.saveDictamination.last.input).toEqual({
          idEvento: 77,
          dictaminacion: real.context.saving === 'approved' ? 1 : 0,
          file: PDF,
          attached: { url: '/api/file/download/90' },
        })
      }
      expect(real.context.alert).toBe(expectedAlert)
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      custom: {
        'file.select': (event) => {
          expectedAlert = (event as unknown as { file: File }).file === PDF ? null : 'Error: Se requiere un archivo PDF'
          actor.send(event as never)
        },
        'alert.dismiss': () => {
          expectedAlert = null
          actor.send({ type: 'alert.dismiss' })
        },
        'dictamination.save': () => {
          expectedAlert = null
          actor.send({ type: 'dictamination.save' })
        },
        'dictamination.reload': () => {
          expectedAlert = null
          actor.send({ type: 'dictamination.reload' })
        },
        'xstate.error.actor.loadDictamination': () => {
          expectedAlert = 'Error'
          stub.loadDictamination.reject(new Error('offline'))
        },
        'xstate.error.actor.attachDictaminationFile': (event) => {
          expectedAlert = SERVER_REASON
          stub.attachDictaminationFile.reject((event as unknown as { error: unknown }).error)
        },
        'xstate.error.actor.saveDictamination': () => {
          expectedAlert = 'Error'
          stub.saveDictamination.reject(new Error('socket hang up'))
        },
        'xstate.done.actor.saveDictamination': () => {
          const status = actor.getSnapshot().context.saving
          stub.saveDictamination.resolve({ success: true })
          expectedSaved.push({ type: 'dictamination.saved', idEvento: 77, status })
        },
      },
    })
    expect(saved).toEqual(expectedSaved)
  })
})

describe('dictamination: Cancelar carga (issue 22)', () => {
  it('aborts the upload of the PDF and keeps the choice, ready to save again; nothing was saved', async () => {
    const stub = stubs('loadDictamination', 'attachDictaminationFile', 'saveDictamination')
    const actor = createActor(dictaminationMachine.provide({ actors: logicOf(stub) }), { input: INPUT }).start()
    stub.loadDictamination.resolve(null)
    await flush()
    actor.send({ type: 'file.select', file: PDF, firstBytes: '%PDF-' })
    actor.send({ type: 'status.select', status: 'approved' })
    actor.send({ type: 'dictamination.save' })
    actor.send({ type: 'dictamination.confirm' })
    stub.attachDictaminationFile.resolve({ name: 'dictamen.pdf', size: 8 })
    await flush()
    expect(actor.getSnapshot().matches('saving')).toBe(true)
    const request = stub.saveDictamination.last
    actor.send({ type: 'upload.cancel' })
    expect(request.signal.aborted).toBe(true)
    expect(actor.getSnapshot().matches({ editing: 'approved' })).toBe(true)
    expect(actor.getSnapshot().context.file?.name).toBe('dictamen.pdf')
    expect(actor.getSnapshot().context.saving).toBeNull()
    expect(actor.getSnapshot().can({ type: 'dictamination.save' })).toBe(true)
    actor.stop()
  })
})
