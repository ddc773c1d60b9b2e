/** The portal's logo: a green shield with a white cross and the product name. */
import { css, cx } from 'styled-system/css'

export interface LogoProps {
  /** Hide the wordmark (narrow top bars). */
  compact?: boolean
  /** Light text for dark backgrounds. */
  inverted?: boolean
  className?: string
}

/**
 * Where the logo is the home link, its accessible name is its own text plus this: WCAG 2.5.3 (label in name) wants the
 * visible words inside the name, so the link has no aria-label that would replace them.
 */
export const HOME_LINK_SUFFIX = ', ir al inicio'

export function Logo({ compact = false, inverted = false, className }: LogoProps) {
  return (
    <span className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2.5' }), className)}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <path
          d="M18 2.5 31 7.2v9.6c0 8-5.4 14.3-13 16.7C10.4 31.1 5 24.8 5 16.8V7.2Z"
          className={css({ fill: 'bg.primary' })}
        />
        <path d="M15.4 10.5h5.2v5.2h5.2v5.2h-5.2v5.2h-5.2v-5.2h-5.2v-5.2h5.2Z" fill="#fff" />
      </svg>
      <span
        className={css({
          display: compact ? 'none' : 'flex',
          flexDirection: 'column',
          lineHeight: '1.1',
          color: inverted ? 'fg.inverted' : 'fg.default',
        })}
      >
        <span className={css({ fontWeight: 'bold', fontSize: 'md', letterSpacing: '-0.01em' })}>Portal de trámites</span>
        <span className={css({ fontSize: 'xs', opacity: 0.8 })}>Apoyos a colaboradores</span>
      </span>
      {compact ? <span className={css({ srOnly: true })}>Portal de trámites</span> : null}
    </span>
  )
}
