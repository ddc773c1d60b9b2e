import type { TraversalSamples } from '../../machineGraph/traversal'

export const profileDataSamples = {
  input: { idUser: 1 },
} satisfies TraversalSamples
