/**
 * Scales one photo and re-encodes it as JPEG within the page budget (photoSize.ts). Runs in the worker
 * (photoScale.worker.ts) on an OffscreenCanvas, or on the page's thread where workers cannot draw. Drawing on a
 * canvas and encoding it again is what drops the camera's EXIF block (location, device, time): a canvas holds pixels
 * only. `createImageBitmap` turns the photo upright by its EXIF orientation first.
 */
import { encodeAttempts, fitsPage } from './photoSize'

export interface EncodedPage {
  jpeg: Blob
  width: number
  height: number
}

/** A canvas of the asked size that can encode itself as JPEG (OffscreenCanvas, or a page canvas). */
export type MakeCanvas = (width: number, height: number) => {
  draw: (image: ImageBitmap) => void
  toJpeg: (quality: number) => Promise<Blob>
}

export const offscreenCanvas: MakeCanvas = (width, height) => {
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')!
  return {
    draw: (image) => drawWhite(context, image, width, height),
    toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
  }
}

export const pageCanvas: MakeCanvas = (width, height) => {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')!
  return {
    draw: (image) => drawWhite(context, image, width, height),
    toJpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', quality),
      ),
  }
}

// A transparent PNG would turn black in a JPEG: paper is white.
function drawWhite(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, image: ImageBitmap, width: number, height: number) {
  context.fillStyle = '#fff'
  context.fillRect(0, 0, width, height)
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, width, height)
}

export async function encodePhoto(photo: Blob, makeCanvas: MakeCanvas): Promise<EncodedPage> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' })
  try {
    let last: EncodedPage | null = null
    let canvas: ReturnType<MakeCanvas> | null = null
    let drawnAt = ''
    for (const attempt of encodeAttempts({ width: bitmap.width, height: bitmap.height })) {
      const size = `${attempt.width}x${attempt.height}`
      if (size !== drawnAt) {
        canvas = makeCanvas(attempt.width, attempt.height)
        canvas.draw(bitmap)
        drawnAt = size
      }
      const jpeg = await canvas!.toJpeg(attempt.quality)
      last = { jpeg, width: attempt.width, height: attempt.height }
      if (fitsPage(jpeg.size)) return last
    }
    // The smallest readable attempt, even if a very busy photo is still over budget.
    return last!
  } finally {
    bitmap.close()
  }
}
