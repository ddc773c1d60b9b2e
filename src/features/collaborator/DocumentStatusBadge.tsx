/**
 * A document's status as a coloured chip (spec section 4 'Document status codes': 0 pending grey, 1 uploaded
 * green, 2 digital verified, 3 digital rejected, 4 physical verified, 5 physical rejected, each its own colour).
 * Shared by the collaborator's upload tab and the administrator's invoice review.
 */
import { css, cx } from 'styled-system/css'
import { DOCUMENT_STATUS_LABELS } from '../../../machines/collaboratorUpload.machine'

const TONE: Record<number, string> = {
  0: css({ bg: 'gray.100', color: 'gray.700', borderColor: 'gray.400' }),
  1: css({ bg: 'green.100', color: 'green.800', borderColor: 'green.600' }),
  2: css({ bg: 'blue.100', color: 'blue.800', borderColor: 'blue.600' }),
  3: css({ bg: 'red.100', color: 'red.800', borderColor: 'red.600' }),
  4: css({ bg: 'teal.100', color: 'teal.800', borderColor: 'teal.600' }),
  5: css({ bg: 'orange.100', color: 'orange.800', borderColor: 'orange.600' }),
}

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '2.5',
  py: '0.5',
  borderRadius: 'full',
  borderWidth: '1px',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
})

export function DocumentStatusBadge({ status }: { status: number }) {
  const label = DOCUMENT_STATUS_LABELS[status] ?? DOCUMENT_STATUS_LABELS[0]!
  return (
    <span data-status={status} className={cx(chip, TONE[status] ?? TONE[0])}>
      <span aria-hidden="true" className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'currentColor' })} />
      {label}
    </span>
  )
}
