/** A claim's service-level badge: 'A tiempo' green, 'Por vencer' amber, 'Vencido' red (each with text, not colour alone). */
import { css, cx } from 'styled-system/css'
import { serviceBadgeLabel, type ServiceBadge as Badge } from '../../../domain/serviceLevels'

const TONE: Record<Badge, string> = {
  onTime: css({ bg: 'green.100', color: 'green.800', borderColor: 'green.600' }),
  dueSoon: css({ bg: 'amber.100', color: 'amber.900', borderColor: 'amber.600' }),
  overdue: css({ bg: 'red.100', color: 'red.800', borderColor: 'red.600' }),
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

export function ServiceBadge({ badge }: { badge: Badge }) {
  return (
    <span data-badge={badge} className={cx(chip, TONE[badge])}>
      <span aria-hidden="true" className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'currentColor' })} />
      {serviceBadgeLabel(badge)}
    </span>
  )
}
