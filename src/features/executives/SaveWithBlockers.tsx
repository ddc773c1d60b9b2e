/**
 * The save button of the administration forms (spec section 5 'Executive form'): while the form breaks a rule it
 * is disabled and its warning tooltip says 'Existen omisiones o errores en los siguientes campos.' plus the list of
 * bad fields. A disabled button gets no pointer or focus events, so the tooltip hangs on a focusable wrapper; the
 * same text is the button's accessible description, so screen readers (and tests) read it without hovering.
 * Whether it is enabled and what the list says come from the machine's snapshot (`selectCanSave`,
 * `selectSaveBlockers`); nothing is computed here.
 */
import { useId, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button, Tooltip } from '../../ui'

interface SaveBlockers {
  message: string
  fields: string[]
}

export interface SaveWithBlockersProps {
  children: ReactNode
  canSave: boolean
  saving: boolean
  blockers: SaveBlockers | null
}

export function SaveWithBlockers({ children, canSave, saving, blockers }: SaveWithBlockersProps) {
  const descriptionId = useId()
  const [open, setOpen] = useState(false)
  const showBlockers = Boolean(blockers) && !saving
  const content = blockers ? (
    <span className={css({ display: 'grid', gap: '1' })}>
      <span>{blockers.message}</span>
      <ul className={css({ listStyle: 'disc', pl: '4' })}>
        {blockers.fields.map((field) => (
          <li key={field}>{field}</li>
        ))}
      </ul>
    </span>
  ) : null

  const button = (
    <Button
      type="submit"
      size="lg"
      disabled={!canSave}
      loading={saving}
      aria-describedby={showBlockers ? descriptionId : undefined}
      className={css({ w: { base: 'full', md: 'auto' } })}
    >
      {children}
    </Button>
  )

  return (
    <>
      {showBlockers ? (
        <Tooltip tone="warning" content={content} open={open} onOpenChange={setOpen} placement="top-end">
          <span
            tabIndex={0}
            data-testid="save-blockers"
            aria-describedby={descriptionId}
            className={css({ display: 'inline-flex', w: { base: 'full', md: 'auto' }, borderRadius: 'l2', _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' } })}
          >
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
      {showBlockers ? (
        <span id={descriptionId} className={css({ srOnly: true })}>
          {`${blockers!.message} ${blockers!.fields.join(', ')}`}
        </span>
      ) : null}
    </>
  )
}
