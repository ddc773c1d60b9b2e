import type { AnyStateNode, AnyTransitionDefinition } from 'xstate'

/**
 * Stable names for the parts of a machine that coverage is measured on. They are shared by the graph model (what
 * exists), the coverage recorder in tests (what a test reached) and the coverage check (the difference), so the
 * three always agree.
 *
 * - A state is named by its xstate id (`login.editing`, or the explicit `id` of the state config).
 * - A transition is named `<source id>|<event type>|<index>`, where the index tells apart several candidates for the
 *   same event on the same state (guarded alternatives, in definition order). Eventless transitions use the event
 *   type `always`; delayed ones `xstate.after.<delay>.<state id>`; invoke results `xstate.done.actor.<id>` /
 *   `xstate.error.actor.<id>`, exactly as xstate names them.
 */

export const ALWAYS_EVENT = 'always'

export function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `${sourceId}|${eventType === '' ? ALWAYS_EVENT : eventType}|${index}`
}

/** The candidate list a transition belongs to, in definition order. */
function candidatesOf(source: AnyStateNode, eventType: string): readonly AnyTransitionDefinition[] {
  if (eventType === '') return source.always ?? []
  return source.transitions.get(eventType) ?? []
}

/** The key of a transition definition taken by a running or simulated actor. */
export function transitionKeyOf(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const candidates = candidatesOf(source, eventType)
  let index = candidates.indexOf(transition)
  if (index < 0) {
    // Defensive: a copy of the definition (e.g. from toJSON) — match on the guard and targets instead.
    const targets = (transition.target ?? []).map((t) => t.id).join(',')
    index = candidates.findIndex(
      (c) => c.guard === transition.guard && (c.target ?? []).map((t) => t.id).join(',') === targets,
    )
  }
  return transitionKey(source.id, eventType, Math.max(index, 0))
}
