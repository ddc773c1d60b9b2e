/**
 * Why an action is disabled, shown next to it and read with it (issue 21: every refusal explains itself). The caller
 * gets the id for the control's `aria-describedby` from `useDisabledReason`, so a screen reader hears the same words
 * the screen shows; with no reason nothing renders and the control describes nothing.
 */
import { useId, type ReactElement } from 'react'
import { css } from 'styled-system/css'
import { Highlight } from './Highlight'

const reasonText = css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'break-word' })

/** The id to pass to the control's `aria-describedby` (undefined without a reason) and the line to render. */
export function useDisabledReason(reason: string | null | undefined): { describedBy: string | undefined; reasonLine: ReactElement | null } {
  const id = useId()
  if (!reason) return { describedBy: undefined, reasonLine: null }
  return {
    describedBy: id,
    reasonLine: (
      <p id={id} className={reasonText} data-part="disabled-reason">
        <Highlight text={reason} />
      </p>
    ),
  }
}
