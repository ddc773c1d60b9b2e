/** Saves a downloaded Blob as a file: an object URL behind a temporary <a download>, released right after. */
export function saveBlob(blob: Blob, fileName: string): void {
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
