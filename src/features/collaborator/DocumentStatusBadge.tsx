/**
 * A document's status as a coloured chip (spec section 4 'Document status codes': 0 pending grey, 1 uploaded
 * green, 2 digital verified, 3 digital rejected, 4 physical verified, 5 physical rejected, each its own colour).
 * Shared by the collaborator's upload tab and the administrator's invoice review.
 */
import { chip } from 'styled-system/recipes'
import { DOCUMENT_STATUS_LABELS } from '../../../machines/collaboratorUpload.machine'

const TONE = ['gray', 'green', 'blue', 'red', 'teal', 'orange'] as const

export function DocumentStatusBadge({ status }: { status: number }) {
  const known = status in DOCUMENT_STATUS_LABELS && status in TONE
  const code = known ? status : 0
  return (
    <span data-status={status} className={chip({ tone: TONE[code] })}>
      {DOCUMENT_STATUS_LABELS[code]}
    </span>
  )
}
