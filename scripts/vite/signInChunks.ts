/**
 * How the sign-in's JavaScript is cut into files (issue 24). Left to itself the bundler splits the code a page runs
 * first into a dozen shared chunks, one per set of lazy areas that also uses them, and the sign-in downloaded 24
 * files. Each file is compressed on its own, so the split alone cost about 7 KiB gzip and 12 KiB brotli against the
 * same code in one file. Two groups put it back together:
 *   - `app`: every module src/main.tsx imports (statically), which every page runs first;
 *   - `signInKit`: what the sign-in area (src/app/areas/signIn.ts) imports besides, but for the sign-in screens
 *     themselves (src/features/auth, the login machines), which stay in the area's chunk. The rest (form fields,
 *     Ark's select and its positioning, the public layout) is what signed-in screens' forms use too.
 * The groups follow the import graph, so they hold only what those modules import: the sign-in's modules import
 * the UI kit's parts and Ark's components by their own paths, not through the barrels (`src/ui`, `@ark-ui/react`),
 * which would bring every part into the group. Every other module is chunked as before.
 */
import { fileURLToPath } from 'node:url'
import type { ChunkingContext } from 'rolldown'

const ENTRY = fileURLToPath(new URL('../../src/main.tsx', import.meta.url))
const SIGN_IN_AREA = fileURLToPath(new URL('../../src/app/areas/signIn.ts', import.meta.url))
const API_CLIENT = fileURLToPath(new URL('../../src/api/client.ts', import.meta.url))
/** The sign-in screens: only the sign-in area needs them, so they stay in its chunk, out of `signInKit`. */
const SIGN_IN_SCREENS = /[\\/](src[\\/]features[\\/]auth[\\/]|machines[\\/](login|collaboratorLogin)\.machine\.ts$)/

/**
 * Ark's locale provider, which the app wraps around everything, imports the date and number formatting of the date
 * pickers (@internationalized/date, zag's i18n utilities) for hooks the sign-in does not call: left out of the
 * groups, those stay in the chunks of the screens that use them.
 */
const NOT_GROUPED =
  /[\\/]node_modules[\\/](@internationalized[\\/]|@zag-js[\\/]i18n-utils[\\/]|@ark-ui[\\/]react[\\/]dist[\\/]providers[\\/]locale[\\/])/

/** Every module `from` imports statically, itself included, but for NOT_GROUPED and what only they import. */
function staticClosure(ctx: ChunkingContext, from: string): Set<string> {
  const seen = new Set<string>()
  const stack = [from]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || NOT_GROUPED.test(id)) continue
    seen.add(id)
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/** `output.codeSplitting.groups` of the client build. */
export function signInChunkGroups() {
  // One chunking pass asks about every module with the same graph: the closures are computed once per pass.
  let closures: { ctx: ChunkingContext; app: Set<string>; signIn: Set<string>; api: Set<string> } | null = null
  const closuresOf = (ctx: ChunkingContext) => {
    if (closures?.ctx !== ctx) {
      closures = { ctx, app: staticClosure(ctx, ENTRY), signIn: staticClosure(ctx, SIGN_IN_AREA), api: staticClosure(ctx, API_CLIENT) }
    }
    return closures
  }
  return [
    {
      name: (id: string, ctx: ChunkingContext) => {
        const { app, signIn } = closuresOf(ctx)
        if (id === ENTRY) return null
        if (app.has(id)) return 'app'
        if (signIn.has(id) && id !== SIGN_IN_AREA && !SIGN_IN_SCREENS.test(id)) return 'signInKit'
        return null
      },
    },
    {
      // After the groups above, and without the modules they took: a group also takes what its modules import
      // (the stored session, superstruct, the runtime config, the API error's shape), which `app` and the sign-in keep.
      name: (id: string, ctx: ChunkingContext) => {
        const { app, signIn, api } = closuresOf(ctx)
        return api.has(id) && !app.has(id) && !signIn.has(id) ? 'apiClient' : null
      },
      priority: -1,
      includeDependenciesRecursively: false,
    },
  ]
}
