import type { TraversalSamples } from '../../machineGraph/traversal'
import type { ScanDocumentContext } from '../../../machines/scanDocument.machine'
import { pdf, serverError } from './common'

const photo = (n: number) => ({ name: `hoja-${n}.jpg`, type: 'image/jpeg', size: 3_500_000 })
const page = (n: number) => ({ source: `foto-${n}`, thumbnailUrl: `blob:portal/foto-${n}`, width: 1275, height: 1700, size: 240_000 })

export const scanDocumentSamples = {
  input: { fileName: 'Identificación oficial.pdf' },
  events: [
    { type: 'photos.add', photos: [photo(1), photo(2)] },
    { type: 'photos.add', photos: [pdf] },
    // One more than a document may hold.
    { type: 'photos.add', photos: Array.from({ length: 21 }, (_, i) => photo(i + 1)) },
    { type: 'xstate.done.actor.preparePhotos', output: [page(1), page(2)] },
    { type: 'xstate.error.actor.preparePhotos', error: serverError },
    { type: 'page.remove', id: 'pagina-1' },
    { type: 'page.remove', id: 'pagina-2' },
    { type: 'page.moveUp', id: 'pagina-2' },
    { type: 'page.moveDown', id: 'pagina-1' },
    { type: 'page.rotate', id: 'pagina-1' },
    {
      type: 'xstate.done.actor.buildPdf',
      output: { key: 'pdf-1', fileName: 'Identificación oficial.pdf', pageCount: 2, size: 480_000 },
    },
    { type: 'xstate.error.actor.buildPdf', error: serverError },
  ],
  // Pages only grow with each added photo set: the key counts them up to two (enough for every move and removal)
  // and ignores order and rotation, so the traversal stays small and ends.
  contextKey: (context: ScanDocumentContext) => ({ pages: Math.min(context.pages.length, 2), alert: context.alert !== null }),
} satisfies TraversalSamples
