/**
 * The document picker of the upload pages with a look before sending: a picked file the page's machine would accept
 * opens in the viewer dialog, and only 'Cargar documento' hands it to the page (which uploads it); 'Cancelar'
 * drops it. A file the machine would refuse (not a PDF) goes to the page at once, so the machine shows its own
 * refusal — the upload rule stays in the machine; this only asks it (`accepts`). Photos of the paper go to the scan
 * arranger instead (ScanPicker, issue 22), which previews its own PDF and hands it straight to `onFile`.
 */
import { useState, type ReactNode } from 'react'
import { Button, UploadIcon, useDisabledReason } from '../../ui'
import { ScanPicker } from '../scan/ScanPicker'
import { pickedDocument, type DocumentSource } from './documentSource'
import { DocumentViewerDialogOnDemand } from './DocumentViewerDialogOnDemand'
import { PREVIEW } from './messages'

export interface PickWithPreviewProps {
  label: ReactNode
  buttonLabel: ReactNode
  /** What the document is ('Resumen médico'). */
  documentLabel: string
  disabled?: boolean
  /** Why the picker is disabled, shown under it and read with it; null while it is enabled or only busy. */
  disabledReason?: string | null
  /** The page's machine's rule: would it take this file? */
  accepts: (file: File) => boolean | Promise<boolean>
  onFile: (file: File) => void
  onReject: (reason: string) => void
}

interface Pending {
  file: File
  source: DocumentSource
}

export function PickWithPreview({
  label,
  buttonLabel,
  documentLabel,
  disabled,
  disabledReason = null,
  accepts,
  onFile,
  onReject,
}: PickWithPreviewProps) {
  const { describedBy, reasonLine } = useDisabledReason(disabled ? disabledReason : null)
  const [pending, setPending] = useState<Pending | null>(null)
  // A fresh picker after each choice, so the same file can be picked again after 'Cancelar'.
  const [picks, setPicks] = useState(0)

  const pick = async (file: File) => {
    setPicks((n) => n + 1)
    if (await accepts(file)) setPending({ file, source: pickedDocument(file) })
    else onFile(file)
  }
  const confirm = () => {
    if (!pending) return
    setPending(null)
    onFile(pending.file)
  }

  return (
    <>
      <ScanPicker
        key={picks}
        label={label}
        buttonLabel={buttonLabel}
        documentLabel={documentLabel}
        disabled={disabled || pending !== null}
        describedBy={describedBy}
        onFile={(file) => void pick(file)}
        onScanned={onFile}
        onReject={onReject}
      />
      {reasonLine}
      <DocumentViewerDialogOnDemand
        source={pending?.source ?? null}
        onClose={() => setPending(null)}
        title={PREVIEW.title(documentLabel)}
        label={documentLabel}
        loadingText={PREVIEW.loading}
        description={`${PREVIEW.intro} ${pending?.file.name ?? ''}`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setPending(null)}>
              {PREVIEW.cancel}
            </Button>
            <Button startIcon={<UploadIcon size={18} />} onClick={confirm}>
              {PREVIEW.confirm}
            </Button>
          </>
        }
      />
    </>
  )
}
