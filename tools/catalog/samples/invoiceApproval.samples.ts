import type { TraversalSamples } from '../../machineGraph/traversal'
import { claimFile, invoice, serverError, verifiedDocuments } from './common'

export const invoiceApprovalSamples = {
  input: { idEvento: 77, idFactura: 12 },
  events: [
    { type: 'xstate.done.actor.loadDocuments', output: verifiedDocuments },
    { type: 'xstate.done.actor.loadDocuments', output: { files: [claimFile('1', 2)], numSended: 1 } },
    { type: 'xstate.done.actor.loadInvoice', output: invoice },
    { type: 'xstate.error.actor.loadInvoice', error: serverError },
    { type: 'xstate.done.actor.approveInvoice', output: { statusId: 8 } },
    { type: 'xstate.error.actor.approveInvoice', error: serverError },
    { type: 'xstate.error.actor.downloadInvoice', error: serverError },
  ],
} satisfies TraversalSamples
