import { css, cx } from 'styled-system/css'

export interface SpinnerProps {
  size?: number
  /** Accessible text; when absent the spinner is decorative (its button or region says it is busy). */
  label?: string
  className?: string
}

export function Spinner({ size = 18, label, className }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cx(
        css({
          display: 'inline-block',
          borderRadius: 'full',
          borderWidth: '2px',
          borderColor: 'currentColor',
          borderRightColor: 'transparent',
          animation: 'spin 0.7s linear infinite',
          flexShrink: 0,
        }),
        className,
      )}
      style={{ width: size, height: size }}
    />
  )
}

/** Grey placeholder blocks while content loads. */
export function Skeleton({ height = 16, width = '100%', className }: { height?: number | string; width?: number | string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        css({ display: 'block', bg: 'bg.muted', borderRadius: 'l1', animation: 'pulse 1.5s ease-in-out infinite' }),
        className,
      )}
      style={{ height, width }}
    />
  )
}

/** A region that is loading: announces the label and shows skeleton lines. */
export function LoadingBlock({ label = 'Cargando…', lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite" className={css({ display: 'grid', gap: '3', py: '2' })}>
      <span className={css({ srOnly: true })}>{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  )
}
