import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

export const assignProviderSamples = {
  input: { idEvento: 77, idEjecutivo: 9 },
  events: [
    { type: 'xstate.done.actor.loadServices', output: [{ id: 3, nombre: 'Laboratorio' }] },
    { type: 'xstate.error.actor.loadServices', error: serverError },
    { type: 'xstate.done.actor.loadProviders', output: [{ idProveedor: 41, nombreProveedor: 'Laboratorio Clínico del Centro' }] },
    { type: 'service.select', servicio: 3 },
    { type: 'provider.select', idProveedor: 41 },
    { type: 'xstate.error.actor.assignProvider', error: serverError },
  ],
} satisfies TraversalSamples
