/**
 * Model-based tests of the authorization letter: every shortest path and every transition, on a real actor whose
 * load and save wait on deferred promises, with its real saveButton child, whose look is checked in every state.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  LETTER_EDITABLE_FIELDS,
  formFrom,
  letterFormMachine,
  selectCanSaveLetter,
  selectFieldsEditable,
  selectLetterErrors,
  toLetterUpdate,
  validateLetter,
  type LetterFormSnapshot,
} from '../../machines/letterForm.machine'
import { selectSaveButtonLook, selectSavedIndicator } from '../../machines/saveButton.machine'
import { COMPLETE_LETTER as COMPLETE, INCOMPLETE_LETTER as INCOMPLETE, LETTER_REFUSAL as SERVER_REASON, letterFormSamples } from '../../tools/catalog/samples/letterForm.samples'
import { recordCoverage } from './support/modelTest'
import { drivePath, flush, generatePaths, logicOf, replayEachPath, stubs, unreachedStates } from './drivers/deferredActors'

const EVENTS = letterFormSamples.events
const INPUT = letterFormSamples.input
const generated = generatePaths(letterFormMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const readOnly = generatePaths(letterFormMachine as AnyStateMachine, { events: EVENTS, input: { ...INPUT, readOnly: true }, kind: 'shortest' })
const coverage = recordCoverage(letterFormMachine, { input: INPUT })

describe('letterForm: pure rules', () => {
  it('requires every editable field but observaciones, amounts as numbers', () => {
    expect(validateLetter(formFrom(COMPLETE))).toEqual({})
    expect(validateLetter(formFrom(INCOMPLETE))).toEqual({ diagnostico: 'Campo requerido', medicoMonto: 'Campo requerido' })
    expect(validateLetter({ ...formFrom(COMPLETE), coaseguroHospital: 'diez' })).toEqual({
      coaseguroHospital: 'El valor ingresado debe de ser un número',
    })
    expect(validateLetter({ ...formFrom(COMPLETE), tipoAtencion: '7' }).tipoAtencion).toBe('El valor introducido no es válido')
  })

  it('refuses a date the picker could not read, and a future entry date (issue 15)', () => {
    const unreadable = 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA'
    expect(validateLetter({ ...formFrom(COMPLETE), fechaIngreso: 'abc', vigenciaHasta: '10/12/2025' }, '2025-11-21')).toEqual({
      fechaIngreso: unreadable,
      vigenciaHasta: unreadable,
    })
    expect(validateLetter({ ...formFrom(COMPLETE), fechaIngreso: '2025-11-22' }, '2025-11-21')).toEqual({
      fechaIngreso: 'La fecha no puede ser posterior a hoy',
    })
    // Validity and invoicing dates may be in the future.
    expect(validateLetter({ ...formFrom(COMPLETE), limiteFacturacion: '2030-01-31' }, '2025-11-21')).toEqual({})
  })

  it('sends catalogues and amounts as numbers and a blank observation as null', () => {
    expect(toLetterUpdate(formFrom(COMPLETE))).toEqual({
      fechaIngreso: '2025-11-10',
      nombreMedico: 'Dra. Rosa Méndez',
      tipoServicio: 1,
      tipoAtencion: 3,
      tipoAtencion2: 4,
      tipoPadecimiento: 1,
      diagnostico: 'Fractura de radio',
      observaciones: null,
      deducibleHospital: 500,
      coaseguroHospital: 10,
      medicoEsp: 'Traumatología',
      medicoProcedimiento: 'Reducción cerrada',
      medicoMonto: 4500,
      medicoHonorariosAsegurado: 1200.5,
      vigenciaDesde: '2025-11-10',
      vigenciaHasta: '2025-12-10',
      limiteFacturacion: '2025-12-31',
    })
    expect(LETTER_EDITABLE_FIELDS).not.toContain('proveedorNombre')
  })
})

describe('letterForm: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(letterFormMachine, generated.shortest)).toEqual([])
  })

  it('never edits nor saves in the read-only variant', () => {
    for (const path of readOnly.shortest) {
      const snapshot = path.state as LetterFormSnapshot
      expect(snapshot.matches('saving') || snapshot.matches('saved')).toBe(false)
      expect(snapshot.can({ type: 'field.change', field: 'diagnostico', value: 'x' })).toBe(false)
      expect(selectFieldsEditable(snapshot)).toBe(false)
    }
  })
})

describe('letterForm: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof letterFormMachine>
  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('loadLetter', 'saveLetter')
    actor = createActor(letterFormMachine.provide({ actors: logicOf(stub) }), {
      input: INPUT,
      inspect: coverage.inspect,
    }).start()
    let expectedLook: 'base' | 'loading' | 'ok' = 'base'

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const button = real.children.saveButton!.getSnapshot()
      if (real.matches('saving')) expectedLook = 'loading'
      expect(selectSaveButtonLook(button)).toBe(expectedLook)
      expect(selectSavedIndicator(button)).toBe(real.matches('saved'))
      expect(selectFieldsEditable(real)).toBe(real.matches('default') || real.matches('saved'))
      expect(selectCanSaveLetter(real)).toBe(real.matches('default') && Object.keys(selectLetterErrors(real)).length === 0)
      if (real.matches('saving')) {
        expect(stub.saveLetter.last.input).toEqual({ idEvento: 77, fields: toLetterUpdate(real.context.form) })
        expect(stub.saveLetter.last.input.fields.diagnostico).not.toBe('')
      }
      if (real.matches('default') || real.matches('saved')) {
        // Read-only fields come from the loaded letter and never change.
        expect(real.context.letter!.proveedorNombre).toBe('Laboratorio Clínico del Centro')
        if (real.context.form.medicoMonto === 'mil') expect(selectLetterErrors(real).medicoMonto).toBe('El valor ingresado debe de ser un número')
      }
      if (real.context.alert !== null) expect(['Error', SERVER_REASON]).toContain(real.context.alert)
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      custom: {
        'field.change': (event) => {
          if (actor.getSnapshot().can(event as never)) expectedLook = 'base'
          actor.send(event as never)
        },
        'xstate.done.actor.saveLetter': () => {
          expectedLook = 'ok'
          stub.saveLetter.resolve({ success: true })
        },
        'xstate.error.actor.saveLetter': (event) => {
          expectedLook = 'base'
          stub.saveLetter.reject((event as unknown as { error: unknown }).error)
        },
      },
    })
  })

  it('shows the saved indicator for 300 ms, then an edit returns the button to base', async () => {
    const stub = stubs('loadLetter', 'saveLetter')
    actor = createActor(letterFormMachine.provide({ actors: logicOf(stub) }), {
      input: INPUT,
    }).start()
    stub.loadLetter.resolve(COMPLETE)
    await flush()
    actor.send({ type: 'letter.save' })
    stub.saveLetter.resolve({ success: true })
    await flush()
    const button = () => actor.getSnapshot().children.saveButton!.getSnapshot()
    expect(selectSavedIndicator(button())).toBe(true)
    await vi.advanceTimersByTimeAsync(300)
    expect(selectSavedIndicator(button())).toBe(false)
    expect(selectSaveButtonLook(button())).toBe('ok')
    actor.send({ type: 'field.change', field: 'observaciones', value: 'Sin observaciones' })
    expect(actor.getSnapshot().value).toBe('default')
    expect(selectSaveButtonLook(button())).toBe('base')
  })
})
