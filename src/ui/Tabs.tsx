/** Tabs on Ark Tabs ('Proceso actual' / 'Tiempo', the claim process tabs). The active tab is highlighted. */
import { Tabs as ArkTabs } from '@ark-ui/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export interface TabSpec {
  value: string
  label: ReactNode
  content?: ReactNode
  disabled?: boolean
}

export interface TabsProps {
  tabs: readonly TabSpec[]
  value: string
  onValueChange: (value: string) => void
  label?: string
}

const list = css({
  display: 'flex',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  overflowX: 'auto',
})
const trigger = css({
  px: '4',
  py: '2.5',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  mb: '-1px',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  _selected: { color: 'fg.primary', borderColor: 'border.primary' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
})

export function Tabs({ tabs, value, onValueChange, label }: TabsProps) {
  return (
    <ArkTabs.Root value={value} onValueChange={(details) => onValueChange(details.value)}>
      <ArkTabs.List className={list} aria-label={label}>
        {tabs.map((tab) => (
          <ArkTabs.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className={trigger}>
            {tab.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {tabs.map((tab) =>
        tab.content === undefined ? null : (
          <ArkTabs.Content key={tab.value} value={tab.value} className={css({ pt: '4' })}>
            {tab.content}
          </ArkTabs.Content>
        ),
      )}
    </ArkTabs.Root>
  )
}
