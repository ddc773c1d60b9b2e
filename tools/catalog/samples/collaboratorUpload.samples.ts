import type { TraversalSamples } from '../../machineGraph/traversal'
import { claimFile, noDocuments, pdf, png, reviewedDocuments, serverError } from './common'

export const collaboratorUploadSamples = {
  input: { idEvento: 321 },
  events: [
    { type: 'xstate.done.actor.loadDocuments', output: noDocuments },
    { type: 'xstate.done.actor.loadDocuments', output: reviewedDocuments },
    { type: 'xstate.error.actor.loadDocuments', error: serverError },
    { type: 'document.upload', tipo: 1, file: pdf },
    { type: 'document.upload', tipo: 2, file: png },
    { type: 'upload.progress', loaded: 512, total: 1024 },
    { type: 'upload.dropped' },
    { type: 'upload.pause' },
    { type: 'upload.resume' },
    { type: 'xstate.after.uploadExpiry.collaboratorUpload.ready.uploading.paused' },
    { type: 'upload.cancel' },
    { type: 'upload.done', file: claimFile('1', 1) },
    { type: 'upload.failed', error: serverError },
  ],
} satisfies TraversalSamples
