/**
 * Dropdown menu on Ark Menu (the account menu: 'Perfil', 'Cerrar sesión'): the list only. Its button is drawn by
 * MenuOnDemand (src/ui/MenuOnDemand.tsx), which loads this module the first time the button is pressed (issue 24),
 * so the list is bound to that button by its id instead of an Ark trigger of its own.
 */
import { Menu as ArkMenu } from '@ark-ui/react/menu'
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

export interface MenuListProps extends Omit<MenuProps, 'trigger'> {
  /** The id of the button that opens the list: the list is placed by it and gives it the focus back. */
  triggerId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function MenuList({ triggerId, open, onOpenChange, items, onSelect, placement = 'bottom-end' }: MenuListProps) {
  return (
    <ArkMenu.Root
      ids={{ trigger: triggerId }}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      onSelect={(details) => onSelect(details.value)}
      positioning={{ placement }}
      lazyMount
      unmountOnExit
    >
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
