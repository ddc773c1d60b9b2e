/**
 * The reviewer's choice of one status among 2–5 for a document (spec 2.11 'Document verification'), on Ark
 * RadioGroup, controlled by the verification machine's selection. Each option wears its legend colour.
 */
import { RadioGroup } from '@ark-ui/react'
import { css, cx } from 'styled-system/css'
import { REVIEW_STATUS_OPTIONS } from '../../../machines/documentVerification.machine'

const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  cursor: 'pointer',
  fontSize: 'sm',
  bg: 'bg.surface',
  _hover: { bg: 'bg.muted' },
  '&[data-state=checked]': { borderColor: 'border.primary', bg: 'bg.primarySubtle', fontWeight: 'semibold' },
  '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6, _hover: { bg: 'bg.surface' } },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
const control = css({
  w: '4',
  h: '4',
  flexShrink: 0,
  borderRadius: 'full',
  borderWidth: '2px',
  // The radio's ring is what shows it is one: 3:1 against the surface (WCAG 1.4.11).
  borderColor: 'border.control',
  '&[data-state=checked]': { borderWidth: '5px' },
})
const CONTROL_TONE: Record<number, string> = {
  2: css({ '&[data-state=checked]': { borderColor: 'blue.600' } }),
  3: css({ '&[data-state=checked]': { borderColor: 'red.600' } }),
  4: css({ '&[data-state=checked]': { borderColor: 'teal.600' } }),
  5: css({ '&[data-state=checked]': { borderColor: 'orange.600' } }),
}

export interface StatusChoiceProps {
  label: string
  value: number | null
  onChange: (status: number) => void
  disabled: boolean
  name: string
  /** Beside a document viewer: two columns at most. */
  compact?: boolean
}

const wideGrid = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } })
const compactGrid = css({ display: 'grid', gap: '2', gridTemplateColumns: '1fr 1fr' })

export function StatusChoice({ label, value, onChange, disabled, name, compact = false }: StatusChoiceProps) {
  return (
    <RadioGroup.Root
      name={name}
      value={value === null ? null : String(value)}
      onValueChange={(details) => {
        if (details.value) onChange(Number(details.value))
      }}
      disabled={disabled}
      orientation="horizontal"
      className={css({ display: 'grid', gap: '2' })}
    >
      <RadioGroup.Label className={css({ srOnly: true })}>{label}</RadioGroup.Label>
      <div className={compact ? compactGrid : wideGrid}>
        {REVIEW_STATUS_OPTIONS.map((choice) => (
          <RadioGroup.Item key={choice.value} value={String(choice.value)} className={option}>
            <RadioGroup.ItemControl className={cx(control, CONTROL_TONE[choice.value])} />
            <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </div>
    </RadioGroup.Root>
  )
}
