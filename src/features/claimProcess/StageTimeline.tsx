/**
 * The stages of a claim (machines/claimLifecycle.machine.ts `claimTimeline`, the happy path CLAIM_STAGE_ORDER with
 * the detours 'Documentos rechazados' and 'Trámite rechazado'), each done stage with the date it was reached when
 * the history has it.
 */
import { css, cx } from 'styled-system/css'
import { claimTimeline } from '../../../machines/claimLifecycle.machine'
import type { StatusHistory } from '../../api/claimProcess'
import { formatDate } from '../../lib/format'
import { CheckIcon } from '../../ui'
import { GENERAL } from './messages'

const dot = css({
  w: '6',
  h: '6',
  flexShrink: 0,
  borderRadius: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderWidth: '2px',
  fontSize: 'xs',
  fontWeight: 'bold',
})
const dotByState = {
  done: css({ bg: 'bg.primary', borderColor: 'border.primary', color: 'fg.onPrimary' }),
  current: css({ bg: 'bg.surface', borderColor: 'border.primary', color: 'fg.primary', boxShadow: '0 0 0 3px token(colors.brand.100)' }),
  pending: css({ bg: 'bg.surface', borderColor: 'border.default', color: 'fg.subtle' }),
} as const

/** The date each stage was last reached, by statusId. */
function datesByStage(history: StatusHistory): Map<number, string> {
  const dates = new Map<number, string>()
  for (const entry of history) dates.set(entry.status, entry.fecha)
  return dates
}

export function StageTimeline({ statusId, history }: { statusId: number; history: StatusHistory }) {
  const steps = claimTimeline(statusId)
  const dates = datesByStage(history)
  return (
    <ol aria-label={GENERAL.timelineTitle} className={css({ display: 'grid', gap: '0' })}>
      {steps.map((step, index) => {
        const last = index === steps.length - 1
        const date = step.state !== 'pending' ? dates.get(step.statusId) : undefined
        return (
          <li
            key={step.statusId}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className={css({ display: 'flex', gap: '3', position: 'relative', pb: last ? '0' : '4' })}
          >
            {last ? null : (
              <span
                aria-hidden="true"
                className={css({
                  position: 'absolute',
                  left: '11px',
                  top: '6',
                  bottom: '0',
                  w: '2px',
                  bg: step.state === 'done' ? 'bg.primary' : 'border.default',
                })}
              />
            )}
            <span className={cx(dot, dotByState[step.state])} aria-hidden="true">
              {step.state === 'done' ? <CheckIcon size={14} /> : index + 1}
            </span>
            <div className={css({ display: 'grid', minW: 0 })}>
              <span
                className={css({
                  fontSize: 'sm',
                  fontWeight: step.state === 'current' ? 'bold' : 'medium',
                  color: step.state === 'pending' ? 'fg.muted' : 'fg.default',
                })}
              >
                {step.value}
              </span>
              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                {step.state === 'current' ? GENERAL.currentStage : step.state === 'done' ? GENERAL.stageDone : GENERAL.stagePending}
                {date ? ` · ${formatDate(date)}` : ''}
              </span>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
