import type { TraversalSamples } from '../../machineGraph/traversal'
import { serverError } from './common'

export const pagedListSamples = {
  input: { searchMode: 'claimNumber' },
  events: [
    {
      type: 'xstate.done.actor.loadPage',
      output: {
        items: [
          { idUser: 31, nombre: 'Laura', email: 'laura@coppel.com', telefono: '5512345678', activo: 0, ubicacionLaboral: 'Coorporativo Reforma' },
          { idUser: 32, nombre: 'Pedro', email: 'pedro@coppel.com', telefono: '5512345679', activo: 1, ubicacionLaboral: 'Coorporativo Reforma' },
        ],
        total: 25,
      },
    },
    { type: 'xstate.done.actor.loadPage', output: { items: [], total: 0 } },
    { type: 'xstate.error.actor.loadPage', error: serverError },
    { type: 'xstate.done.actor.rowAction', output: { idUsuario: 31 } },
    { type: 'xstate.error.actor.rowAction', error: serverError },
    { type: 'search.change', value: 'C12' },
    { type: 'page.change', page: 2 },
    { type: 'rowAction.request', index: 0 },
  ],
} satisfies TraversalSamples
