import type { TraversalSamples } from '../../machineGraph/traversal'
import { signedIn } from './common'

export const loginSamples = {
  events: [
    { type: 'xstate.done.actor.loadRoles', output: { Ejecutivo: 0, Administrativo: 1 } },
    { type: 'xstate.error.actor.loadRoles', error: new Error('Failed to fetch') },
    { type: 'credentials.change', field: 'email', value: 'ana@coppel.com' },
    { type: 'credentials.change', field: 'password', value: 'Secreta1!' },
    { type: 'role.change', role: 'Administrativo' },
    { type: 'xstate.done.actor.signIn', output: signedIn },
    { type: 'xstate.error.actor.signIn', error: new Error('Usuario y/o contraseña incorrectos') },
  ],
} satisfies TraversalSamples
