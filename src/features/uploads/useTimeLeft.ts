/**
 * Seconds left of an upload from the speed measured since it (re)started sending: display only, from the byte
 * counts the machine holds. A pause or a dropped connection restarts the measure.
 */
import { useRef } from 'react'

export function useTimeLeft(loaded: number, total: number, sending: boolean): number | null {
  const start = useRef<{ at: number; loaded: number } | null>(null)
  if (!sending) {
    start.current = null
    return null
  }
  const now = Date.now()
  if (start.current === null || loaded < start.current.loaded) start.current = { at: now, loaded }
  const elapsed = (now - start.current.at) / 1000
  const sent = loaded - start.current.loaded
  // Less than a second or nothing sent yet: no honest estimate.
  if (elapsed < 1 || sent <= 0) return null
  return (total - loaded) / (sent / elapsed)
}
