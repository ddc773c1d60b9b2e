/**
 * A router on a memory history, for the app rendered outside a browser tab (view tests, the pre-render): the app's
 * own entry never imports it, so the browser does not download the memory history (issue 24).
 */
import { createMemoryRouter } from 'react-router-dom'
import type { RouterFactory } from './App'

/** A RouterFactory whose history starts at these entries (the last one is the current location). */
export function memoryRouterAt(initialEntries: string[]): RouterFactory {
  return (routes, options) => createMemoryRouter(routes, { ...options, initialEntries })
}
