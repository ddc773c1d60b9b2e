/**
 * Model-based tests of the executive form in its three modes. The form makes the context large, so the graph is
 * walked on a coarser key (state value, the set of messages, how many show, the alert); every shortest path
 * plus one path per remaining transition is replayed on a real actor whose load and saves wait on deferred promises.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../domain/contract/envelope'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  EXECUTIVE_SAVE_ERROR,
  executiveErrors,
  executiveFormMachine,
  selectCanSave,
  selectFieldErrors,
  selectIsLoading,
  selectIsReadOnly,
  selectIsSaving,
  selectPasswordMissing,
  selectSaveBlockers,
  selectVisibleErrors,
  toUpdatePayload,
  valuesFromRecord,
  type ExecutiveFormInput,
  type ExecutiveFormSnapshot,
  type ExecutiveRecord,
} from '../../machines/executiveForm.machine'
import { recordCoverage } from './support/modelTest'
import { generatePaths, logicOf, namedPaths, pathParams, stubs, unreachedStates } from './drivers/deferredActors'

const DOMAINS = ['coppel.com', 'bancoppel.com', 'afore-coppel.com']
const RECORD: ExecutiveRecord = {
  idUser: 31,
  nombre: 'Laura Méndez',
  email: 'laura@coppel.com',
  telefono: '5512345678',
  activo: 0,
  ubicacionLaboral: 'Coorporativo Reforma',
}
const DUPLICATE = 'Ya existe un usuario con ese correo'
const WEAK = 'La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial, 8 caracteres'
const NOT_INTERNAL = 'El correo solo puede ser de los dominios coppel.com, bancoppel.com, afore-coppel.com'

const EVENTS = [
  { type: 'xstate.done.actor.loadExecutive', output: RECORD },
  { type: 'xstate.done.actor.createExecutive', output: { idUser: 99 } },
  { type: 'xstate.error.actor.createExecutive', error: new ApiError(DUPLICATE, 409) },
  { type: 'xstate.error.actor.createExecutive', error: { message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.updateExecutive', output: { idUsuario: 31 } },
  { type: 'xstate.error.actor.updateExecutive', error: { message: 'Failed to fetch' } },
  { type: 'field.change', field: 'nombre', value: 'Laura Méndez' },
  { type: 'field.change', field: 'phone', value: '5512345678' },
  { type: 'field.change', field: 'phone', value: '55-12' },
  { type: 'field.change', field: 'email', value: 'laura@coppel.com' },
  { type: 'field.change', field: 'email', value: 'laura@gmail.com' },
  { type: 'field.change', field: 'activo', value: '0' },
  { type: 'field.change', field: 'activo', value: '' },
  { type: 'field.change', field: 'ubicacion', value: 'Call Center Revolución' },
  { type: 'field.change', field: 'password', value: 'Segura#2025' },
  { type: 'field.change', field: 'password', value: 'debil' },
  { type: 'field.change', field: 'confirmPassword', value: 'Segura#2025' },
  { type: 'field.blur', field: 'activo' },
] as const

/** The coarse key: the state, which messages the form shows (not which field shows them), how many are visible. */
const keyOf = (snapshot: AnyMachineSnapshot) => {
  const s = snapshot as ExecutiveFormSnapshot
  return JSON.stringify({
    value: s.value,
    errors: Object.values(selectFieldErrors(s)).sort(),
    visible: Object.keys(selectVisibleErrors(s)).length,
    alert: [s.context.alert, s.context.alertDetail],
  })
}

const INPUTS: Record<string, ExecutiveFormInput> = {
  create: { mode: 'create', internalDomains: DOMAINS },
  edit: { mode: 'edit', idUser: 31, internalDomains: DOMAINS },
  view: { mode: 'view', idUser: 31, internalDomains: DOMAINS },
}
const variants = Object.entries(INPUTS).map(([name, input]) => ({
  name,
  input,
  generated: generatePaths(executiveFormMachine as AnyStateMachine, { events: EVENTS, input, kind: 'shortest', serializeState: keyOf }),
}))
const coverage = recordCoverage(executiveFormMachine, { input: INPUTS.create })

describe('executiveForm: pure rules', () => {
  const values = valuesFromRecord(RECORD)
  it('fills the form from the record, passwords blank, status as a select value', () => {
    expect(values).toEqual({
      nombre: 'Laura Méndez',
      phone: '5512345678',
      email: 'laura@coppel.com',
      activo: '0',
      ubicacion: 'Coorporativo Reforma',
      password: '',
      confirmPassword: '',
    })
    expect(valuesFromRecord({ ...RECORD, telefono: '55 1234', activo: null }).phone).toBe('')
    expect(valuesFromRecord({ ...RECORD, activo: null }).activo).toBe('')
  })

  it('requires passwords on create only, and checks a typed one on edit', () => {
    const context = (mode: 'create' | 'edit', over = {}) => ({ mode, internalDomains: DOMAINS, values: { ...values, ...over } })
    expect(executiveErrors(context('edit'))).toEqual({})
    expect(executiveErrors(context('create'))).toEqual({ password: 'Campo requerido', confirmPassword: 'Campo requerido' })
    expect(executiveErrors(context('edit', { password: 'Segura#2025' }))).toEqual({ confirmPassword: 'Las contraseñas no coinciden' })
    expect(executiveErrors(context('edit', { password: 'debil', confirmPassword: 'debil' }))).toEqual({ password: WEAK })
    expect(executiveErrors(context('edit', { email: 'laura@gmail.com', activo: '' }))).toEqual({ email: NOT_INTERNAL, activo: 'Campo requerido' })
  })

  it('sends the password on edit only when one was typed', () => {
    expect(toUpdatePayload(31, values)).toEqual({
      ubicacion: 'Coorporativo Reforma',
      phone: '5512345678',
      active: 0,
      idUsuario: 31,
      nombre: 'Laura Méndez',
      email: 'laura@coppel.com',
    })
    expect(toUpdatePayload(31, { ...values, activo: '1', password: 'Segura#2025', confirmPassword: 'Segura#2025' })).toMatchObject({
      active: 1,
      password: 'Segura#2025',
      confirmPassword: 'Segura#2025',
    })
  })
})

