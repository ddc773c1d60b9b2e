import type { TraversalSamples } from '../../machineGraph/traversal'
import { claimFile, noDocuments, pdf, png, reviewedDocuments, serverError } from './common'

/** A slot's running upload shows in the traversal as its id, not as the live actor behind it. */
const uploadsKey = (uploads: Record<string, { id: string } | null>) => Object.values(uploads).map((upload) => upload?.id ?? null)

export const collaboratorUploadSamples = {
  input: { idEvento: 321 },
  events: [
    { type: 'xstate.done.actor.loadDocuments', output: noDocuments },
    { type: 'xstate.done.actor.loadDocuments', output: reviewedDocuments },
    { type: 'xstate.error.actor.loadDocuments', error: serverError },
    { type: 'document.upload', tipo: 1, file: pdf },
    { type: 'document.upload', tipo: 2, file: pdf },
    { type: 'document.upload', tipo: 2, file: png },
    { type: 'xstate.done.actor.upload.1', output: { tipo: 1, outcome: 'stored', file: claimFile('1', 1) } },
    { type: 'xstate.done.actor.upload.2', output: { tipo: 2, outcome: 'failed', reason: 'Ocurrió un error al subir el archivo' } },
    { type: 'xstate.done.actor.upload.2', output: { tipo: 2, outcome: 'cancelled' } },
  ],
  contextKey: (context: { documents: unknown; uploads: Record<string, { id: string } | null>; alert: unknown }) => ({
    documents: context.documents,
    uploads: uploadsKey(context.uploads),
    alert: context.alert,
  }),
} satisfies TraversalSamples
