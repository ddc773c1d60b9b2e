import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { ALWAYS_EVENT, transitionKey } from './keys'

/**
 * A neutral graph model of a machine definition, read from `machine.root` (the StateNode tree): what the diagram
 * writer, the docs page, the coverage check and (later) the in-app /flujos screen draw from. Pure: no Node APIs, so
 * it runs in the browser too. Everything is in definition order, so the same machine always gives the same model.
 */

export type GraphStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export interface GraphState {
  /** xstate id (`login.idle`, or the explicit `id` of the state). */
  id: string
  key: string
  /** Keys from the root, `[]` for the root. */
  path: string[]
  type: GraphStateType
  history?: 'shallow' | 'deep'
  parent?: string
  children: string[]
  /** Initial child ids of a compound state. */
  initial: string[]
  /** `description` of the state, else `meta.description`. */
  description?: string
  /** `meta.view`: what the screen shows in this state. */
  view?: string
  tags: string[]
  invokes: Array<{ id: string; src: string }>
}

type GraphTransitionKind =
  | 'event'
  | 'always'
  | 'after'
  | 'invoke.done'
  | 'invoke.error'
  | 'invoke.snapshot'
  | 'state.done'

export interface GraphTransition {
  /** Coverage key, see keys.ts. */
  key: string
  source: string
  /** Target state ids; empty for a targetless transition (actions only). */
  targets: string[]
  /** The event type as xstate names it (`always` for eventless transitions). */
  eventType: string
  kind: GraphTransitionKind
  /** The guard as written: a name, `!name`, `a && b`, `a || b`, `in(state)`, `inline`. */
  guard?: string
  /** Every named guard the guard refers to. */
  guardNames: string[]
  /** Delay name from `setup({ delays })`, or the milliseconds written in `after`. */
  delay?: string | number
  /** Actor id of an invoke result. */
  actorId?: string
  /** Named actions (inline functions are left out). */
  actions: string[]
  reenter: boolean
  /** `event [guard]`, `after <delay>`, `done: <actor>`, `error: <actor>`, `always [guard]`, `done`. */
  label: string
  /** The transition's `description` in the machine: what it means in words (the Stately visualizer shows it too). */
  description?: string
}

interface GraphDelay {
  /** The name from `setup({ delays })`, or `<ms>ms` for a number written in `after`. */
  name: string
  /** Milliseconds when the delay is a number (in setup or written in `after`). */
  ms?: number
  /** States whose `after` uses it. */
  usedIn: string[]
}

export interface MachineGraph {
  id: string
  /** Every state node in document order, the root first. */
  states: GraphState[]
  transitions: GraphTransition[]
  /** Event types sent from outside (not xstate's own after/done/error events), sorted. */
  events: string[]
  /** Named guards used by transitions, sorted. */
  guards: string[]
  delays: GraphDelay[]
  actors: Array<{ id: string; src: string; state: string }>
}

export function toMachineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes = allNodes(machine.root)
  const states = nodes.map(toGraphState)
  const transitions = nodes.flatMap(transitionsOf)
  const delayDefinitions = (machine.implementations?.delays ?? {}) as Record<string, unknown>

  const delays = new Map<string, GraphDelay>()
  for (const t of transitions) {
    if (t.kind !== 'after' || t.delay === undefined) continue
    const name = typeof t.delay === 'number' ? `${t.delay}ms` : t.delay
    const declared = typeof t.delay === 'string' ? delayDefinitions[t.delay] : t.delay
    const entry = delays.get(name) ?? { name, ...(typeof declared === 'number' ? { ms: declared } : {}), usedIn: [] }
    if (!entry.usedIn.includes(t.source)) entry.usedIn.push(t.source)
    delays.set(name, entry)
  }

  return {
    id: machine.id,
    states,
    transitions,
    events: unique(transitions.filter((t) => t.kind === 'event').map((t) => t.eventType)).sort(),
    guards: unique(transitions.flatMap((t) => t.guardNames)).sort(),
    delays: [...delays.values()].sort((a, b) => a.name.localeCompare(b.name)),
    actors: states.flatMap((s) => s.invokes.map((i) => ({ ...i, state: s.id }))),
  }
}

function allNodes(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    out.push(node)
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(root)
  return out
}

function toGraphState(node: AnyStateNode): GraphState {
  const meta = (node.meta ?? {}) as Record<string, unknown>
  const description = node.description ?? (typeof meta.description === 'string' ? meta.description : undefined)
  const view = typeof meta.view === 'string' ? meta.view : undefined
  return {
    id: node.id,
    key: node.key,
    path: [...node.path],
    type: node.type,
    ...(node.type === 'history' ? { history: node.history === 'deep' ? 'deep' : 'shallow' } : {}),
    ...(node.parent ? { parent: node.parent.id } : {}),
    children: (Object.values(node.states) as AnyStateNode[]).map((c) => c.id),
    initial: node.type === 'compound' ? (node.initial?.target ?? []).map((t: AnyStateNode) => t.id) : [],
    ...(description !== undefined ? { description } : {}),
    ...(view !== undefined ? { view } : {}),
    tags: [...node.tags],
    invokes: node.invoke.map((i) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : String(i.src) })),
  }
}

