/** Linear progress on Ark Progress: documents 'n de 3', upload bytes, and (value null: indeterminate) a download of unknown size. */
import { Progress as ArkProgress } from '@ark-ui/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { PROGRESS_TRANSLATIONS } from './arkTexts'
import { Highlight } from './Highlight'

export interface ProgressProps {
  label: ReactNode
  /** null: how much is left is unknown (the bar shows activity, not a fraction). */
  value: number | null
  max?: number
  /** Text next to the label; defaults to "value de max". */
  valueText?: ReactNode
  tone?: 'primary' | 'info'
}

export function Progress({ label, value, max = 100, valueText, tone = 'primary' }: ProgressProps) {
  const shown = valueText ?? `${value} de ${max}`
  return (
    <ArkProgress.Root
      value={value === null ? null : Math.min(Math.max(value, 0), max)}
      max={max}
      locale="es-MX"
      translations={PROGRESS_TRANSLATIONS}
      className={css({ display: 'grid', gap: '1.5', w: 'full' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
        <ArkProgress.Label className={css({ fontWeight: 'semibold' })}>{typeof label === 'string' ? <Highlight text={label} /> : label}</ArkProgress.Label>
        <ArkProgress.ValueText className={css({ color: 'fg.muted' })}>{shown}</ArkProgress.ValueText>
      </div>
      {/* Named by its label (zag names the bar by its value) and read out with the same text as shown. */}
      <ArkProgress.Track
        aria-label={typeof label === 'string' ? label : undefined}
        aria-valuetext={typeof shown === 'string' ? shown : undefined}
        className={css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' })}
      >
        <ArkProgress.Range
          className={css({
            h: 'full',
            borderRadius: 'full',
            transition: 'width 0.2s',
            _indeterminate: { w: '40%', animation: 'pulse 1.5s ease-in-out infinite' },
          })}
          style={{ background: tone === 'primary' ? 'var(--colors-bg-primary)' : 'var(--colors-navy-500)' }}
        />
      </ArkProgress.Track>
    </ArkProgress.Root>
  )
}
