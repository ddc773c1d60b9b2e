import { getNextTransitions, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, type AdjacencyMap, type StatePath, type TraversalOptions } from 'xstate/graph'

/**
 * How the machines are walked, shared by `npm run paths` and the model-test helper so QA's paths and the tests'
 * paths are the same paths.
 *
 * Events offered in a state: every event type some active state node (or ancestor) has a transition for, including
 * xstate's own delayed (`xstate.after.*`) and invoke result (`xstate.done.actor.*` / `xstate.error.actor.*`)
 * events, each as `{ type }` — or, when samples are given for that type, the samples instead (events that carry
 * data). Wildcard descriptors (`*`, `user.*`) are offered only through samples. An event is followed when the
 * machine selects a transition for it (`machine.getTransitionData`): refused events (guard false) are dropped, but
 * accepted events that change nothing (`'letter.save': {}`) are kept, because they are transitions of the machine
 * too. (`snapshot.can(event)` would drop those.)
 */
export interface TraversalSamples {
  /** Sample events for types that carry data; several samples of one type are all tried. */
  events?: readonly AnyEventObject[]
  /** Input for machines whose initial context is built from input. */
  input?: unknown
  /**
   * The part of the context that tells two snapshots in the same state apart (default: the whole context). Drop
   * what only grows or never repeats — timestamps, the order fields were touched — or the traversal never ends.
   */
  contextKey?: (context: any) => unknown
}

function eventsFor(snapshot: AnyMachineSnapshot, samples: readonly AnyEventObject[] = []): AnyEventObject[] {
  const types: string[] = []
  for (const t of getNextTransitions(snapshot)) {
    if (t.eventType === '' || types.includes(t.eventType)) continue
    types.push(t.eventType)
  }
  const events: AnyEventObject[] = []
  for (const type of types) {
    const matching = samples.filter((e) => e.type === type || (type.includes('*') && matchesWildcard(type, e.type)))
    if (matching.length) {
      for (const e of matching) if (!events.includes(e)) events.push(e)
    } else if (!type.includes('*')) {
      events.push({ type })
    }
  }
  return events
}

function matchesWildcard(descriptor: string, type: string): boolean {
  if (descriptor === '*') return true
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1))
}

function acceptsEvent(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  return snapshot.status === 'active' && snapshot.machine.getTransitionData(snapshot, event).length > 0
}

/** Traversal options for xstate/graph (`getShortestPaths`, `getSimplePaths`, `new TestModel(machine, …)`). */
export function traversalOptions(samples: TraversalSamples = {}) {
  return {
    events: (snapshot: AnyMachineSnapshot) => eventsFor(snapshot, samples.events),
    filterEvents: acceptsEvent,
    serializeState: samples.contextKey
      ? (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: samples.contextKey!(snapshot.context) })
      : (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    ...(samples.input === undefined ? {} : { input: samples.input }),
  }
}

type MachinePath = StatePath<AnyMachineSnapshot, AnyEventObject>

/**
 * One path per transition: for every (state, accepted event) of the adjacency map, the shortest path to that state
 * followed by that event. Shortest and simple paths reach every state but skip transitions that lead back to a state
 * already reached (an error returning to the form, a "volver" button); these paths take each of them once, which is
 * what the coverage check asks for. Same path format as xstate/graph (first step is `xstate.init`).
 */
export function getTransitionPaths(
  machine: AnyStateMachine,
  options: TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown> = {},
): MachinePath[] {
  const serialize = options.serializeState ?? ((snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot))
  const shortest = getShortestPaths(machine, options) as MachinePath[]
  const shortestTo = new Map<string, MachinePath>()
  for (const path of shortest) shortestTo.set(serialize(path.state, undefined, undefined), path)
  const adjacency = getAdjacencyMap(machine, options) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>
  const paths: MachinePath[] = []
  for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(serialized) ?? shortestTo.get(serialize(state, undefined, undefined))
    if (!head) continue
    const taken = Object.values(transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>
    for (const { event, state: next } of taken) {
      paths.push({
        state: next,
        steps: [...head.steps, { state: next, event }],
        weight: head.weight + 1,
      })
    }
  }
  return paths
}
