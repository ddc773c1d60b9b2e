/**
 * A document viewer in a modal dialog (Ark Dialog: focus trapped, Escape closes, labelled by its title), for
 * screens where the document is not the page's main content: the stored documents of the upload pages, the
 * dictamen, the letter, and the preview of a picked file before it is sent.
 */
import type { ReactNode } from 'react'
import { Dialog } from '../../ui'
import type { DocumentSource } from './documentSource'
import { DocumentViewer } from './DocumentViewer'
import { PREVIEW } from './messages'

export interface DocumentViewerDialogProps {
  /** The document to show; the dialog is open while there is one. */
  source: DocumentSource | null
  onClose: () => void
  title: ReactNode
  /** Names the viewer ('Resumen médico'). */
  label: string
  description?: ReactNode
  footer?: ReactNode
  /** The viewer's loading line (a picked file's preview: PREVIEW.loading). */
  loadingText?: string | undefined
}

export function DocumentViewerDialog({ source, onClose, title, label, description, footer, loadingText }: DocumentViewerDialogProps) {
  return (
    <Dialog
      open={source !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={title}
      description={description}
      size="xl"
      closeLabel={PREVIEW.close}
      footer={footer}
    >
      {source ? <DocumentViewer source={source} label={label} height="max(18rem, calc(100dvh - 17rem))" loadingText={loadingText} /> : null}
    </Dialog>
  )
}
