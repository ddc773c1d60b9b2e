import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

export const executiveFormSamples = {
  input: { mode: 'create', internalDomains: ['coppel.com'] },
  // The order in which fields were touched multiplies states without changing what the form allows.
  contextKey: (c: { values: unknown; alert: unknown }) => ({ values: c.values, alert: c.alert }),
  events: [
    { type: 'xstate.done.actor.createExecutive', output: { idUser: 99 } },
    { type: 'xstate.error.actor.createExecutive', error: serverError },
    { type: 'field.change', field: 'nombre', value: 'Laura Méndez' },
    { type: 'field.change', field: 'phone', value: '5512345678' },
    { type: 'field.change', field: 'email', value: 'laura@coppel.com' },
    { type: 'field.change', field: 'activo', value: '1' },
    { type: 'field.change', field: 'ubicacion', value: 'Call Center Revolución' },
    { type: 'field.change', field: 'password', value: 'Segura#2025' },
    { type: 'field.change', field: 'confirmPassword', value: 'Segura#2025' },
  ],
} satisfies TraversalSamples
