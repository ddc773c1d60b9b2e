/**
 * Model-based tests of the provider form (create, edit, view). The form makes the context large, so the graph is
 * walked on a coarser key (state value, tipo, the first field that breaks a rule and its message); every shortest path plus one path per remaining transition is replayed on a
 * real actor whose catalogue loads, record load and saves wait on deferred promises.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../domain/contract/envelope'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  EMPTY_PROVIDER,
  PROVIDER_UPDATE_ERROR,
  createProviderError,
  providerErrors,
  providerFormMachine,
  selectCanSave,
  selectFieldErrors,
  selectIsLoading,
  selectIsLoadingColonias,
  selectIsLoadingMunicipios,
  selectIsReadOnly,
  selectIsRequired,
  selectIsSaving,
  selectSaveBlockers,
  selectVisibleErrors,
  selectVisibleFields,
  toCreateProviderPayload,
  toUpdateProviderPayload,
  valuesFromProvider,
  type ProviderFormInput,
  type ProviderFormSnapshot,
  type ProviderFormValues,
} from '../../machines/providerForm.machine'
import { PROVIDER_FIELDS } from '../../domain/rules'
import {
  PROVIDER_COLONIAS as COLONIAS,
  PROVIDER_ESTADOS as ESTADOS,
  PROVIDER_MUNICIPIOS as MUNICIPIOS,
  PROVIDER_RECORD as RECORD,
  PROVIDER_SERVICIOS as SERVICIOS,
} from '../../tools/catalog/samples/providerForm.samples'
import { recordCoverage } from './support/modelTest'
import { generatePaths, logicOf, namedPaths, pathParams, stubs, unreachedStates } from './drivers/deferredActors'

const DUPLICATE = 'Ya existe un usuario con ese correo'
const OUT_OF_RANGE = 'El valor ingresado es menor al permitido(min)'
const NOT_A_NUMBER = 'El valor ingresado debe de ser un número'

const change = (field: string, value: string) => ({ type: 'field.change', field, value }) as const
const EVENTS = [
  { type: 'xstate.done.actor.loadStates', output: ESTADOS },
  { type: 'xstate.done.actor.loadServices', output: SERVICIOS },
  { type: 'xstate.done.actor.loadProvider', output: RECORD },
  { type: 'xstate.done.actor.loadMunicipalities', output: MUNICIPIOS },
  { type: 'xstate.done.actor.loadNeighbourhoods', output: COLONIAS },
  { type: 'xstate.done.actor.createProvider', output: { insertId: 57 } },
  { type: 'xstate.error.actor.createProvider', error: new ApiError(DUPLICATE, 409) },
  { type: 'xstate.error.actor.createProvider', error: { message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.updateProvider', output: { idUsuario: 41 } },
  { type: 'xstate.error.actor.updateProvider', error: { message: 'Failed to fetch' } },
  change('tipo', '1'),
  change('tipo', '0'),
  change('nombreProveedor', 'Laboratorios Norte'),
  change('activo', '0'),
  change('nivel', 'Primero'),
  change('tipoEspecialidad', 'Diagnóstico'),
  change('especialidad', 'Análisis clínicos'),
  change('costoNormal', '450.50'),
  change('estudio', 'Biometría hemática'),
  change('servicio', '3'),
  change('contrato', '1'),
  change('contratoYear', '2025'),
  change('contratoEstatus', '1'),
  change('calle', 'Av. Juárez'),
  change('numeroExterior', '120'),
  change('numeroExterior', 'abc'),
  change('codigoPostal', '44100'),
  change('codigoPostal', '100000'),
  change('telefono1', '3311112222'),
  change('telefono1', '33-11'),
  change('horarios', '24 horas'),
  change('email', 'norte@laboratorios.mx'),
  change('observaciones', 'Junto al hospital'),
  change('password', 'Segura#2025'),
  change('confirmPassword', 'Segura#2025'),
  { type: 'estado.select', value: '14' },
  { type: 'municipio.select', value: '120' },
  { type: 'colonia.select', value: '5001' },
] as const

/**
 * The coarse key. Twenty-odd fields make every subset of filled fields a different form, so the key keeps only the
 * state, the tipo (medical or not) and the first field (in form order) that breaks a rule, with its message: filling
 * the form in order walks one chain of keys per variant instead of every order of filling it. Alerts and loaded
 * lists stay out of the key (each transition that sets them is still taken by one path).
 */
