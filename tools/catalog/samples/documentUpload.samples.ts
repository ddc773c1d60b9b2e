import type { TraversalSamples } from '../../machineGraph/traversal'
import { claimFile, pdf, serverError } from './common'

export const documentUploadSamples = {
  input: { idEvento: 321, tipo: 2, file: pdf },
  events: [
    { type: 'upload.progress', loaded: 512, total: 1024 },
    { type: 'upload.done', file: claimFile('2', 1) },
    { type: 'upload.failed', error: serverError },
    { type: 'xstate.error.actor.uploadDocument', error: serverError },
  ],
} satisfies TraversalSamples
