import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

const levels = (days: number) => ({
  objetivos: [{ statusId: 3, etapa: 'Validación de documentos', esperaA: 'executive', diasHabiles: days, predeterminado: 2, modificado: null, modificadoPor: null }],
  cambios: [],
})

/** One stage: a valid change, an invalid one, the answers of the load and the save. */
export const serviceLevelsSamples = {
  events: [
    { type: 'xstate.done.actor.loadLevels', output: levels(2) },
    { type: 'xstate.error.actor.loadLevels', error: serverError },
    { type: 'target.change', statusId: 3, value: '4' },
    { type: 'target.change', statusId: 3, value: '0' },
    { type: 'xstate.done.actor.saveLevels', output: levels(4) },
    { type: 'xstate.error.actor.saveLevels', error: serverError },
  ],
} satisfies TraversalSamples
