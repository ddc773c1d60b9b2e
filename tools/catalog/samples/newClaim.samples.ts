import type { TraversalSamples } from '../../machineGraph/traversal'

export const newClaimSamples = {
  input: { idColaborador: 70123, idCobertura: 1, idEjecutivo: 1, today: '2025-06-01' },
  // The order in which fields were touched multiplies states without changing what the form allows.
  contextKey: (c: { form: unknown; alert: unknown; collaborator: unknown; fund: unknown; estados: unknown[]; municipios: unknown[] }) => ({
    form: c.form,
    alert: c.alert,
    loaded: [c.collaborator !== null, c.fund !== null, c.estados.length, c.municipios.length],
  }),
  events: [
    {
      type: 'xstate.done.actor.loadCollaborator',
      output: { nombre: 'Ana', apePat: 'López', apeMat: 'Pérez', email: 'ana@coppel.com', telefono: '3312345678' },
    },
    { type: 'xstate.done.actor.loadFundSummary', output: { monto: 10000, montoUtilizado: 0, montoDisponible: 10000 } },
    { type: 'xstate.done.actor.loadStates', output: [{ id: 14, nombre: 'Jalisco' }] },
    { type: 'xstate.error.actor.loadStates', error: new Error('Failed to fetch') },
    { type: 'estado.select', value: '14' },
    { type: 'xstate.done.actor.loadMunicipalities', output: [{ id: 39, nombre: 'Guadalajara' }] },
    { type: 'field.change', field: 'ciudad', value: '39' },
    { type: 'birthDate.pick', value: '1990-01-15' },
    { type: 'field.change', field: 'genero', value: '1' },
    { type: 'field.change', field: 'costo', value: '500' },
    { type: 'xstate.done.actor.createClaim', output: { insertId: 9 } },
    { type: 'xstate.error.actor.createClaim', error: new Error('Failed to fetch') },
  ],
} satisfies TraversalSamples
