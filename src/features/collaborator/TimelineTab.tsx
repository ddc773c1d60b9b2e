/**
 * 'Tiempo': the claim's stages on the timeline every role's claim view shows (../stages/StageTimeline), from the
 * claim record and GET /api/event/get-status.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { LoadFailed, LoadingBlock } from '../../ui'
import { collaboratorClaimMachine, selectAlert, selectIsLoading, selectTimeline } from '../../../machines/collaboratorClaim.machine'
import { StageTimeline } from '../stages/StageTimeline'
import { TIMELINE_TEXTS as T } from './messages'

type ClaimActor = ActorRefFrom<typeof collaboratorClaimMachine>

export function TimelineTab({ actor }: { actor: ClaimActor }) {
  const loading = useSelector(actor, selectIsLoading)
  const alert = useSelector(actor, selectAlert)
  const steps = useSelector(actor, selectTimeline, (a, b) => JSON.stringify(a) === JSON.stringify(b))

  if (alert) {
    return <LoadFailed onRetry={() => actor.send({ type: 'claim.reload' })}>{alert}</LoadFailed>
  }
  if (loading) return <LoadingBlock label={T.loading} lines={6} />
  return (
    <section aria-labelledby="timeline-title" className={css({ display: 'grid', gap: '4' })}>
      <h2 id="timeline-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        {T.title}
      </h2>
      <StageTimeline steps={steps} labelledBy="timeline-title" />
    </section>
  )
}
