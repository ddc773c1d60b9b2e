import type { TraversalSamples } from '../../machineGraph/traversal'

export const claimRecordSamples = {
  input: { idEvento: 238 },
} satisfies TraversalSamples
