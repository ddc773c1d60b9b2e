/**
 * 'Tiempo': the claim's stages in the claim lifecycle's order (machines/claimLifecycle.machine.ts), the current one
 * highlighted, each reached stage with its es-MX date from GET /api/event/get-status, the others 'Pendiente'.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { formatDate, formatDateTime } from '../../lib/format'
import { Banner, Button, CheckIcon, CloseIcon, LoadingBlock } from '../../ui'
import { collaboratorClaimMachine, selectAlert, selectIsLoading, selectTimeline, type TimelineEntry } from '../../../machines/collaboratorClaim.machine'
import { TIMELINE_TEXTS as T } from './messages'

type ClaimActor = ActorRefFrom<typeof collaboratorClaimMachine>

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

export function TimelineTab({ actor }: { actor: ClaimActor }) {
  const loading = useSelector(actor, selectIsLoading)
  const alert = useSelector(actor, selectAlert)
  const steps = useSelector(actor, selectTimeline, (a, b) => JSON.stringify(a) === JSON.stringify(b))

  if (alert) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <Banner tone="error" className={css({ w: 'full' })}>
          {alert}
        </Banner>
        <Button variant="secondary" onClick={() => actor.send({ type: 'claim.reload' })}>
          {T.retry}
        </Button>
      </div>
    )
  }
  if (loading) return <LoadingBlock label={T.loading} lines={6} />
  return (
    <section aria-labelledby="timeline-title" className={css({ display: 'grid', gap: '4' })}>
      <h2 id="timeline-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        {T.title}
      </h2>
      <ol aria-labelledby="timeline-title" className={css({ display: 'grid' })}>
        {steps.map((step, index) => (
          <Step key={`${step.statusId}-${index}`} step={step} index={index} last={index === steps.length - 1} />
        ))}
      </ol>
    </section>
  )
}

function Step({ step, index, last }: { step: TimelineEntry; index: number; last: boolean }) {
  const current = step.state === 'current'
  const rejected = current && step.statusId === 10
  return (
    <li
      aria-current={current ? 'step' : undefined}
      data-state={step.state}
      className={cx(
        css({ position: 'relative', display: 'flex', gap: '3', pb: last ? '0' : '5' }),
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
        {step.state === 'done' || (current && step.statusId === 8) ? (
          <CheckIcon size={14} />
        ) : rejected ? (
          <CloseIcon size={14} />
        ) : (
          index + 1
        )}
      </span>
      <div
        data-part="card"
        className={css({
          flex: '1',
          minW: 0,
          display: 'flex',
          flexDirection: { base: 'column', md: 'row' },
          alignItems: { base: 'flex-start', md: 'baseline' },
          justifyContent: 'space-between',
          columnGap: '4',
          rowGap: '0.5',
          px: '3',
          py: '2',
          borderRadius: 'l2',
          borderWidth: '1px',
          borderColor: 'transparent',
        })}
      >
        <span
          className={css({ fontSize: 'sm', fontWeight: current ? 'bold' : 'medium', color: step.state === 'pending' ? 'fg.muted' : 'fg.default' })}
        >
          {step.value}
          {current ? (
            <span className={css({ ml: '2', fontSize: 'xs', fontWeight: 'semibold' })} style={{ color: rejected ? 'var(--colors-fg-error)' : 'var(--colors-fg-primary)' }}>
              {T.current}
            </span>
          ) : null}
        </span>
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {step.fecha ? (
            <time dateTime={step.fecha} title={formatDateTime(step.fecha)}>
              {formatDate(step.fecha)}
            </time>
          ) : step.state === 'pending' ? (
            T.pending
          ) : (
            T.done
          )}
        </span>
      </div>
    </li>
  )
}
