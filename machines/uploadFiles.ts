/**
 * What the upload machines (collaboratorUpload, invoiceUpload, profilePhoto) check on a picked file before anything
 * is sent. The check reads the browser's MIME type (and the name when the browser gives none); the server sniffs
 * the bytes anyway, so this is the early answer, not the guard of record.
 */

/** A picked file as the machines see it: a `File` from an `<input type="file">` satisfies it. */
export interface PickedFile extends Blob {
  readonly name: string
}

// The refusals' texts live in domain/, where the server's sniffing refusal reads them too.
export { NOT_A_PDF, NOT_AN_IMAGE } from '../domain/fileReasons'

const PDF_TYPES = ['application/pdf', 'application/x-pdf']
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

const typeOf = (file: { type: string }) => file.type.trim().toLowerCase()

export function isPdfFile(file: { name: string; type: string }): boolean {
  const type = typeOf(file)
  return type ? PDF_TYPES.includes(type) : /\.pdf$/i.test(file.name.trim())
}

export function isImageFile(file: { name: string; type: string }): boolean {
  const type = typeOf(file)
  if (type) return (IMAGE_TYPES as readonly string[]).includes(type)
  return /\.(jpe?g|png|webp)$/i.test(file.name.trim())
}
