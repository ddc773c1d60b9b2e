/**
 * The dialog and the drawer, downloaded the first time they open (issue 24). The sign-in screens carry the privacy
 * notice and the slide-in menu that most visitors never open: with the overlays in a chunk of their own, Ark's
 * dialog, its focus trap and its dismiss layers stay out of the sign-in's JavaScript. Once opened, an overlay stays
 * mounted, so closing it animates and returns focus as before.
 */
import { lazy, Suspense, useRef } from 'react'
import type { DialogProps, DrawerProps } from './Dialog'

const LazyDialog = lazy(() => import('./Dialog').then((module) => ({ default: module.Dialog })))
const LazyDrawer = lazy(() => import('./Dialog').then((module) => ({ default: module.Drawer })))

/** True from the first render with `open` on. */
function useOpenedOnce(open: boolean): boolean {
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
