/**
 * 'Etapas del trámite' as a card for the office's and the provider's claim pages: reads the claim's status history
 * (GET /api/event/get-status, through the claim cache) and draws the one StageTimeline every role shares. A history
 * that cannot be read leaves the stages without dates or names of who moved them.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { timelineOf } from '../../../machines/claimTimeline'
import { inspect } from '../../lib/inspect'
import { Card } from '../../ui'
import { loadStatusHistoryActor } from '../claimProcess/actors'
import { STAGE_TIMELINE as T } from './messages'
import { StageTimeline } from './StageTimeline'

export function ClaimStagesCard({ idEvento, statusId }: { idEvento: number; statusId: number }) {
  const history = useActorRef(loadStatusHistoryActor, { input: { idEvento }, inspect })
  const entries = useSelector(history, (s) => s.output ?? [])
  return (
    <Card title={T.title}>
      <StageTimeline steps={timelineOf(statusId, entries)} />
    </Card>
  )
}
