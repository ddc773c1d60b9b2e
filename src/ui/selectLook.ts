/**
 * The select's texts and look, shared by the select (Select.tsx) and the placeholder drawn while its code downloads
 * (SelectOnDemand.tsx), which must look the same so nothing moves when one replaces the other.
 */
import { css } from 'styled-system/css'

export const SELECT_TEXTS = {
  placeholder: 'Seleccionar una opción',
  empty: 'No existen opciones disponibles',
} as const

export const selectRootClass = css({ display: 'grid', gap: '1.5', w: 'full' })
export const selectLabelClass = css({ fontSize: 'sm', fontWeight: 'semibold' })
export const selectControlClass = css({ position: 'relative', display: 'flex', alignItems: 'center', gap: '2' })
export const selectValueTextClass = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const selectIndicatorClass = css({ display: 'inline-flex', color: 'fg.muted' })
export const selectTriggerClass = css({
  // Inside the control's flex row: shrink to the column and cut a long value with an ellipsis instead of overflowing.
  flex: '1',
  minW: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  textAlign: 'start',
  cursor: 'pointer',
  '& [data-placeholder-shown]': { color: 'fg.subtle' },
  _disabled: { cursor: 'not-allowed' },
})
