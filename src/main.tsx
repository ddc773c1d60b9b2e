import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import './app/index.css'
import { readStoredSession } from './api/storedSession'
import { createPortal } from './app/App'
import { firstChunks, isLandingScreen } from './app/firstChunks'
import type { LoadedModules } from './app/routes'
import { homePathForRole } from './lib/profile'
import { getRuntimeConfig } from './lib/runtimeConfig'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

const portalOf = (loadedScreens?: LoadedModules) => <StrictMode>{createPortal({ loadedScreens }).element}</StrictMode>
const render = (loadedScreens?: LoadedModules) => createRoot(root).render(portalOf(loadedScreens))

/**
 * The server sends the sign-in pages already drawn (scripts/prerender.ts writes `data-prerendered` with the path).
 * Without a session, React takes that markup over as it is (hydration) once the sign-in chunk is there, which
 * index.html announced with modulepreload: nothing moves. With a session, `/` sends the user to their home, so the
 * app renders afresh.
 *
 * Each role's first screen comes drawn too (`data-landing`: the shell and the screen while its data arrives), for a
 * user of the role with no name. Once the shell's and the screen's chunks are there (announced with modulepreload),
 * React takes that page over too, drawing the user's name right after (src/lib/hydrating.ts): rendering before the
 * chunks would put the router's loading spinner in between. With a query in the address (a queue's filters), or on
 * another role's first screen, the drawn page is not what the app shows, so the app draws its own page over it. Any
 * other page holds the loading frame React draws first anyway.
 */
const { prerendered, landing, landingScreen } = root.dataset
const { user } = readStoredSession()
const signedIn = user !== null
// Another role's first screen (an administrator opening /pendientes) is not what the app draws there: it moves on.
const atOwnFirstScreen = user !== null && landing === homePathForRole(user.rol, getRuntimeConfig().partnerPrefix)
if (prerendered === window.location.pathname && !signedIn) {
  void firstChunks.signIn().then((signIn) => {
    hydrateRoot(root, portalOf({ signIn }))
  })
} else if (landing === window.location.pathname && atOwnFirstScreen && isLandingScreen(landingScreen)) {
  const screen = landingScreen
  Promise.all([firstChunks.shell(), firstChunks[screen]()]).then(
    ([shell, module]) => {
      const loaded = { shell, [screen]: module } as LoadedModules
      // As a transition: React works through the page in slices that leave the main thread free for the user's first
      // tap (in one task it blocked it for 0.2–0.5 s on a phone).
      startTransition(() => {
        if (window.location.search === '') hydrateRoot(root, portalOf(loaded))
        else render(loaded)
      })
    },
    // A chunk that failed to arrive: the router loads it again and shows its error page if it fails there too.
    () => render(),
  )
} else {
  render()
}
