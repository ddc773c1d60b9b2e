/**
 * How big a scanned page may be (issue 22): at most 1,700 px on its long side — a Letter page at 200 dpi, enough to
 * read a form or an ID card — and at most 300 KB as JPEG. Pure numbers, so they are tested without a canvas.
 */
const MAX_LONG_SIDE = 1700
const MAX_PAGE_BYTES = 300 * 1024

/** JPEG qualities tried in turn until the page fits; 0.82 keeps text sharp, lower only when a photo is busy. */
const QUALITY_STEPS = [0.82, 0.72, 0.62, 0.52, 0.42] as const
/** When even the lowest quality is too big, the page shrinks by this factor and the qualities start again. */
const SHRINK = 0.8
/** Below this long side a page is no longer readable: the last attempt stops here whatever its size. */
const MIN_LONG_SIDE = 800

export interface Size {
  width: number
  height: number
}

/** The photo's size scaled down (never up) so its long side is at most `maxLongSide`, keeping its proportions. */
export function fitLongSide({ width, height }: Size, maxLongSide = MAX_LONG_SIDE): Size {
  const long = Math.max(width, height)
  if (long <= maxLongSide) return { width, height }
  const scale = maxLongSide / long
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export interface EncodeAttempt extends Size {
  quality: number
}

/** Every encoding to try for a photo of `size`, in order; the first result of at most MAX_PAGE_BYTES wins. */
export function encodeAttempts(size: Size): EncodeAttempt[] {
  const attempts: EncodeAttempt[] = []
  let current = fitLongSide(size)
  for (;;) {
    for (const quality of QUALITY_STEPS) attempts.push({ ...current, quality })
    const long = Math.max(current.width, current.height)
    if (long * SHRINK < MIN_LONG_SIDE) return attempts
    current = fitLongSide(current, Math.round(long * SHRINK))
  }
}

/** Whether an encoded page is small enough. */
export const fitsPage = (bytes: number): boolean => bytes <= MAX_PAGE_BYTES

/**
 * The PDF page's size in points for a page image: 200 pixels an inch, so a 1,700 px side prints as 8.5 in (Letter's
 * width) and the viewer's 100 % shows the paper's own size.
 */
export function pageSizeInPoints({ width, height }: Size): Size {
  const pointsPerPixel = 72 / 200
  return { width: width * pointsPerPixel, height: height * pointsPerPixel }
}