function transitionsOf(node: AnyStateNode): GraphTransition[] {
  const out: GraphTransition[] = []
  for (const [eventType, candidates] of node.transitions) {
    candidates.forEach((t, index) => out.push(toGraphTransition(node, t, eventType, index)))
  }
  ;(node.always ?? []).forEach((t, index) => out.push(toGraphTransition(node, t, '', index)))
  return out
}

function toGraphTransition(node: AnyStateNode, t: AnyTransitionDefinition, eventType: string, index: number): GraphTransition {
  const { kind, actorId } = classify(node, eventType)
  const guard = t.guard === undefined ? undefined : guardText(t.guard)
  const delay = kind === 'after' ? (t as AnyTransitionDefinition & { delay?: string | number }).delay : undefined
  const head =
    kind === 'after'
      ? `after ${typeof delay === 'number' ? `${delay}ms` : String(delay)}`
      : kind === 'invoke.done'
        ? `done: ${actorId}`
        : kind === 'invoke.error'
          ? `error: ${actorId}`
          : kind === 'invoke.snapshot'
            ? `snapshot: ${actorId}`
            : kind === 'state.done'
              ? 'done'
              : kind === 'always'
                ? ALWAYS_EVENT
                : eventType
  return {
    key: transitionKey(node.id, eventType, index),
    source: node.id,
    targets: (t.target ?? []).map((target: AnyStateNode) => target.id),
    eventType: eventType === '' ? ALWAYS_EVENT : eventType,
    kind,
    ...(guard !== undefined ? { guard } : {}),
    guardNames: t.guard === undefined ? [] : guardNames(t.guard),
    ...(delay !== undefined ? { delay } : {}),
    ...(actorId !== undefined ? { actorId } : {}),
    actions: actionNames(t.actions),
    reenter: t.reenter,
    label: guard === undefined ? head : `${head} [${guard}]`,
    ...(t.description ? { description: t.description } : {}),
  }
}

function classify(node: AnyStateNode, eventType: string): { kind: GraphTransitionKind; actorId?: string } {
  if (eventType === '') return { kind: 'always' }
  if (eventType.startsWith('xstate.after.')) return { kind: 'after' }
  if (eventType === `xstate.done.state.${node.id}`) return { kind: 'state.done' }
  for (const invoke of node.invoke) {
    if (eventType === `xstate.done.actor.${invoke.id}`) return { kind: 'invoke.done', actorId: invoke.id }
    if (eventType === `xstate.error.actor.${invoke.id}`) return { kind: 'invoke.error', actorId: invoke.id }
    if (eventType === `xstate.snapshot.${invoke.id}`) return { kind: 'invoke.snapshot', actorId: invoke.id }
  }
  return { kind: 'event' }
}

// Higher-order guards are recognised by their `check` function, which survives minification (names do not).
const NOT_CHECK = (not('x') as unknown as { check: unknown }).check
const AND_CHECK = (and(['x']) as unknown as { check: unknown }).check
const OR_CHECK = (or(['x']) as unknown as { check: unknown }).check
const IN_CHECK = (stateIn('x') as unknown as { check: unknown }).check

interface HigherOrderGuard {
  check?: unknown
  guards?: unknown[]
  stateValue?: unknown
}

function guardText(guard: unknown, nested = false): string {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const g = guard as HigherOrderGuard
    if (g.check === NOT_CHECK) return `!${guardText(g.guards?.[0], true)}`
    if (g.check === AND_CHECK || g.check === OR_CHECK) {
      const text = (g.guards ?? []).map((inner) => guardText(inner, true)).join(g.check === AND_CHECK ? ' && ' : ' || ')
      return nested ? `(${text})` : text
    }
    if (g.check === IN_CHECK) return `in(${typeof g.stateValue === 'string' ? g.stateValue : JSON.stringify(g.stateValue)})`
    return 'inline'
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'inline'
}

function guardNames(guard: unknown): string[] {
  if (typeof guard === 'string') return [guard]
  if (typeof guard === 'function') return ((guard as HigherOrderGuard).guards ?? []).flatMap(guardNames)
  if (guard && typeof guard === 'object' && 'type' in guard) return [String((guard as { type: unknown }).type)]
  return []
}

function actionNames(actions: readonly unknown[]): string[] {
  return actions.flatMap((a) => {
    if (typeof a === 'string') return [a]
    if (a && typeof a === 'object' && 'type' in a) return [String((a as { type: unknown }).type)]
    return []
  })
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)]
}
