/**
 * The document viewer's dialog, downloaded the first time a document is opened (issue 24). The screens that offer
 * 'Ver …' (the collaborator's home with its letter, the upload pages, the claim process) draw the button at once;
 * the viewer (its machine, toolbar and Ark's dialog) is a chunk of its own that most first screens never need, and
 * pdf.js behind it was already loaded on demand. Once opened it stays mounted, so closing animates and returns focus.
 */
import { lazy, Suspense } from 'react'
import { useOpenedOnce } from '../../ui/overlaysOnDemand'
import type { DocumentViewerDialogProps } from './DocumentViewerDialog'

const LazyDocumentViewerDialog = lazy(() =>
  import('./DocumentViewerDialog').then((module) => ({ default: module.DocumentViewerDialog })),
)

export function DocumentViewerDialogOnDemand(props: DocumentViewerDialogProps) {
  if (!useOpenedOnce(props.source !== null)) return null
  return (
    <Suspense fallback={null}>
      <LazyDocumentViewerDialog {...props} />
    </Suspense>
  )
}
