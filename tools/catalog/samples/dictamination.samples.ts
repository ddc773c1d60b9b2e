import type { TraversalSamples } from '../../machineGraph/traversal'
import { pdf, png, serverError } from './common'

export const dictaminationSamples = {
  input: { idEvento: 77 },
  events: [
    { type: 'xstate.done.actor.loadDictamination', output: null },
    {
      type: 'xstate.done.actor.loadDictamination',
      output: { nombre: 'dictamen.pdf', url: '/api/file/dictamination/77', comentario: null, dictaminacion: '1' },
    },
    { type: 'xstate.error.actor.loadDictamination', error: serverError },
    { type: 'status.select', status: 'approved' },
    { type: 'status.select', status: 'rejected' },
    { type: 'file.select', file: pdf, firstBytes: '%PDF-' },
    { type: 'file.select', file: png },
    { type: 'xstate.done.actor.attachDictaminationFile', output: { url: '/api/file/download/90' } },
    { type: 'xstate.error.actor.attachDictaminationFile', error: serverError },
    { type: 'xstate.error.actor.saveDictamination', error: serverError },
  ],
} satisfies TraversalSamples
