/**
 * The bytes of the one upload a screen sends (the dictamen, the invoice, the profile photo: issue 22), for display
 * only: the screen's machine knows it is uploading and whether it was cancelled; how many bytes went out is what the
 * transport reports here, and what <RunningUpload> shows. One store per screen, reset when an upload starts.
 */
import { useSyncExternalStore } from 'react'

export interface SentBytes {
  loaded: number
  total: number
}

export interface ByteProgress {
  /** The transport's progress callback (`onProgress`). */
  report: (progress: SentBytes) => void
  /** A new upload of `total` bytes starts from nothing. */
  start: (total: number) => void
  subscribe: (listener: () => void) => () => void
  current: () => SentBytes
}

export function createByteProgress(): ByteProgress {
  let value: SentBytes = { loaded: 0, total: 0 }
  const listeners = new Set<() => void>()
  const set = (next: SentBytes) => {
    value = next
    for (const listener of listeners) listener()
  }
  return {
    report: ({ loaded, total }) => set({ loaded: Math.min(Math.max(loaded, 0), total), total }),
    start: (total) => set({ loaded: 0, total }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    current: () => value,
  }
}

export const useSentBytes = (progress: ByteProgress): SentBytes => useSyncExternalStore(progress.subscribe, progress.current)
