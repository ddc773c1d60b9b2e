/**
 * The authorization letter PDF for whoever reads the claim: 'Ver carta autorización' opens it in the viewer,
 * 'Descargar carta autorización' saves it. A refusal (409 before the dictamen is approved, 403) shows the server's
 * Spanish reason next to the buttons.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { letterFileName } from '../../../domain/letter'
import { downloadLetterPdf, letterPdfPath } from '../../api/letter'
import { claimCode } from '../../lib/format'
import { Button, DownloadIcon, FileIcon } from '../../ui'
import { saveBlob } from '../invoices/saveFile'
import { storedDocument, type DocumentSource } from './documentSource'
import { DocumentViewerDialogOnDemand } from './DocumentViewerDialogOnDemand'
import { LETTER_PDF } from './messages'

export interface LetterPdfActionsProps {
  idEvento: number
  /** Only the download (the provider's invoice page asks for just that). */
  downloadOnly?: boolean
}

export function LetterPdfActions({ idEvento, downloadOnly = false }: LetterPdfActionsProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [source, setSource] = useState<DocumentSource | null>(null)
  const fileName = letterFileName(idEvento)
  const title = LETTER_PDF.title(claimCode(idEvento))

  const download = async () => {
    setBusy(true)
    setError(null)
    const result = await downloadLetterPdf(idEvento)
    setBusy(false)
    if (result.success) saveBlob(result.blob, result.fileName ?? fileName)
    else setError(result.reason || LETTER_PDF.failed)
  }

  return (
    <div className={css({ display: 'grid', gap: '2', justifyItems: { base: 'stretch', sm: 'start' } })}>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        {downloadOnly ? null : (
          <Button
            variant="secondary"
            startIcon={<FileIcon size={18} />}
            aria-haspopup="dialog"
            onClick={() => setSource(storedDocument(letterPdfPath(idEvento), fileName))}
            className={css({ w: { base: 'full', sm: 'auto' } })}
          >
            {LETTER_PDF.view}
          </Button>
        )}
        <Button
          variant="secondary"
          startIcon={<DownloadIcon size={18} />}
          loading={busy}
          onClick={() => void download()}
          className={css({ w: { base: 'full', sm: 'auto' } })}
        >
          {LETTER_PDF.download}
        </Button>
      </div>
      {error ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'fg.error' })}>
          {error}
        </p>
      ) : null}
      <DocumentViewerDialogOnDemand source={source} onClose={() => setSource(null)} title={title} label={title} description={fileName} />
    </div>
  )
}
