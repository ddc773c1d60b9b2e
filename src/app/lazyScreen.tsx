/**
 * A route whose screen comes from its chunk (route-level code splitting, issues 11 and 24): the router loads the
 * chunk before it shows the route (the previous screen stays, with the pending bar of RootLayout; on a first visit
 * the root's fallback shows), then renders the element built from the module. Screens take props (`area`, `mode`),
 * hence an element, not a Component. With the module already `loaded` (view tests import every chunk up front; the
 * browser, the sign-in chunk when it hydrates the pre-rendered page) the element is there at once.
 */
import type { ReactElement } from 'react'
import type { RouteObject } from 'react-router-dom'

type ChunkLoaders = Record<string, () => Promise<unknown>>
type LoadedChunks<L extends ChunkLoaders> = { [K in keyof L]: Awaited<ReturnType<L[K]>> }

/** What a screen route carries besides its element: which chunk it shows (read by the preloads). */
export interface ScreenHandle<Name extends string = string> {
  screen: Name
}

/** The route builder for the chunks of `chunks`, taking the modules of `loaded` as they are. */
export function screenOf<L extends ChunkLoaders>(chunks: L, loaded: Partial<LoadedChunks<L>> | undefined) {
  return function screen<K extends keyof L & string>(
    name: K,
    render: (module: LoadedChunks<L>[K]) => ReactElement,
  ): Pick<RouteObject, 'lazy' | 'element' | 'handle'> {
    const handle: ScreenHandle<K> = { screen: name }
    const module = loaded?.[name]
    if (module) return { element: render(module as LoadedChunks<L>[K]), handle }
    const load = chunks[name] as L[K]
    return { lazy: async () => ({ element: render((await load()) as LoadedChunks<L>[K]) }), handle }
  }
}
