/**
 * Build-time rendering of the pages that need no session (issue 24): the two sign-in screens and the frame every
 * other page shows while its code arrives. scripts/prerender.ts loads this module through Vite (the same aliases
 * and components as the app) and writes the markup into the HTML the server sends, so the form is on the screen
 * as soon as the HTML and the style sheet are there; src/main.tsx then hydrates it (or replaces the frame).
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createPortal } from '../app/App'
import { memoryRouterAt } from '../app/memoryRouter'
import { RouteLoading } from '../app/RouteLoading'
import { takeRenderedTitle } from '../lib/pageTitle'
import * as signIn from '../app/areas/signIn'

/** The markup of a sign-in path, exactly what the browser's first render of that path produces, and its title. */
export function renderSignInPage(path: string): { markup: string; title: string | null } {
  const portal = createPortal({ createRouter: memoryRouterAt([path]), loadedScreens: { signIn } })
  try {
    const markup = renderToString(<StrictMode>{portal.element}</StrictMode>)
    return { markup, title: takeRenderedTitle() }
  } finally {
    portal.dispose()
  }
}

/** The frame of any other path: what the router shows first while a screen's code downloads. */
export function renderLoadingFrame(): string {
  return renderToString(<RouteLoading />)
}
