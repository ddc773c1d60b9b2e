import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError, uploadedDocuments } from './common'

export const documentVerificationSamples = {
  input: { idEvento: 77 },
  events: [
    { type: 'xstate.done.actor.loadDocuments', output: uploadedDocuments },
    { type: 'xstate.error.actor.loadDocuments', error: serverError },
    { type: 'status.select', tipo: 1, status: 2 },
    { type: 'status.select', tipo: 2, status: 3 },
    { type: 'status.select', tipo: 3, status: 4 },
    { type: 'xstate.error.actor.verifyFiles', error: serverError },
  ],
} satisfies TraversalSamples