describe('executiveForm: reachability', () => {
  it('reaches every state by a shortest path (three modes together)', () => {
    expect(unreachedStates(executiveFormMachine, variants.flatMap((v) => v.generated.shortest))).toEqual([])
  })

  it('walks paths that show every message of the form', () => {
    const shown = new Set(
      variants.flatMap((v) =>
        v.generated.paths.flatMap((p) => p.steps.flatMap((step) => Object.values(selectFieldErrors(step.state as ExecutiveFormSnapshot)))),
      ),
    )
    expect([...shown].sort()).toEqual(['Campo requerido', NOT_INTERNAL, WEAK, 'Las contraseñas no coinciden'].sort())
  })
})

for (const variant of variants) {
  describe(`executiveForm (${variant.name}): every shortest path and every transition on a real actor`, () => {
    let actor: Actor<typeof executiveFormMachine>
    afterEach(() => actor?.stop())

    it('keeps the number of generated paths bounded', () => {
      expect(variant.generated.paths.length).toBeGreaterThan(2)
      expect(variant.generated.paths.length).toBeLessThan(400)
    })

    for (const [name, path] of namedPaths(`executiveForm (${variant.name})`, variant.generated.paths)) {
      it(name, async () => {
        const stub = stubs('loadExecutive', 'createExecutive', 'updateExecutive')
        actor = createActor(executiveFormMachine.provide({ actors: logicOf(stub) }), { input: variant.input, inspect: coverage.inspect }).start()

        const check = (model: AnyMachineSnapshot) => {
          const real = actor.getSnapshot()
          expect(keyOf(real)).toBe(keyOf(model))
          const { values, mode, alert, alertDetail } = real.context
          expect(selectIsLoading(real)).toBe(real.matches('loading'))
          expect(selectIsSaving(real)).toBe(real.matches('creating') || real.matches('updating'))
          expect(selectIsReadOnly(real)).toBe(mode === 'view')
          // Create never loads; edit and view load the executive of the route.
          if (mode === 'create') expect(stub.loadExecutive.calls).toHaveLength(0)
          else expect(stub.loadExecutive.last.input).toEqual({ idUser: 31 })
          if (real.matches('loadFailed')) expect(['Error', null]).toContain(alert)

          if (real.matches('viewing')) {
            expect(values).toEqual(valuesFromRecord(RECORD))
            expect(real.can({ type: 'field.change', field: 'nombre', value: 'X' })).toBe(false)
            expect(selectCanSave(real)).toBe(false)
            expect(selectSaveBlockers(real)).toBeNull()
          }

          if (real.matches('editing')) {
            const errors = selectFieldErrors(real)
            const bad = Object.keys(errors)
            expect(selectCanSave(real)).toBe(bad.length === 0)
            const blockers = selectSaveBlockers(real)
            if (bad.length === 0) expect(blockers).toBeNull()
            else {
              expect(blockers!.message).toBe('Existen omisiones o errores en los siguientes campos.')
              const labels = { nombre: 'Nombre', phone: 'Teléfono', email: 'Correo electrónico', activo: 'Estatus', ubicacion: 'Ubicación laboral', password: 'Contraseña', confirmPassword: 'Confirmar contraseña' }
              expect(blockers!.fields).toEqual(Object.entries(labels).filter(([f]) => bad.includes(f)).map(([, label]) => label))
            }
            // The phone never holds an invalid entry.
            expect(['', '5512345678']).toContain(values.phone)
            if (values.activo === '') expect(errors.activo).toBe('Campo requerido')
            if (values.email === 'laura@gmail.com') expect(errors.email).toBe(NOT_INTERNAL)
            if (values.password === 'debil') {
              expect(errors.password).toBe(WEAK)
              expect(selectPasswordMissing(real)).toEqual(['Una letra mayúscula', 'Un número', 'Un símbolo especial', '8 caracteres'])
            }
            if (values.password !== values.confirmPassword && values.confirmPassword !== '') {
              expect(errors.confirmPassword).toBe('Las contraseñas no coinciden')
            }
            if (mode === 'create' && values.password === '') expect(errors.password).toBe('Campo requerido')
            if (mode === 'edit' && values.password === '') expect(errors.password).toBeUndefined()
            for (const field of Object.keys(selectVisibleErrors(real))) expect(real.context.touched).toContain(field)
            if (alert !== null) {
              expect(alert).toBe(EXECUTIVE_SAVE_ERROR)
              expect([DUPLICATE, null]).toContain(alertDetail)
            }
          }

          if (real.matches('creating')) {
            expect(stub.createExecutive.last.input).toEqual({
              ubicacion: 'Call Center Revolución',
              phone: '5512345678',
              activo: 0,
              nombre: 'Laura Méndez',
              email: 'laura@coppel.com',
              password: 'Segura#2025',
              confirmPassword: 'Segura#2025',
            })
            expect(alert).toBeNull()
          }
          if (real.matches('updating')) expect(stub.updateExecutive.last.input).toEqual(toUpdatePayload(31, values))
          if (real.matches('saved')) {
            expect(real.status).toBe('done')
            expect(real.output).toEqual({ idUser: mode === 'create' ? 99 : 31 })
          }
        }

        await coverage.testPath(path, pathParams(path, { actor: () => actor, stubs: stub }, check))
      })
    }
  })
}
