/**
 * Document status codes of spec section 4 as the pages show them: a name and a colour each (0 pending grey,
 * 1 uploaded green, 2 digital verified blue, 3 digital rejected red, 4 physical verified teal, 5 physical rejected
 * orange), the legend, and the chip of one document.
 */
import { css, cx } from 'styled-system/css'
import { Highlight } from '../../ui'
import { DOCUMENT_STATUS_LABELS, DOCUMENTS } from './messages'

/** Background and text colour of each status, from Panda's palette (a colour apiece, readable on white). */
const STATUS_TONE: Record<number, string> = {
  0: css({ bg: 'gray.100', color: 'gray.700', borderColor: 'gray.400' }),
  1: css({ bg: 'green.100', color: 'green.800', borderColor: 'green.600' }),
  2: css({ bg: 'blue.100', color: 'blue.800', borderColor: 'blue.600' }),
  3: css({ bg: 'red.100', color: 'red.800', borderColor: 'red.600' }),
  4: css({ bg: 'teal.100', color: 'teal.800', borderColor: 'teal.600' }),
  5: css({ bg: 'orange.100', color: 'orange.800', borderColor: 'orange.600' }),
}
const SWATCH: Record<number, string> = {
  0: css({ bg: 'gray.400' }),
  1: css({ bg: 'green.600' }),
  2: css({ bg: 'blue.600' }),
  3: css({ bg: 'red.600' }),
  4: css({ bg: 'teal.600' }),
  5: css({ bg: 'orange.600' }),
}

/** The legend lists uploaded, digital verified, digital rejected, physical verified, physical rejected. */
const LEGEND_STATUSES = [1, 2, 3, 4, 5] as const

const statusLabel = (status: number): string => DOCUMENT_STATUS_LABELS[status] ?? DOCUMENT_STATUS_LABELS[0]!

export function StatusChip({ status }: { status: number }) {
  return (
    <span
      data-status={status}
      className={cx(
        css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1.5',
          px: '2',
          py: '0.5',
          borderRadius: 'full',
          borderWidth: '1px',
          fontSize: 'xs',
          fontWeight: 'semibold',
          whiteSpace: 'nowrap',
        }),
        STATUS_TONE[status] ?? STATUS_TONE[0],
      )}
    >
      <span aria-hidden="true" className={cx(css({ w: '2', h: '2', borderRadius: 'full' }), SWATCH[status] ?? SWATCH[0])} />
      <Highlight text={statusLabel(status)} />
    </span>
  )
}

export function StatusLegend() {
  return (
    <section aria-labelledby="document-legend-title" className={css({ display: 'grid', gap: '2' })}>
      <h3 id="document-legend-title" className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        <Highlight text={DOCUMENTS.legendTitle} />
      </h3>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {LEGEND_STATUSES.map((status) => (
          <li key={status}>
            <StatusChip status={status} />
          </li>
        ))}
      </ul>
    </section>
  )
}
