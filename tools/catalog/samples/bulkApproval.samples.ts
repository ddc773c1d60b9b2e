import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

/** Two claims to pick; the server approves one and refuses the other (partial success), or fails the request. */
export const bulkApprovalSamples = {
  events: [
    { type: 'selection.toggle', idEvento: 12 },
    { type: 'selection.toggle', idEvento: 15 },
    { type: 'xstate.done.actor.approveInvoices', output: { approved: [12], refused: [{ idEvento: 15, reason: 'Faltan documentos del trámite' }] } },
    { type: 'xstate.error.actor.approveInvoices', error: serverError },
  ],
} satisfies TraversalSamples
