import type { TraversalSamples } from '../../machineGraph/traversal'

export const documentViewerSamples = {
  input: {},
  // The rotation never limits anything, and only whether the page is the first or the last does: both left out.
  contextKey: (c: { source: string | null; pageCount: number; page: number; zoom: number; fitWidth: boolean; reason: string | null }) => ({
    source: c.source,
    pageCount: c.pageCount,
    first: c.page === 1,
    last: c.page === c.pageCount,
    zoom: c.zoom,
    fitWidth: c.fitWidth,
    reason: c.reason,
  }),
  events: [
    { type: 'document.open', source: '/api/file/download/claim-file/12', fileName: 'resumen-medico.pdf' },
    { type: 'xstate.done.actor.loadDocument', output: { pageCount: 3 } },
    { type: 'xstate.error.actor.loadDocument', error: { kind: 'damaged' } },
    { type: 'xstate.error.actor.loadDocument', error: { kind: 'forbidden', status: 403 } },
    { type: 'xstate.error.actor.loadDocument', error: { kind: 'failed', reason: 'No se encontró el archivo', status: 404 } },
    { type: 'page.go', page: 3 },
    { type: 'zoom.fitted', zoom: 80 },
  ],
} satisfies TraversalSamples
