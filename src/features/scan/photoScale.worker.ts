/**
 * The image work of scan to PDF off the page's thread: each message is one photo, answered with its page JPEG (or
 * with `error`), so the screen keeps answering while a phone scales a 12-megapixel photo.
 */
import { encodePhoto, offscreenCanvas } from './encodePhoto'

export interface ScaleRequest {
  id: number
  photo: Blob
}

export type ScaleAnswer = { id: number; jpeg: Blob; width: number; height: number } | { id: number; error: string }

// The project's types are the page's (DOM); a worker's global only needs these two here.
const scope = self as unknown as { onmessage: (event: MessageEvent<ScaleRequest>) => void; postMessage: (answer: ScaleAnswer) => void }

scope.onmessage = async (event) => {
  const { id, photo } = event.data
  try {
    const page = await encodePhoto(photo, offscreenCanvas)
    scope.postMessage({ id, ...page } satisfies ScaleAnswer)
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ScaleAnswer)
  }
}
