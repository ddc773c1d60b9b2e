/** The layout of the staff forms (new claim, executive): a borderless fieldset in one column, two from md up. */
import { css } from 'styled-system/css'

export const fieldGrid = css({
  display: 'grid',
  gap: '4',
  minW: '0',
  border: 'none',
  p: '0',
  m: '0',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
})

/** A field of the grid that takes both columns. */
export const wideField = css({ md: { gridColumn: 'span 2' } })
