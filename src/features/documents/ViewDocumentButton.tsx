/**
 * 'Ver documento': opens a file in the viewer dialog — a stored one (storedDocument: the authenticated address an
 * answer gave) so a reviewer reads it without downloading it, or one just picked (pickedDocument).
 */
import { useState } from 'react'
import { Button, FileIcon, type ButtonProps } from '../../ui'
import type { DocumentSource } from './documentSource'
import { DocumentViewerDialogOnDemand } from './DocumentViewerDialogOnDemand'
import { PREVIEW } from './messages'

export interface ViewDocumentButtonProps {
  source: DocumentSource
  /** What the document is ('Resumen médico'): the dialog's title and the button's accessible name. */
  label: string
  buttonLabel?: string
  variant?: ButtonProps['variant']
  size?: ButtonProps['size']
}

export function ViewDocumentButton({ source, label, buttonLabel = PREVIEW.open, variant = 'secondary', size = 'sm' }: ViewDocumentButtonProps) {
  const [shown, setShown] = useState<DocumentSource | null>(null)
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<FileIcon size={16} />}
        aria-label={PREVIEW.openNamed(label, buttonLabel)}
        aria-haspopup="dialog"
        onClick={() => setShown(source)}
      >
        {buttonLabel}
      </Button>
      <DocumentViewerDialogOnDemand source={shown} onClose={() => setShown(null)} title={label} label={label} description={source.fileName} />
    </>
  )
}
