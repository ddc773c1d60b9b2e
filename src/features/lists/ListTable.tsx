/**
 * The lists' table look (queue, claims, executives, providers): a bordered card with a scrollable table and a header
 * row. Columns marked `wideOnly` hide below the md breakpoint (their content shows under the first column instead),
 * so the table fits 375 px without sideways scrolling. The rows' icon actions and status badge are in
 * ListRowActions.tsx: their tooltip (Ark's, with its positioning) is not downloaded by the lists that draw none,
 * such as a role's first screen (issue 24).
 */
import { css } from 'styled-system/css'

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
