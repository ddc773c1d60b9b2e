/** Red error and green success notices (spec section 8). Errors are announced at once, successes politely. */
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { banner } from 'styled-system/recipes'
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from './icons'

export interface BannerProps {
  tone?: 'error' | 'success' | 'info' | 'warning'
  title?: ReactNode
  children?: ReactNode
  onDismiss?: () => void
  className?: string
}

export function Banner({ tone = 'error', title, children, onDismiss, className }: BannerProps) {
  const Icon = tone === 'success' ? CheckIcon : tone === 'info' ? InfoIcon : WarningIcon
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      className={cx(banner({ tone }), className)}
    >
      <Icon size={18} className={css({ flexShrink: 0, mt: '0.5' })} />
      <div className={css({ flex: '1', minW: 0 })}>
        {title ? <p className={css({ fontWeight: 'bold' })}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Cerrar aviso"
          className={css({ display: 'inline-flex', p: '0.5', borderRadius: 'l1', cursor: 'pointer', _hover: { opacity: 0.7 } })}
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  )
}
