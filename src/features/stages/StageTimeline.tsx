/**
 * The stage timeline of a claim, one component for every role (the collaborator's 'Tiempo' and the office's
 * 'Etapas del trámite'): the steps of machines/claimTimeline.ts `timelineOf` (the lifecycle's order, with the
 * 'Documentos rechazados' detour when the history went through it), the current one highlighted ('Trámite
 * rechazado' in red), each reached stage with its es-MX date and who moved the claim there, the others 'Pendiente'.
 */
import { css, cx } from 'styled-system/css'
import { isRejectedStage } from '../../../domain/claimStages'
import type { TimelineEntry } from '../../../machines/claimTimeline'
import { formatDate, formatDateTime } from '../../lib/format'
import { CheckIcon, CloseIcon, Highlight } from '../../ui'
import { STAGE_TIMELINE as T } from './messages'

const dot = css({
  w: '7',
  h: '7',
  flexShrink: 0,
  borderRadius: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderWidth: '2px',
  fontSize: 'xs',
  fontWeight: 'bold',
  zIndex: 1,
})
const DOT = {
  done: css({ bg: 'bg.primary', borderColor: 'border.primary', color: 'fg.onPrimary' }),
  current: css({ bg: 'bg.surface', borderColor: 'border.primary', color: 'fg.primary', boxShadow: '0 0 0 4px token(colors.brand.100)' }),
  pending: css({ bg: 'bg.surface', borderColor: 'border.default', color: 'fg.subtle' }),
  /** 'Trámite rechazado': the claim ended without payment. */
  rejected: css({ bg: 'bg.surface', borderColor: 'border.error', color: 'fg.error', boxShadow: '0 0 0 4px token(colors.red.100)' }),
} as const

export function StageTimeline({ steps, labelledBy }: { steps: readonly TimelineEntry[]; labelledBy?: string }) {
  return (
    <ol aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : T.title} className={css({ display: 'grid' })}>
      {steps.map((step, index) => (
        <Step key={`${step.statusId}-${index}`} step={step} index={index} last={index === steps.length - 1} />
      ))}
    </ol>
  )
}

function Step({ step, index, last }: { step: TimelineEntry; index: number; last: boolean }) {
  const current = step.state === 'current'
  const rejected = current && isRejectedStage(step.statusId)
  return (
    <li
      aria-current={current ? 'step' : undefined}
      data-state={step.state}
      className={cx(
        css({ position: 'relative', display: 'flex', gap: '3', pb: last ? '0' : '4' }),
        current && !rejected ? css({ '& [data-part=card]': { bg: 'bg.primarySubtle', borderColor: 'border.primary' } }) : undefined,
        rejected ? css({ '& [data-part=card]': { bg: 'bg.errorSubtle', borderColor: 'border.error' } }) : undefined,
      )}
    >
      {last ? null : (
        <span
          aria-hidden="true"
          className={css({ position: 'absolute', left: '13px', top: '7', bottom: '0', w: '2px' })}
          style={{ background: step.state === 'done' ? 'var(--colors-bg-primary)' : 'var(--colors-border-default)' }}
        />
      )}
      <span aria-hidden="true" className={cx(dot, DOT[rejected ? 'rejected' : step.state])}>
        {step.state === 'done' || (current && step.statusId === 8) ? <CheckIcon size={14} /> : rejected ? <CloseIcon size={14} /> : index + 1}
      </span>
      <div
        data-part="card"
        className={css({
          flex: '1',
          minW: 0,
          display: 'grid',
          gap: '0.5',
          px: '3',
          py: '1.5',
          borderRadius: 'l2',
          borderWidth: '1px',
          borderColor: 'transparent',
        })}
      >
        <span className={css({ fontSize: 'sm', fontWeight: current ? 'bold' : 'medium', color: step.state === 'pending' ? 'fg.muted' : 'fg.default' })}>
          <Highlight text={step.value} />
          {current ? (
            <span
              className={css({ ml: '2', fontSize: 'xs', fontWeight: 'semibold', whiteSpace: 'nowrap', display: 'inline-block' })}
              style={{ color: rejected ? 'var(--colors-fg-error)' : 'var(--colors-fg-primary)' }}
            >
              <Highlight text={T.current} />
            </span>
          ) : null}
        </span>
        <span className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>
          {step.fecha ? (
            <time dateTime={step.fecha} title={formatDateTime(step.fecha)}>
              {formatDate(step.fecha)}
            </time>
          ) : (
            <Highlight text={step.state === 'pending' ? T.pending : T.done} />
          )}
          {step.actor ? (
            <>
              {' · '}
              <Highlight text={T.movedBy(step.actor)} />
            </>
          ) : null}
        </span>
      </div>
    </li>
  )
}
