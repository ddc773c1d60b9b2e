/**
 * Where a viewer's bytes come from. A stored file goes through the authenticated download routes (apiDownload
 * sends the bearer token, so the server's read rules apply and nothing becomes public); a file picked for upload is
 * read from the browser before anything is sent. A failure is thrown as the machine reads it (LoadFailure).
 */
import { apiDownload } from '../../api/client'
import type { LoadFailure } from '../../../machines/documentViewer.machine'

export interface DocumentSource {
  /** What the viewer machine knows of the file: its address, or a key for a picked file. */
  key: string
  fileName: string
  read: (signal: AbortSignal) => Promise<Blob>
}

/** A file the API serves (documents, invoice, dictamen, the letter), by the address an answer gave. */
export function storedDocument(url: string, fileName: string): DocumentSource {
  return {
    key: url,
    fileName,
    read: async (signal) => {
      const result = await apiDownload(url, { signal })
      if (result.success) return result.blob
      const failure: LoadFailure =
        result.status === undefined
          ? { kind: 'failed' }
          : { kind: result.status === 401 || result.status === 403 ? 'forbidden' : 'failed', reason: result.reason, status: result.status }
      throw failure
    },
  }
}

/** A file chosen in the picker, not sent yet (a File, or the machines' PickedFile). */
export function pickedDocument(file: Blob & { name: string; lastModified?: number }): DocumentSource {
  return { key: `archivo-elegido:${file.name}:${file.size}:${file.lastModified ?? 0}`, fileName: file.name, read: async () => file }
}
