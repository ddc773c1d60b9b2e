/**
 * How the sign-in's JavaScript is cut into files (issue 24). Left to itself the bundler splits the code a page runs
 * first into a dozen shared chunks, one per set of lazy areas that also uses them, and the sign-in downloaded 24
 * files. Each file is compressed on its own, so the split alone cost about 7 KiB gzip and 12 KiB brotli against the
 * same code in one file. Groups put it back together:
 *   - `app`: every module src/main.tsx imports (statically), which every page runs first, and what the sign-in area
 *     (src/app/areas/signIn.ts) imports besides, but for the sign-in screens themselves (src/features/auth, the login
 *     machines), which stay in the area's chunk, and but for the select. That second part (form fields, buttons,
 *     zag's runtime, the public layout) was a file of its own (`signInKit`), but every page downloads it: the sign-in,
 *     and each first screen through the shell and its forms. One file compresses better than two: the sign-in 1.1 KiB
 *     gzip and 2.5 brotli less, each first screen 1.2–1.3 and 2.5–2.6 less (issue 24);
 *   - `signInSelect`: what only the select (src/ui/Select.tsx) brings: Ark's select, its list collection, its
 *     positioning (floating-ui) and dismiss layers, a third of the kit. A role's first screen that draws no select
 *     (the partner's list, the collaborator's home) then does not download it;
 *   - `apiClient`: the API helper (src/api/client.ts with ofetch, ufo, destr, superstruct and the call checks),
 *     which the sign-in forms download on the first key (src/features/auth/signIn.ts), in a file of its own: shared
 *     with a screen's chunk, the collaborator's sign-in call waited for that whole screen (sign-in → home 1.37×).
 * The groups follow the import graph, so they hold only what those modules import: the sign-in's modules import
 * the UI kit's parts and Ark's components by their own paths, not through the barrels (`src/ui`, `@ark-ui/react`),
 * which would bring every part into the group. Every other module is chunked as before.
 */
import { fileURLToPath } from 'node:url'
import type { ChunkingContext } from 'rolldown'

const ENTRY = fileURLToPath(new URL('../../src/main.tsx', import.meta.url))
const SIGN_IN_AREA = fileURLToPath(new URL('../../src/app/areas/signIn.ts', import.meta.url))
const API_CLIENT = fileURLToPath(new URL('../../src/api/client.ts', import.meta.url))
const SELECT = fileURLToPath(new URL('../../src/ui/Select.tsx', import.meta.url))
const NODE_MODULES = /[\\/]node_modules[\\/]/
/**
 * What the select brings that other Ark components on a first screen use too (the queue's checkbox, the lists'
 * pagination, the avatar): zag's focus-visible tracking and Ark's small utilities.
 */
const ARK_SHARED = /[\\/]node_modules[\\/](@zag-js[\\/]focus-visible|@ark-ui[\\/]react[\\/]dist[\\/]utils)[\\/]/
/** The sign-in screens: only the sign-in area needs them, so they stay in its chunk, out of `app`. */
const SIGN_IN_SCREENS = /[\\/](src[\\/]features[\\/]auth[\\/]|machines[\\/](login|collaboratorLogin)\.machine\.ts$)/

/**
 * Ark's locale provider, which the app wraps around everything, imports the date and number formatting of the date
 * pickers (@internationalized/date, zag's i18n utilities) for hooks the sign-in does not call: left out of the
 * groups, those stay in the chunks of the screens that use them.
 */
const NOT_GROUPED =
  /[\\/]node_modules[\\/](@internationalized[\\/]|@zag-js[\\/]i18n-utils[\\/]|@ark-ui[\\/]react[\\/]dist[\\/]providers[\\/]locale[\\/])/

/**
 * Every module `from` imports statically, itself included, but for NOT_GROUPED and what only they import, and but
 * for `without` and what only it imports.
 */
function staticClosure(ctx: ChunkingContext, from: string, without?: string): Set<string> {
  const seen = new Set<string>()
  const stack = [from]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || NOT_GROUPED.test(id) || id === without) continue
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
  let signInWithoutSelect: { ctx: ChunkingContext; modules: Set<string> } | null = null
  // The select itself and the libraries only it brings; the app's own modules it imports (the Ark texts, whose
  // pagination labels the lists use) and the helpers every Ark component shares stay in `app`.
  const onlyTheSelectUses = (ctx: ChunkingContext, id: string) => {
    if (signInWithoutSelect?.ctx !== ctx) signInWithoutSelect = { ctx, modules: staticClosure(ctx, SIGN_IN_AREA, SELECT) }
    return !signInWithoutSelect.modules.has(id) && (id === SELECT || (NODE_MODULES.test(id) && !ARK_SHARED.test(id)))
  }
  return [
    {
      name: (id: string, ctx: ChunkingContext) => {
        const { app, signIn } = closuresOf(ctx)
        if (id === ENTRY) return null
        if (app.has(id)) return 'app'
        if (signIn.has(id) && id !== SIGN_IN_AREA && !SIGN_IN_SCREENS.test(id)) return onlyTheSelectUses(ctx, id) ? null : 'app'
        return null
      },
    },
    {
      // After `app` has taken its modules: the select's own are not imported by any of them.
      name: (id: string, ctx: ChunkingContext) => {
        const { app, signIn } = closuresOf(ctx)
        return signIn.has(id) && !app.has(id) && onlyTheSelectUses(ctx, id) ? 'signInSelect' : null
      },
      priority: -1,
      // Its modules alone: left to itself a group also takes what they import, zag's runtime that the kit needs.
      includeDependenciesRecursively: false,
    },
    {
      // After the groups above, and without the modules they took: a group also takes what its modules import
      // (the stored session, the runtime config, the API error's shape), which `app` and the sign-in keep.
      name: (id: string, ctx: ChunkingContext) => {
        const { app, signIn, api } = closuresOf(ctx)
        return api.has(id) && !app.has(id) && !signIn.has(id) ? 'apiClient' : null
      },
      priority: -1,
      includeDependenciesRecursively: false,
    },
  ]
}
