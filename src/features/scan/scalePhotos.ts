/**
 * Scales photos in a worker where the browser can draw there (Worker + OffscreenCanvas with JPEG encoding), on the
 * page's thread otherwise (older Safari). One worker per arranger, ended with it.
 */
import { encodePhoto, pageCanvas, type EncodedPage } from './encodePhoto'
import type { ScaleAnswer, ScaleRequest } from './photoScale.worker'

export interface PhotoScaler {
  scale: (photo: Blob) => Promise<EncodedPage>
  close: () => void
}

const workerCanDraw = () =>
  typeof Worker !== 'undefined' &&
  typeof OffscreenCanvas !== 'undefined' &&
  typeof OffscreenCanvas.prototype.convertToBlob === 'function' &&
  typeof createImageBitmap === 'function'

export function createPhotoScaler(): PhotoScaler {
  if (!workerCanDraw()) return { scale: (photo) => encodePhoto(photo, pageCanvas), close: () => {} }
  const worker = new Worker(new URL('./photoScale.worker.ts', import.meta.url), { type: 'module' })
  const waiting = new Map<number, { resolve: (page: EncodedPage) => void; reject: (error: Error) => void }>()
  let next = 0
  worker.onmessage = (event: MessageEvent<ScaleAnswer>) => {
    const answer = event.data
    const call = waiting.get(answer.id)
    if (!call) return
    waiting.delete(answer.id)
    if ('error' in answer) call.reject(new Error(answer.error))
    else call.resolve({ jpeg: answer.jpeg, width: answer.width, height: answer.height })
  }
  worker.onerror = () => {
    for (const call of waiting.values()) call.reject(new Error('worker'))
    waiting.clear()
  }
  return {
    scale: (photo) =>
      new Promise((resolve, reject) => {
        const id = ++next
        waiting.set(id, { resolve, reject })
        worker.postMessage({ id, photo } satisfies ScaleRequest)
      }),
    close: () => worker.terminate(),
  }
}
