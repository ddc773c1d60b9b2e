import type { TraversalSamples } from '../../machineGraph/traversal'
import { noDocuments, pdf, png, serverError, verifiedDocuments } from './common'

export const claimDocumentsSamples = {
  input: { idEvento: 77 },
  events: [
    { type: 'xstate.done.actor.loadDocuments', output: noDocuments },
    { type: 'xstate.done.actor.loadDocuments', output: verifiedDocuments },
    { type: 'xstate.error.actor.loadDocuments', error: serverError },
    { type: 'document.upload', tipo: 1, file: pdf, firstBytes: '%PDF-' },
    { type: 'document.upload', tipo: 2, file: png },
    { type: 'upload.progress', loaded: 512, total: 1024 },
    { type: 'upload.fail', reason: 'El archivo excede el tamaño permitido' },
  ],
} satisfies TraversalSamples
