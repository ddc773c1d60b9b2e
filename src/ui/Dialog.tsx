/**
 * Modal dialog and side drawer on Ark Dialog (focus trap, Escape, scroll lock, labelled by its title).
 * Both run controlled: the caller (usually a machine snapshot) owns `open`.
 */
import { Dialog as ArkDialog, Portal } from '@ark-ui/react'
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { DIALOG_TEXTS } from './arkTexts'
import { CloseIcon } from './icons'

/**
 * Focus goes back to what opened the dialog when it closes (WCAG 2.4.3). Ark returns it when its focus trap ends,
 * but our dialogs are controlled by machines whose opener is often disabled while the dialog is open ('Desactivar
 * ejecutivo' while the list machine confirms) or re-rendered: focus then fell to <body>. So the opener is
 * remembered when the dialog opens and focused again as soon as it can take focus — unless focus went somewhere on
 * purpose (a navigation focuses the new page's heading). An opener that never comes back (the row's button stays
 * disabled after deactivating) hands focus to the page's heading rather than to <body>.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  const content = useRef<HTMLDivElement>(null)
  // Layout effect: runs before Ark's focus trap (a passive effect) moves focus into the dialog.
  useLayoutEffect(() => {
    if (open && !opener.current && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement
    }
  }, [open])
  useEffect(() => {
    if (open || !opener.current) return
    const target = opener.current
    opener.current = null
    // While it fades out the dialog may still hold focus; that counts as lost too.
    const closing = content.current
    let frame = 0
    let handle = 0
    // Focus is lost when it is nowhere, or on an element that can no longer hold it (removed, or disabled while focused).
    const lost = () => {
      const active = document.activeElement
      return !active || active === document.body || !active.isConnected || active.matches(':disabled') || Boolean(closing?.contains(active))
    }
    const tick = () => {
      if (!lost()) return
      if (target.isConnected && !target.matches(':disabled')) {
        target.focus()
        if (document.activeElement === target) return
      }
      if (++frame < 20) handle = requestAnimationFrame(tick)
      else document.querySelector<HTMLElement>('main h1[tabindex]')?.focus()
    }
    handle = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(handle)
  }, [open])
  return content
}

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Buttons row at the bottom. */
  footer?: ReactNode
  /** Alert dialogs do not close on outside click. */
  role?: 'dialog' | 'alertdialog'
  closeLabel?: string
  /** 'xl': wide content such as a document viewer. */
  size?: 'sm' | 'md' | 'lg' | 'xl'
}

const backdrop = css({
  position: 'fixed',
  inset: '0',
  bg: 'bg.backdrop',
  zIndex: 'overlay',
  _open: { animation: 'fadeIn 0.15s ease-out' },
})
const positioner = css({
  position: 'fixed',
  inset: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: '4',
  zIndex: 'modal',
})
const contentBase = css({
  position: 'relative',
  bg: 'bg.surface',
  color: 'fg.default',
  borderRadius: 'l3',
  boxShadow: 'xl',
  w: 'full',
  maxH: 'calc(100dvh - 2rem)',
  overflowY: 'auto',
  p: { base: '5', md: '6' },
  _open: { animation: 'fadeIn 0.15s ease-out' },
  _focusVisible: { outline: 'none' },
})
const sizes = { sm: css({ maxW: 'sm' }), md: css({ maxW: 'lg' }), lg: css({ maxW: '3xl' }), xl: css({ maxW: '5xl' }) }
const closeButton = css({
  position: 'absolute',
  top: '3',
  insetInlineEnd: '3',
  display: 'inline-flex',
  p: '1.5',
  borderRadius: 'l1',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
})

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  role = 'dialog',
  closeLabel = DIALOG_TEXTS.close,
  size = 'md',
}: DialogProps) {
  const content = useReturnFocus(open)
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      closeOnInteractOutside={role !== 'alertdialog'}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={backdrop} />
        <ArkDialog.Positioner className={positioner}>
          <ArkDialog.Content ref={content} className={cx(contentBase, sizes[size])}>
            <ArkDialog.Title className={css({ fontSize: 'lg', fontWeight: 'bold', pr: '8' })}>{title}</ArkDialog.Title>
            {description ? (
              <ArkDialog.Description className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })}>
                {description}
              </ArkDialog.Description>
            ) : null}
            {children ? <div className={css({ mt: '4' })}>{children}</div> : null}
            {footer ? (
              <div className={css({ mt: '6', display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
                {footer}
              </div>
            ) : null}
            <ArkDialog.CloseTrigger className={closeButton} aria-label={closeLabel}>
              <CloseIcon size={18} />
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}

export interface DrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Accessible name of the panel. */
  label: string
  children: ReactNode
  side?: 'left' | 'right'
}

const slideLeft = css({ _open: { animation: 'slideInLeft 0.2s ease-out' } })
const slideRight = css({ _open: { animation: 'slideInRight 0.2s ease-out' } })

/** A panel sliding in from the side (the slide-in menu below 960 px). Its content brings its own title bar. */
export function Drawer({ open, onOpenChange, label, children, side = 'left' }: DrawerProps) {
  const content = useReturnFocus(open)
  return (
    <ArkDialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={backdrop} />
        <ArkDialog.Positioner
          className={css({ position: 'fixed', inset: '0', display: 'flex', zIndex: 'modal', pointerEvents: 'none' })}
          style={{ justifyContent: side === 'left' ? 'flex-start' : 'flex-end' }}
        >
          <ArkDialog.Content
            ref={content}
            aria-label={label}
            className={css({
              pointerEvents: 'auto',
              h: '100dvh',
              w: 'sideMenu',
              maxW: '85vw',
              bg: 'bg.surface',
              boxShadow: '2xl',
              overflowY: 'auto',
              _focusVisible: { outline: 'none' },
            }) + ' ' + (side === 'left' ? slideLeft : slideRight)}
          >
            {children}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}
