/** A claim's service-level badge: 'A tiempo' green, 'Por vencer' amber, 'Vencido' red (each with text, not colour alone). */
import { chip } from 'styled-system/recipes'
import { serviceBadgeLabel, type ServiceBadge as Badge } from '../../../domain/serviceLevels'

const TONE = { onTime: 'green', dueSoon: 'amber', overdue: 'red' } as const satisfies Record<Badge, string>

export function ServiceBadge({ badge }: { badge: Badge }) {
  return (
    <span data-badge={badge} className={chip({ tone: TONE[badge] })}>
      {serviceBadgeLabel(badge)}
    </span>
  )
}
