import type { TraversalSamples } from '../../machineGraph/traversal'
import { signedIn } from './common'

export const collaboratorLoginSamples = {
  events: [
    { type: 'credentials.change', field: 'idColaborador', value: '70123' },
    { type: 'credentials.change', field: 'numProcedure', value: '55' },
    { type: 'xstate.done.actor.signIn', output: signedIn },
    { type: 'xstate.error.actor.signIn', error: new Error('Número de trámite y/o colaborador incorrectos') },
  ],
} satisfies TraversalSamples
