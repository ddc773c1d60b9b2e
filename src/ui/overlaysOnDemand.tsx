/**
 * The dialog, the drawer and the fields' reason tooltip, downloaded the first time they are needed (issue 24). The
 * sign-in screens carry the privacy notice and the slide-in menu that most visitors never open, and fields whose
 * reason tooltip shows only once something wrong was typed: with the overlays in chunks of their own, Ark's dialog,
 * its focus trap, its dismiss layers and the tooltip's machine stay out of the sign-in's JavaScript. Once opened, an
 * overlay stays mounted, so closing it animates and returns focus as before.
 */
import { lazy, Suspense, useRef } from 'react'
import type { DialogProps, DrawerProps } from './Dialog'
import type { TooltipProps } from './Tooltip'

const LazyDialog = lazy(() => import('./Dialog').then((module) => ({ default: module.Dialog })))
const LazyDrawer = lazy(() => import('./Dialog').then((module) => ({ default: module.Drawer })))
const LazyTooltip = lazy(() => import('./Tooltip').then((module) => ({ default: module.Tooltip })))

/** True from the first render with `open` on. */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(false)
  opened.current ||= open
  return opened.current
}

export function DialogOnDemand(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  )
}

export function DrawerOnDemand(props: DrawerProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <LazyDrawer {...props} />
    </Suspense>
  )
}

/**
 * A field's reason tooltip. The trigger (the warning sign) is drawn at once and the tooltip's code is fetched the
 * first time one is drawn (a field only draws it once its value is refused); until it arrives the sign shows alone,
 * and the reason is in the field's error text for screen readers all along.
 */
export function TooltipOnDemand(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <LazyTooltip {...props} />
    </Suspense>
  )
}
