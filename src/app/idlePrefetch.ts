/**
 * Prefetch of a role's other screens (issue 24): the first screen downloads only its own code, and once it is drawn
 * and the browser has nothing else to do, the chunks of every other screen the role can open are loaded one by one,
 * each in an idle moment of its own, so the next click shows its screen without waiting for the network.
 *
 * Skipped where the visitor asked to save data or the connection is 2G: there the bytes cost more than the wait.
 * Loading is calling the chunk loader (src/app/screenChunks.ts): the module is then in the browser's module map and
 * the route's own load of it resolves at once. A failure is ignored: the route loads the chunk again when opened.
 */
import { mayFetchAhead } from '../lib/dataSaving'
import { reachFirstScreenIdle } from '../lib/firstScreenIdle'
import { screenChunks, type ScreenName } from './screenChunks'

/** requestIdleCallback where there is one (Safari has none): a short timeout after the current task otherwise. */
function whenIdle(run: () => void): () => void {
  // Both read now: the cancel must match the scheduler used, whatever the window holds by the time it is called.
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request.call(window, run)
    return () => cancel.call(window, handle)
  }
  const handle = window.setTimeout(run, 200)
  return () => window.clearTimeout(handle)
}

/**
 * Loads the given screens' chunks, one per idle moment, in order; returns a function that stops what has not
 * started yet (the shell unmounts: signed out). A chunk already loaded costs nothing more: the loader returns the
 * module the browser holds.
 */
export function prefetchScreensWhenIdle(screens: readonly ScreenName[]): () => void {
  // With Save-Data or on 2G only the idle moment itself is waited for (the notices region needs it), no screen.
  const queue = mayFetchAhead() ? [...screens] : []
  let cancel = whenIdle(() => {
    reachFirstScreenIdle()
    next()
  })
  function next() {
    const name = queue.shift()
    if (name === undefined) return
    // The next one waits for this chunk and for another idle moment: one download at a time, behind the screen's own
    // requests, and the evaluation of each module in a task of its own.
    void screenChunks[name]()
      .catch(() => undefined)
      .then(() => {
        cancel = whenIdle(next)
      })
  }
  return () => {
    queue.length = 0
    cancel()
  }
}
