/**
 * Where a streamed download goes, chunk by chunk (issue 15):
 * - the browser's save dialog (File System Access API, `showSaveFilePicker`) where it exists: each chunk is written
 *   to the chosen file as it arrives, so the report is never held in memory;
 * - elsewhere, the chunks as they arrived (never decoded or re-read), saved at the end through a temporary
 *   <a download> on an object URL.
 * `discard` leaves no file behind (an empty report, a failure, a cancelled download).
 */

export interface FileSink {
  write(chunk: Uint8Array): Promise<void>
  close(): Promise<void>
  discard(): Promise<void>
}

interface WritableFile {
  write(data: Uint8Array): Promise<void>
  close(): Promise<void>
  abort(reason?: unknown): Promise<void>
}

interface SaveFilePicker {
  (options: {
    suggestedName: string
    types: { description: string; accept: Record<string, string[]> }[]
  }): Promise<{ createWritable(): Promise<WritableFile> }>
}

const CSV_TYPE = 'text/csv;charset=utf-8'

function savePicker(): SaveFilePicker | null {
  const picker = (globalThis as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker
  return typeof picker === 'function' ? picker.bind(globalThis) : null
}

/**
 * Opens the file to write `fileName` to; null when the user closed the save dialog. A browser that refuses the
 * dialog (no user gesture left, a sandboxed frame) gets the in-memory fallback instead.
 */
export async function openFileSink(fileName: string): Promise<FileSink | null> {
  const picker = savePicker()
  if (picker) {
    try {
      const handle = await picker({ suggestedName: fileName, types: [{ description: 'Archivo CSV', accept: { 'text/csv': ['.csv'] } }] })
      const writable = await handle.createWritable()
      return {
        write: (chunk) => writable.write(chunk),
        close: () => writable.close(),
        discard: () => writable.abort(),
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null
    }
  }
  return memorySink(fileName)
}

function memorySink(fileName: string): FileSink {
  let chunks: BlobPart[] = []
  return {
    write: async (chunk) => void chunks.push(chunk as Uint8Array<ArrayBuffer>),
    close: async () => {
      saveBlob(new Blob(chunks, { type: CSV_TYPE }), fileName)
      chunks = []
    },
    discard: async () => {
      chunks = []
    },
  }
}

/** Saves a Blob as a file: an object URL behind a temporary <a download>, released right after. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.appendChild(link)
  try {
    link.click()
  } finally {
    link.remove()
    // The click starts the download synchronously; the URL is no longer needed once the task ends.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}
