import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import './app/index.css'
import { readStoredSession } from './api/storedSession'
import { createPortal } from './app/App'
import { firstChunks, isLandingScreen } from './app/firstChunks'
import type { LoadedModules } from './app/routes'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

const render = (loadedScreens?: LoadedModules) => createRoot(root).render(<StrictMode>{createPortal({ loadedScreens }).element}</StrictMode>)

/**
 * The server sends the sign-in pages already drawn (scripts/prerender.ts writes `data-prerendered` with the path).
 * Without a session, React takes that markup over as it is (hydration) once the sign-in chunk is there, which
 * index.html announced with modulepreload: nothing moves. With a session, `/` sends the user to their home, so the
 * app renders afresh.
 *
 * Each role's first screen comes drawn too (`data-landing`: the shell and the screen while its data arrives), for a
 * user with no name. Once the shell's and the screen's chunks are there (announced with modulepreload), the app
 * draws the same screen over it in one go, with the user's name: rendering before would put the router's loading
 * spinner in between. Any other page holds the loading frame React draws first anyway.
 */
const { prerendered, landing, landingScreen } = root.dataset
const signedIn = readStoredSession().user !== null
if (prerendered === window.location.pathname && !signedIn) {
  void firstChunks.signIn().then((signIn) => {
    hydrateRoot(root, <StrictMode>{createPortal({ loadedScreens: { signIn } }).element}</StrictMode>)
  })
} else if (landing === window.location.pathname && signedIn && isLandingScreen(landingScreen)) {
  const screen = landingScreen
  Promise.all([firstChunks.shell(), firstChunks[screen]()]).then(
    // As a transition: the page is on the screen already, so React may draw it over in slices that leave the main
    // thread free for the user's first tap (one long task blocked it for 0.2–0.5 s on a phone).
    ([shell, module]) => startTransition(() => render({ shell, [screen]: module } as LoadedModules)),
    // A chunk that failed to arrive: the router loads it again and shows its error page if it fails there too.
    () => render(),
  )
} else {
  render()
}
