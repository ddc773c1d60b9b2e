import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

export const profilePhotoSamples = {
  input: { photo: null },
  events: [
    { type: 'photo.select', previewUrl: 'blob:portal/1', fileName: 'yo.png', mimeType: 'image/png' },
    { type: 'photo.select', previewUrl: 'blob:portal/2', fileName: 'cv.pdf', mimeType: 'application/pdf' },
    { type: 'xstate.done.actor.uploadPhoto', output: { foto: '/api/file/photo/nueva.png' } },
    { type: 'xstate.error.actor.uploadPhoto', error: serverError },
  ],
} satisfies TraversalSamples
