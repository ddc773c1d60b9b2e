/**
 * Reloads a screen's machine whenever the server state it shows changed (src/api/serverState.ts): after a change
 * the user made, a change someone else made (the event stream), or the window regaining focus. The machine's
 * reload keeps showing what it has until the new answer arrives (e.g. claimRecord's `refreshing`).
 */
import { useEffect, useRef } from 'react'
import type { QueryKey } from '@tanstack/query-core'
import { watchServerState } from '../api/serverState'

export function useServerStateReload(key: QueryKey, reload: () => void): void {
  const latest = useRef(reload)
  latest.current = reload
  const name = JSON.stringify(key)
  useEffect(() => watchServerState(JSON.parse(name) as QueryKey, () => latest.current()), [name])
}
