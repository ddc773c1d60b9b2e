/**
 * What shows while a screen's code chunk downloads (route-level code splitting). On a first visit the router has
 * nothing to show until the chunks of the matched routes are there: the root's fallback is a centred spinner. On a
 * later navigation the current screen stays and a bar at the top says another is loading, announced once through a
 * live region that exists before its text does (a region inserted with its text is often not read).
 */
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom'
import { css } from 'styled-system/css'
import { Spinner } from '../ui/Spinner'

export const ROUTE_LOADING_TEXT = 'Cargando página…'

export function RouteLoading() {
  return (
    <div className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', color: 'fg.primary' })}>
      <Spinner size={32} label={ROUTE_LOADING_TEXT} />
    </div>
  )
}

const bar = css({
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: 'overlay',
  height: '3px',
  bg: 'fg.primary',
  pointerEvents: 'none',
})

export function RootLayout() {
  const loading = useNavigation().state === 'loading'
  return (
    <>
      {/* aria-live without role="status": the screens' own loading statuses stay the only `status` elements. */}
      <div aria-live="polite" className={css({ srOnly: true })}>
        {loading ? ROUTE_LOADING_TEXT : ''}
      </div>
      {loading ? <div aria-hidden="true" data-testid="route-loading-bar" className={bar} /> : null}
      <Outlet />
      {/* Every new screen starts at the top (the new claim page used to open 324 px down); Back/Forward restore. */}
      <ScrollRestoration />
    </>
  )
}
