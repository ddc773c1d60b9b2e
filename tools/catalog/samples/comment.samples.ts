import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

export const commentSamples = {
  input: { idEvento: 77, tipo: 2, fileUrl: '/api/file/download/12', status: null },
  events: [
    { type: 'comment.statusChange', status: 3 },
    { type: 'comment.change', text: 'Falta la firma' },
    { type: 'xstate.error.actor.sendComment', error: serverError },
  ],
} satisfies TraversalSamples
