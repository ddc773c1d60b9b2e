/**
 * Download of a stored PDF. The download routes need the bearer token, so the file is fetched through the API
 * helper (downloadFile) and handed to the browser as an object URL; a failure shows next to the link.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { downloadStoredFile } from '../../api/files'
import { failureReason } from '../../../domain/contract/envelope'
import { Button, FileIcon, Highlight } from '../../ui'
import { DOCUMENTS } from './messages'

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

export function DownloadButton({ url, shownName, fileName }: { url: string; shownName: string; fileName: string }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const download = async () => {
    setBusy(true)
    setError(null)
    try {
      const file = await downloadStoredFile(url)
      saveBlob(file.blob, file.fileName ?? fileName)
    } catch (failure) {
      setError(failureReason(failure, DOCUMENTS.downloadFailed))
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className={css({ display: 'inline-grid', gap: '1', minW: 0 })}>
      <Button
        variant="link"
        size="sm"
        startIcon={<FileIcon size={16} />}
        loading={busy}
        onClick={download}
        // The name says what the button shows (WCAG 2.5.3, label in name: the visible cut name); the whole name is its
        // description, on hover and for screen readers.
        aria-label={DOCUMENTS.download(shownName)}
        title={fileName}
      >
        <Highlight text={shownName} />
      </Button>
      {error ? (
        <span role="alert" className={css({ fontSize: 'xs', color: 'fg.error' })}>
          {error}
        </span>
      ) : null}
    </span>
  )
}
