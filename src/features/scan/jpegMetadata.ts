/**
 * Removes the metadata segments of a JPEG: APP1 (EXIF, with the GPS location and the camera, and XMP), APP13
 * (IPTC/Photoshop) and comments. The canvas re-encode already writes none; this is the second lock, so a page that
 * ever reached the PDF without the re-encode would still carry no location. The image data is left byte for byte.
 */
const SOI = 0xd8
const SOS = 0xda
const APP1 = 0xe1
const APP13 = 0xed
const COM = 0xfe

const DROPPED = new Set([APP1, APP13, COM])

/** The JPEG without its metadata segments; anything that is not a JPEG is returned as it came. */
export function stripJpegMetadata(jpeg: Uint8Array): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) return jpeg
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)]
  let at = 2
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) break
    const marker = jpeg[at + 1]!
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++
      continue
    }
    // From the start of scan on it is image data up to the end: kept whole.
    if (marker === SOS) break
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!
    const end = at + 2 + length
    if (!DROPPED.has(marker)) kept.push(jpeg.subarray(at, end))
    at = end
  }
  kept.push(jpeg.subarray(at))
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of kept) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
