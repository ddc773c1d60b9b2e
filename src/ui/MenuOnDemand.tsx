/**
 * A dropdown menu whose list (Ark's menu, zag's machine and its positioning: about a tenth of a signed-in first
 * screen's JavaScript) downloads the first time its button is pressed (issue 24). The button is drawn at once and
 * stays the same element all along, so a focused or half-clicked button is never swapped under the user: the list,
 * once loaded, is bound to it by its id (src/ui/Menu.tsx), placed by it and gives it the focus back on close.
 * With `preload` it downloads before that, when the browser is idle; once opened it stays mounted.
 */
import { cloneElement, lazy, Suspense, useEffect, useId, useState, type ButtonHTMLAttributes, type ReactElement } from 'react'
import type { MenuProps } from './Menu'
import { useOpenedOnce } from './overlaysOnDemand'

const loadMenuList = () => import('./Menu')
const LazyMenuList = lazy(() => loadMenuList().then((module) => ({ default: module.MenuList })))

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { 'data-state'?: string }

export interface MenuOnDemandProps extends MenuProps {
  /** Download the list now, before it is pressed (the shell passes its first idle moment after the first screen). */
  preload?: boolean
}

export function MenuOnDemand({ trigger, preload = false, ...list }: MenuOnDemandProps) {
  const triggerId = useId()
  const [open, setOpen] = useState(false)
  const mounted = useOpenedOnce(open)
  useEffect(() => {
    // A failed download is left to the first press, which loads it again.
    if (preload) loadMenuList().catch(() => undefined)
  }, [preload])
  const button = cloneElement(trigger as ReactElement<TriggerProps>, {
    id: triggerId,
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    // A press while the list is open closes it: the list ignores presses on its own button (zag's `exclude`).
    onClick: () => setOpen((wasOpen) => !wasOpen),
    // The menu-button pattern's arrow keys open the list too (Ark's own trigger did; this button is not Ark's).
    onKeyDown: (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
      event.preventDefault()
      setOpen(true)
    },
  })
  return (
    <>
      {button}
      {mounted ? (
        <Suspense fallback={null}>
          <LazyMenuList {...list} triggerId={triggerId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
