/**
 * The administration lists' row parts (executives, providers): icon actions named by their tooltip and the status
 * badge. Apart from the table's classes (ListTable.tsx), so the lists without them do not download the tooltip.
 */
import { forwardRef, useId, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Tooltip } from '../../ui'

export function StatusBadge({ label }: { label: 'Activo' | 'Inactivo' }) {
  return (
    <span
      className={css({
        display: 'inline-flex',
        px: '2',
        py: '0.5',
        borderRadius: 'full',
        fontSize: 'xs',
        fontWeight: 'semibold',
        whiteSpace: 'nowrap',
        bg: label === 'Activo' ? 'bg.primarySubtle' : 'bg.muted',
        color: label === 'Activo' ? 'fg.primary' : 'fg.muted',
      })}
    >
      {label}
    </span>
  )
}

const iconButton = cx(button({ variant: 'ghost', size: 'icon' }), css({ h: '9', w: '9' }))

/** An icon link of a row ('Ver', 'Editar'), named by its tooltip text. */
export const IconLink = forwardRef<HTMLAnchorElement, { to: string; label: string; children: ReactNode }>(function IconLink(
  { to, label, children },
  ref,
) {
  return (
    <Tooltip content={label}>
      <Link ref={ref} to={to} aria-label={label} className={iconButton}>
        {children}
      </Link>
    </Tooltip>
  )
})

/** An icon button of a row ('Desactivar'); a disabled one keeps its name but shows no tooltip. */
export function IconButton({
  label,
  onClick,
  disabled,
  disabledReason = null,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  /** Why it is disabled: its tooltip and its description for screen readers (issue 21). */
  disabledReason?: string | null
  children: ReactNode
}) {
  const reasonId = useId()
  const reason = disabled ? disabledReason : null
  // Always inside the tooltip: swapping the wrapper would replace the button's DOM node each time it is enabled, and
  // a dialog it opened could not give focus back to it. A disabled one stays focusable (aria-disabled, the click
  // ignored) so its tooltip can say why; without a reason it is plainly disabled and shows nothing.
  return (
    <>
      <Tooltip content={reason ? `${label}: ${reason}` : label} disabled={disabled && !reason}>
        <button
          type="button"
          aria-label={label}
          onClick={disabled ? undefined : onClick}
          disabled={disabled && !reason}
          aria-disabled={reason ? true : undefined}
          aria-describedby={reason ? reasonId : undefined}
          className={cx(iconButton, css({ color: 'fg.muted', '&[aria-disabled=true]': { opacity: 0.4, cursor: 'not-allowed' } }))}
        >
          {children}
        </button>
      </Tooltip>
      {reason ? (
        <span id={reasonId} className={css({ srOnly: true })}>
          {reason}
        </span>
      ) : null}
    </>
  )
}
