/**
 * A polite live region for one upload slot (issue 22): screen readers hear 25 %, 50 %, 75 % and the end of the
 * upload, once each, not every percent. It reads the slot's progress (null when nothing uploads) and the slot's stored
 * document (a new one, by identity, means the upload stored it); the text it keeps is the last announcement.
 */
import { useRef } from 'react'
import { css } from 'styled-system/css'
import { milestoneOf, UPLOAD_PROGRESS_TEXTS as T } from './uploadFormat'

const visuallyHidden = css({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' })

export function UploadAnnouncer({ label, progress, stored }: { label: string; progress: number | null; stored: object | null }) {
  const state = useRef<{ milestone: number; uploading: boolean; stored: object | null; text: string }>({ milestone: 0, uploading: false, stored, text: '' })
  const current = state.current
  if (progress !== null) {
    if (!current.uploading) Object.assign(current, { uploading: true, milestone: 0 })
    const reached = milestoneOf(progress)
    if (reached > current.milestone) Object.assign(current, { milestone: reached, text: T.milestone(label, reached) })
  } else if (current.uploading) {
    // The upload ended: announce it only when a document was stored (a cancel or a refusal has its own message).
    const storedNow = stored !== null && stored !== current.stored
    Object.assign(current, { uploading: false, milestone: 0, text: storedNow ? T.done(label) : current.text })
  }
  current.stored = stored
  return (
    <p role="status" aria-live="polite" className={visuallyHidden}>
      {current.text}
    </p>
  )
}
