import type { TraversalSamples } from '../../machineGraph/traversal'
import { invoice, pdf, png, serverError } from './common'

export const invoiceUploadSamples = {
  input: { idEvento: 77, idProveedor: 4 },
  events: [
    { type: 'xstate.done.actor.loadInvoice', output: null },
    { type: 'xstate.done.actor.loadInvoice', output: invoice },
    { type: 'xstate.error.actor.loadInvoice', error: serverError },
    { type: 'invoice.upload', file: pdf },
    { type: 'invoice.upload', file: png },
    { type: 'invoice.replace', file: pdf },
    { type: 'xstate.done.actor.uploadInvoice', output: true },
    { type: 'xstate.error.actor.uploadInvoice', error: serverError },
  ],
} satisfies TraversalSamples