const keyOf = (snapshot: AnyMachineSnapshot) => {
  const s = snapshot as ProviderFormSnapshot
  const errors = selectFieldErrors(s)
  const first = PROVIDER_FIELDS.find((spec) => errors[spec.name])?.name ?? null
  return JSON.stringify({ value: s.value, tipo: s.context.values.tipo, first: first && [first, errors[first]] })
}

const INPUTS: Record<string, ProviderFormInput> = {
  create: { mode: 'create' },
  edit: { mode: 'edit', idProveedor: 8 },
  view: { mode: 'view', idProveedor: 8 },
}
const variants = Object.entries(INPUTS).map(([name, input]) => ({
  name,
  input,
  generated: generatePaths(providerFormMachine as AnyStateMachine, { events: EVENTS, input, kind: 'shortest', serializeState: keyOf }),
}))
const coverage = recordCoverage(providerFormMachine, { input: INPUTS.create })

const medical: ProviderFormValues = { ...valuesFromProvider(RECORD) }
const nonMedical: ProviderFormValues = {
  ...medical,
  tipo: '0',
  servicio: '3',
  contrato: '1',
  contratoYear: '2025',
  contratoEstatus: '1',
}

describe('providerForm: pure rules', () => {
  it('fills the form from the record with selects as option values', () => {
    expect(medical).toMatchObject({ tipo: '1', activo: '0', estado: '14', municipio: '120', colonia: '5001', costoNormal: '850', contrato: '' })
    expect(medical.password).toBe('')
    expect(EMPTY_PROVIDER).toMatchObject({ estado: '0', municipio: '0', colonia: '0', servicio: '0', tipo: '' })
  })

  it('requires the medical fields for tipo 1 and service, contract, year and status for tipo 0 with contract', () => {
    expect(providerErrors({ mode: 'edit', values: medical })).toEqual({})
    expect(providerErrors({ mode: 'edit', values: { ...medical, nivel: '', costoNormal: '' } })).toEqual({ nivel: 'Campo requerido', costoNormal: 'Campo requerido' })
    expect(providerErrors({ mode: 'edit', values: nonMedical })).toEqual({})
    expect(providerErrors({ mode: 'edit', values: { ...nonMedical, contratoYear: '', contratoEstatus: '' } })).toEqual({
      contratoYear: 'Campo requerido',
      contratoEstatus: 'Campo requerido',
    })
    expect(providerErrors({ mode: 'edit', values: { ...nonMedical, contrato: '0', contratoYear: '' } })).toEqual({})
    expect(providerErrors({ mode: 'edit', values: { ...nonMedical, servicio: '0' } })).toEqual({ servicio: 'Campo requerido' })
  })

  it('checks ranges of postal code and exterior number, and passwords only on create or when typed', () => {
    expect(providerErrors({ mode: 'edit', values: { ...medical, codigoPostal: '100000', numeroExterior: '-1' } })).toEqual({
      codigoPostal: OUT_OF_RANGE,
      numeroExterior: OUT_OF_RANGE,
    })
    expect(providerErrors({ mode: 'edit', values: { ...medical, codigoPostal: '99999', numeroExterior: '0' } })).toEqual({})
    expect(providerErrors({ mode: 'create', values: medical })).toEqual({ password: 'Campo requerido', confirmPassword: 'Campo requerido' })
    expect(providerErrors({ mode: 'edit', values: { ...medical, password: 'Segura#2025' } })).toEqual({ confirmPassword: 'Las contraseñas no coinciden' })
  })

  it('sends null for the fields of the other variant and the password only when typed on edit', () => {
    const medicalBody = toUpdateProviderPayload(41, { ...medical, contrato: '1', contratoYear: '2020' })
    expect(medicalBody).toMatchObject({ idUsuario: 41, tipo: 1, costoNormal: 850, servicio: 3, contrato: null, contratoYear: null, telefono2: null })
    expect(medicalBody).not.toHaveProperty('password')
    const body = toCreateProviderPayload({ ...nonMedical, nivel: 'x', password: 'Segura#2025', confirmPassword: 'Segura#2025' })
    expect(body).toMatchObject({ tipo: 0, nivel: null, costoNormal: null, contrato: 1, contratoYear: 2025, contratoEstatus: 1, password: 'Segura#2025' })
    expect(body.codigoPostal).toBe(44160)
    expect(body.numeroExterior).toBe(1500)
  })

  it('formats the create failure with the server reason', () => {
    expect(createProviderError(DUPLICATE)).toBe('Error al crear usuario Ya existe un usuario con ese correo')
    expect(createProviderError(null)).toBe('Error al crear usuario')
  })
})

