/** Dropdown menu on Ark Menu (the account menu: 'Perfil', 'Cerrar sesión'). */
import { Menu as ArkMenu } from '@ark-ui/react'
import type { ReactElement, ReactNode } from 'react'
import { css } from 'styled-system/css'

interface MenuItemSpec {
  value: string
  label: ReactNode
  icon?: ReactNode
  tone?: 'default' | 'danger'
}

export interface MenuProps {
  /** The trigger element (a button). */
  trigger: ReactElement
  items: readonly MenuItemSpec[]
  onSelect: (value: string) => void
  placement?: 'bottom-end' | 'bottom-start' | 'bottom'
}

const content = css({
  minW: '48',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'lg',
  py: '1',
  zIndex: 'dropdown',
  _focusVisible: { outline: 'none' },
})
const item = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  fontSize: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  _highlighted: { bg: 'bg.muted' },
  '&[data-tone=danger]': { color: 'fg.error' },
})

export function Menu({ trigger, items, onSelect, placement = 'bottom-end' }: MenuProps) {
  return (
    <ArkMenu.Root onSelect={(details) => onSelect(details.value)} positioning={{ placement }} lazyMount unmountOnExit>
      <ArkMenu.Trigger asChild>{trigger}</ArkMenu.Trigger>
      {/* Beside its trigger, not in a portal at the end of <body>: there the open menu was page content outside
          every landmark (axe's region); here it is in the trigger's (the header). Floating UI still places it. */}
      <ArkMenu.Positioner>
        <ArkMenu.Content className={content}>
          {items.map((spec) => (
            <ArkMenu.Item key={spec.value} value={spec.value} className={item} data-tone={spec.tone ?? 'default'}>
              {spec.icon}
              {spec.label}
            </ArkMenu.Item>
          ))}
        </ArkMenu.Content>
      </ArkMenu.Positioner>
    </ArkMenu.Root>
  )
}
