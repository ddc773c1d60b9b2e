/** Ark Tooltip with the portal's look. `tone="warning"` is the amber tooltip that carries validation reasons. */
import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import type { ReactElement, ReactNode } from 'react'
import { cva } from 'styled-system/css'

const content = cva({
  base: {
    maxW: '72',
    px: '3',
    py: '2',
    borderRadius: 'l2',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1.4',
    boxShadow: 'md',
    whiteSpace: 'pre-line',
    zIndex: 'tooltip',
  },
  variants: {
    tone: {
      neutral: { bg: 'bg.header', color: 'fg.inverted' },
      warning: { bg: 'bg.tooltip', color: 'fg.warning', borderWidth: '1px', borderColor: 'border.warning' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export interface TooltipProps {
  content: ReactNode
  /** The trigger: one element that can hold a ref and receive focus. */
  children: ReactElement
  tone?: 'neutral' | 'warning'
  open?: boolean
  onOpenChange?: (open: boolean) => void
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end'
  disabled?: boolean
}

export function Tooltip({ content: text, children, tone, open, onOpenChange, placement = 'top', disabled }: TooltipProps) {
  return (
    <ArkTooltip.Root
      openDelay={150}
      closeDelay={100}
      open={open}
      disabled={disabled}
      onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      positioning={{ placement }}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className={content({ tone })}>
            {text}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