describe('providerForm: reachability', () => {
  it('reaches every state by a shortest path (three modes together)', () => {
    expect(unreachedStates(providerFormMachine, variants.flatMap((v) => v.generated.shortest))).toEqual([])
  })

  it('walks paths through both variants and the range and number messages', () => {
    // Every state a path passes through (paths that are prefixes of longer ones are merged by TestModel).
    const ends = variants.flatMap((v) => v.generated.paths.flatMap((p) => p.steps.map((step) => step.state as ProviderFormSnapshot)))
    const shown = new Set(ends.flatMap((s) => Object.values(selectFieldErrors(s))))
    expect(shown).toContain(OUT_OF_RANGE)
    expect(shown).toContain(NOT_A_NUMBER)
    const saved = ends.filter((s) => s.matches('creating'))
    expect(new Set(saved.map((s) => s.context.values.tipo))).toEqual(new Set(['0', '1']))
  })
})

const LABELS = Object.fromEntries(PROVIDER_FIELDS.map((s) => [s.name, s.label]))

for (const variant of variants) {
  describe(`providerForm (${variant.name}): every shortest path and every transition on a real actor`, () => {
    let actor: Actor<typeof providerFormMachine>
    afterEach(() => actor?.stop())

    it('keeps the number of generated paths bounded', () => {
      expect(variant.generated.paths.length).toBeGreaterThan(2)
      expect(variant.generated.paths.length).toBeLessThan(100)
    })

    for (const [name, path] of namedPaths(`providerForm (${variant.name})`, variant.generated.paths)) {
      it(name, async () => {
        const stub = stubs(
          'loadStates',
          'loadServices',
          'loadProvider',
          'loadMunicipalities',
          'loadNeighbourhoods',
          'createProvider',
          'updateProvider',
        )
        actor = createActor(providerFormMachine.provide({ actors: logicOf(stub) }), { input: variant.input, inspect: coverage.inspect }).start()

        const check = (model: AnyMachineSnapshot) => {
          const real = actor.getSnapshot()
          expect(keyOf(real)).toBe(keyOf(model))
          const { values, mode, alert } = real.context
          expect(selectIsLoading(real)).toBe(real.matches('loading') || real.matches('placing'))
          expect(selectIsSaving(real)).toBe(real.matches('creating') || real.matches('updating'))
          expect(selectIsReadOnly(real)).toBe(mode === 'view')
          if (mode === 'create') expect(stub.loadProvider.calls).toHaveLength(0)
          else if (real.matches('loading')) expect(stub.loadProvider.last.input).toEqual({ idProveedor: 8 })
          if (real.matches('placing')) {
            expect(stub.loadMunicipalities.last.input).toEqual({ estadoId: 14 })
            expect(stub.loadNeighbourhoods.last.input).toEqual({ municipioId: 120 })
          }
          if (real.matches('loadFailed')) expect(['Error', null]).toContain(alert)

          if (real.matches('viewing')) {
            expect(values).toEqual(medical)
            expect([real.context.municipios, real.context.colonias]).toEqual([MUNICIPIOS, COLONIAS])
            expect(real.can({ type: 'field.change', field: 'calle', value: 'x' })).toBe(false)
            expect(real.can({ type: 'estado.select', value: '14' })).toBe(false)
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
              expect(blockers!.fields).toEqual(PROVIDER_FIELDS.filter((s) => bad.includes(s.name)).map((s) => LABELS[s.name]))
            }
            // Dependent selects: no neighbourhood without a municipality, no municipality without a state.
            if (values.estado === '0') expect(values.municipio).toBe('0')
            if (values.municipio === '0') expect(values.colonia).toBe('0')
            if (selectIsLoadingMunicipios(real)) {
              expect([values.municipio, values.colonia, real.context.municipios.length]).toEqual(['0', '0', 0])
              expect(stub.loadMunicipalities.last.input).toEqual({ estadoId: Number(values.estado) })
            }
            if (selectIsLoadingColonias(real)) {
              expect([values.colonia, real.context.colonias.length]).toEqual(['0', 0])
              expect(stub.loadNeighbourhoods.last.input).toEqual({ municipioId: Number(values.municipio) })
            }
            // Variants: medical fields only for tipo 1, contract fields only for tipo 0.
            const shown = selectVisibleFields(real)
            expect(shown.includes('nivel')).toBe(values.tipo === '1')
            expect(shown.includes('contrato')).toBe(values.tipo === '0')
            expect(shown.includes('contratoYear')).toBe(values.tipo === '0' && values.contrato === '1')
            expect(selectIsRequired(real, 'servicio')).toBe(values.tipo === '0')
            expect(selectIsRequired(real, 'password')).toBe(mode === 'create')
            if (values.codigoPostal === '100000') expect(errors.codigoPostal).toBe(OUT_OF_RANGE)
            if (values.numeroExterior === 'abc') expect(errors.numeroExterior).toBe(NOT_A_NUMBER)
            expect(values.telefono1).not.toBe('33-11')
            for (const field of Object.keys(selectVisibleErrors(real))) expect(real.context.touched).toContain(field)
            if (alert !== null) {
              expect(['Error', createProviderError(DUPLICATE), createProviderError(null), PROVIDER_UPDATE_ERROR]).toContain(alert)
            }
          }

          if (real.matches('creating')) {
            const body = stub.createProvider.last.input
            expect(body).toEqual(toCreateProviderPayload(values))
            expect(body.password).toBe('Segura#2025')
            if (values.tipo === '1') expect([body.tipo, body.contrato, body.contratoYear]).toEqual([1, null, null])
            else expect([body.tipo, body.nivel, body.costoNormal, body.servicio]).toEqual([0, null, null, 3])
            expect([body.estado, body.municipio, body.colonia]).toEqual([14, 120, 5001])
          }
          if (real.matches('updating')) {
            const body = stub.updateProvider.last.input
            expect(body).toEqual(toUpdateProviderPayload(41, values))
            expect(body.idUsuario).toBe(41)
            expect('password' in body).toBe(values.password !== '')
          }
          if (real.matches('saved')) {
            expect(real.status).toBe('done')
            expect(real.output).toEqual(mode === 'create' ? { result: 'created', idProveedor: 57 } : { result: 'edited', idProveedor: 8 })
          }
        }

        await coverage.testPath(path, pathParams(path, { actor: () => actor, stubs: stub }, check))
      })
    }
  })
}
