/**
 * The first idle moment after a signed-in first screen is drawn (issue 24), when the role's other screens start
 * downloading (src/app/idlePrefetch.ts reaches it): what is not needed to show that first screen (the notices
 * region, the account menu's list) waits for it. Here, apart from the prefetch and its chunk table, so the shell's
 * own parts can wait for it too without importing the table that imports them.
 */
import { useSyncExternalStore } from 'react'

/**
 * Set at the first idle moment after a signed-in first screen, when the prefetch starts: the bench
 * (scripts/benchWeb/bytes.ts) and the e2e tests count what a screen requested before it as its own code, and what
 * came after as the prefetch (and the notices region, which waits for the same moment).
 */
export const IDLE_PREFETCH_MARK = 'portal:idle-prefetch'

/**
 * Whether the browser has been idle once since a signed-in first screen was drawn: what is not needed to show that
 * screen (the notices region) waits for it. Set once per page load, with the mark above.
 */
let firstScreenIdle = false
const idleListeners = new Set<() => void>()

export function reachFirstScreenIdle() {
  if (firstScreenIdle) return
  firstScreenIdle = true
  performance.mark(IDLE_PREFETCH_MARK)
  for (const listener of idleListeners) listener()
}

export function useFirstScreenIdle(): boolean {
  return useSyncExternalStore(
    (listener) => {
      idleListeners.add(listener)
      return () => idleListeners.delete(listener)
    },
    () => firstScreenIdle,
    () => false,
  )
}
