/**
 * Recognises uploads by their first bytes, never by the name or the mimetype a client claims: a file named
 * x.pdf that holds a PNG is not a PDF, and a photo must really be JPEG, PNG or WebP before we serve it back
 * under that content type.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

const PDF = ascii('%PDF-')
const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const RIFF = ascii('RIFF')
const WEBP = ascii('WEBP')

/** A PDF starts with `%PDF-` (the rule; we do not hunt for the header further in). */
export const isPdf = (bytes: Uint8Array): boolean => startsWith(bytes, PDF)

export type ImageKind = 'jpg' | 'png' | 'webp'

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/** The image format by its signature, or null when it is none of the three we accept. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, JPEG)) return 'jpg'
  if (startsWith(bytes, PNG)) return 'png'
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp'
  return null
}
