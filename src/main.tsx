import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import './app/index.css'
import { readStoredSession } from './api/storedSession'
import { createPortal } from './app/App'
import { firstChunks } from './app/firstChunks'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

/**
 * The server sends the sign-in pages already drawn (scripts/prerender.ts writes `data-prerendered` with the path).
 * Without a session, React takes that markup over as it is (hydration) once the sign-in chunk is there, which
 * index.html announced with modulepreload: nothing moves. With a session, `/` sends the user to their home, so the
 * app renders afresh; so does any other page, whose HTML only holds the loading frame React draws first anyway.
 */
const prerenderedFor = root.dataset.prerendered
if (prerenderedFor === window.location.pathname && readStoredSession().user === null) {
  void firstChunks.signIn().then((signIn) => {
    hydrateRoot(root, <StrictMode>{createPortal({ loadedScreens: { signIn } }).element}</StrictMode>)
  })
} else {
  createRoot(root).render(<StrictMode>{createPortal().element}</StrictMode>)
}
