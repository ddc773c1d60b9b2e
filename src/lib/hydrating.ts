/**
 * Whether this render is the build's pre-render or the browser's hydration of it (issue 24). A pre-rendered first
 * screen is drawn for a user of the role with no name (src/prerender/renderPage.tsx); what shows the signed-in
 * user's own details (the account chip's name and photo) draws that nameless user while hydrating, so the markup
 * matches and React takes the page over instead of drawing it again, then draws the user's own details right after.
 */
import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

export function useHydrating(): boolean {
  // The server snapshot is what React reads in a server render and while hydrating; the client's everywhere else.
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  )
}
