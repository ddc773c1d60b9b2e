/** The legend of the document status codes (spec section 4), each shown as its chip. */
import { css } from 'styled-system/css'
import { Highlight } from '../../ui'
import { DocumentStatusChip } from '../documents/DocumentStatusChip'
import { DOCUMENTS } from './messages'

/** The legend lists uploaded, digital verified, digital rejected, physical verified, physical rejected. */
const LEGEND_STATUSES = [1, 2, 3, 4, 5] as const

export function StatusLegend() {
  return (
    <section aria-labelledby="document-legend-title" className={css({ display: 'grid', gap: '2' })}>
      <h3 id="document-legend-title" className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        <Highlight text={DOCUMENTS.legendTitle} />
      </h3>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {LEGEND_STATUSES.map((status) => (
          <li key={status}>
            <DocumentStatusChip status={status} />
          </li>
        ))}
      </ul>
    </section>
  )
}
