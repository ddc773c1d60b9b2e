/**
 * The administration lists' table look (executives, providers): a bordered card with a scrollable table, header
 * row, and icon actions with tooltips. Columns marked `wideOnly` hide below the md breakpoint (their content shows
 * under the first column instead), so the table fits 375 px without sideways scrolling.
 */
import { forwardRef, useId, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Tooltip } from '../../ui'

export const tableBox = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  overflowX: 'auto',
})
export const table = css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })
export const th = css({
  textAlign: 'start',
  fontWeight: 'semibold',
  color: 'fg.muted',
  px: { base: '3', md: '4' },
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  whiteSpace: { md: 'nowrap' },
})
export const td = css({
  px: { base: '3', md: '4' },
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  verticalAlign: 'middle',
  '& tr:last-child > &': { borderBottomWidth: '0' },
})
export const wideOnly = css({ display: { base: 'none', md: 'table-cell' } })
export const narrowOnly = css({ display: { base: 'block', md: 'none' }, color: 'fg.muted', fontSize: 'xs', mt: '0.5', overflowWrap: 'anywhere' })
export const actionsCell = css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })

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
