/**
 * A document's status as a coloured chip (spec section 4 'Document status codes': 0 pending grey, 1 uploaded green,
 * 2 digital verified blue, 3 digital rejected red, 4 physical verified teal, 5 physical rejected orange). The one
 * chip of every screen that shows a document: the collaborator's slots, the claim's documents and their verification,
 * the administrator's invoice review. The label is highlighted when it matches the header's search.
 */
import { chip } from 'styled-system/recipes'
import { DOCUMENT_STATUS_LABELS } from '../../../domain/labels'
import { Highlight } from '../../ui'

const TONE = ['gray', 'green', 'blue', 'red', 'teal', 'orange'] as const

export function DocumentStatusChip({ status }: { status: number }) {
  const code = status in DOCUMENT_STATUS_LABELS && status in TONE ? status : 0
  return (
    <span data-status={status} className={chip({ tone: TONE[code] })}>
      <Highlight text={DOCUMENT_STATUS_LABELS[code] ?? ''} />
    </span>
  )
}
