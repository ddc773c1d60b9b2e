/**
 * A document picker that takes a PDF or photos of the paper (issue 22): its file dialog lists PDFs and JPEG, PNG
 * and WebP images, so a phone offers the camera and the gallery, and several photos may be chosen at once. A PDF
 * (or any other single file, which the page's machine refuses with its own message) goes to `onFile` as before;
 * photos open the arranger — loaded only then, with pdf-lib, so no first screen carries it — whose PDF goes to
 * `onScanned` (default `onFile`), i.e. the slot's existing upload.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { isImageFile, isPdfFile } from '../../../machines/uploadFiles'
import { FileUpload } from '../../ui'
import { MAX_SCAN_PAGES } from '../../../machines/scanDocument.machine'
import { SCAN } from './messages'

const ScanArranger = lazy(() => import('./ScanArranger'))

/** The file dialog's list: PDFs first, then the photo types phones write. */
const PDF_OR_PHOTOS_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
}

export interface ScanPickerProps {
  label: ReactNode
  buttonLabel?: ReactNode
  /** What the document is ('Identificación oficial'): the arranger's title and the PDF's name. */
  documentLabel: string
  disabled?: boolean
  describedBy?: string | undefined
  onFile: (file: File) => void
  /** The PDF made from photos (already previewed in the arranger); `onFile` when not given. */
  onScanned?: (file: File) => void
  onReject: (reason: string) => void
}

/** What a pick of files becomes: a PDF to `onFile`, photos to the arranger (whose PDF goes to `onScanned`). */
interface ScanRouting {
  documentLabel: string
  onFile: (file: File) => void
  onScanned: (file: File) => void
  onReject: (reason: string) => void
}

/**
 * The routing of a pick, for any file dialog (the picker below, or an icon's own input such as the invoice's
 * 'Editar factura'): `route` takes the picked files, `arranger` is the dialog to render while photos are arranged.
 */
export function useScanRouting({ documentLabel, onFile, onScanned, onReject }: ScanRouting) {
  const [photos, setPhotos] = useState<File[] | null>(null)
  const route = (files: File[]) => {
    if (files.length > 0 && files.every(isImageFile)) setPhotos(files)
    else if (files.length === 1) onFile(files[0]!)
    else onReject(files.some(isImageFile) ? SCAN.mixed : files.every(isPdfFile) ? SCAN.onePdf : SCAN.mixed)
  }
  const arranger = photos ? (
    <Suspense fallback={null}>
      <ScanArranger
        photos={photos}
        documentLabel={documentLabel}
        onDocument={(pdf) => {
          setPhotos(null)
          onScanned(pdf)
        }}
        onClose={() => setPhotos(null)}
      />
    </Suspense>
  ) : null
  return { route, arranger, arranging: photos !== null }
}

/** The `accept` attribute of a plain file input that takes a PDF or photos. */
export const PDF_OR_PHOTOS_INPUT_ACCEPT = Object.entries(PDF_OR_PHOTOS_ACCEPT)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',')

export function ScanPicker({ label, buttonLabel, documentLabel, disabled, describedBy, onFile, onScanned = onFile, onReject }: ScanPickerProps) {
  const { route, arranger, arranging } = useScanRouting({ documentLabel, onFile, onScanned, onReject })
  // A fresh picker after each choice: Ark keeps the files it accepted, and the same file may be picked again.
  const [picks, setPicks] = useState(0)
  const pick = (files: File[]) => {
    setPicks((n) => n + 1)
    route(files)
  }

  return (
    <>
      <FileUpload
        key={picks}
        label={label}
        {...(buttonLabel === undefined ? {} : { buttonLabel })}
        typeCheck="caller"
        accept={PDF_OR_PHOTOS_ACCEPT}
        maxFiles={MAX_SCAN_PAGES}
        disabled={disabled || arranging}
        describedBy={describedBy}
        onFile={(file) => pick([file])}
        onFiles={pick}
        onReject={onReject}
      />
      {arranger}
    </>
  )
}
