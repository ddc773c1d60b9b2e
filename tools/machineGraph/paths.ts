import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate'
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from 'xstate/graph'
import { traversalOptions, type TraversalSamples } from './traversal'

/**
 * Test paths for QA: every shortest path (one per reachable state) and every simple path (no state twice) of a
 * machine, as numbered steps — event, state reached, what the screen must show (`meta.view` of the active states).
 *
 * Simple paths grow exponentially with loops; they are enumerated exactly like xstate's `getSimplePaths` (same order,
 * same paths) but stop after `simpleLimit` paths or `searchBudget` search steps, and the listing says so.
 * Reachable states are bounded by `stateLimit` (a context that keeps changing never ends; give event samples).
 */
interface PathStep {
  /** 1-based. */
  number: number
  /** The event sent; `xstate.init` for the first step (the machine starts). */
  event: AnyEventObject
  /** Active leaf states, `a.b + c.d` for parallel states. */
  state: string
  /** `meta.view` of the active states, joined with ` · `; empty when none declares one. */
  view: string
}

export interface ListedPath {
  number: number
  /** The state the path ends in. */
  target: string
  steps: PathStep[]
}

export interface PathListing {
  machine: string
  shortest: ListedPath[]
  simple: ListedPath[]
  /** True when the simple paths were cut at `simpleLimit` paths or at the search budget. */
  simpleTruncated: boolean
  /** Why: `limit` (more than `simpleLimit` paths) or `budget` (the search gave up; there may be many more). */
  simpleTruncatedBy?: 'limit' | 'budget'
  simpleLimit: number
}

export interface ListPathsOptions extends TraversalSamples {
  simpleLimit?: number
  searchBudget?: number
  stateLimit?: number
}

type MachinePath = StatePath<AnyMachineSnapshot, AnyEventObject>

export const DEFAULT_SIMPLE_LIMIT = 100

export function listPaths(machine: AnyStateMachine, options: ListPathsOptions = {}): PathListing {
  const simpleLimit = options.simpleLimit ?? DEFAULT_SIMPLE_LIMIT
  const traversal = { ...traversalOptions(options), limit: options.stateLimit ?? 5000 }
  let shortest: MachinePath[]
  try {
    shortest = getShortestPaths(machine, traversal) as MachinePath[]
  } catch (error) {
    if (error instanceof Error && error.message.includes('Traversal limit exceeded')) {
      throw new Error(
        `La máquina "${machine.id}" tiene más de ${traversal.limit} estados alcanzables (el contexto no se repite): ` +
          `dé muestras de eventos (\`events\`) o una \`contextKey\` en tools/catalog/samples/${machine.id}.samples.ts`,
      )
    }
    throw error
  }
  const simple = getSimplePathsCapped(machine, traversal, simpleLimit, options.searchBudget ?? 200_000)
  return {
    machine: machine.id,
    shortest: shortest.map(toListedPath),
    simple: simple.paths.map(toListedPath),
    simpleTruncated: simple.truncated !== undefined,
    ...(simple.truncated ? { simpleTruncatedBy: simple.truncated } : {}),
    simpleLimit,
  }
}

/**
 * xstate/graph's `getSimplePaths` algorithm (for each state of the adjacency map, every path from the initial state
 * that visits no state twice, in the same order) with a cap on paths found and on search steps.
 */
export function getSimplePathsCapped(
  machine: AnyStateMachine,
  traversal: ReturnType<typeof traversalOptions> & { limit?: number },
  maxPaths: number,
  searchBudget: number,
): { paths: MachinePath[]; truncated?: 'limit' | 'budget' } {
  const serialize = traversal.serializeState
  const adjacency = getAdjacencyMap(machine, traversal) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>
  const keys = Object.keys(adjacency)
  const initialKey = keys[0]
  if (initialKey === undefined) return { paths: [] }
  const paths: MachinePath[] = []
  let budget = searchBudget
  let truncated: 'limit' | 'budget' | undefined
  const visiting = new Set<string>()
  const steps: Array<{ state: AnyMachineSnapshot; event: AnyEventObject }> = []

  const search = (fromKey: string, toKey: string): boolean => {
    if (--budget < 0) {
      truncated = 'budget'
      return false
    }
    const entry = adjacency[fromKey as keyof typeof adjacency]
    if (!entry) return true
    if (fromKey === toKey) {
      if (paths.length >= maxPaths) {
        truncated = 'limit'
        return false
      }
      paths.push(alterPath({ state: entry.state, steps: [...steps], weight: steps.length }))
      return true
    }
    visiting.add(fromKey)
    {
      const transitions = Object.values(entry.transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>
      for (const { event, state: next } of transitions) {
        const nextKey = serialize(next)
        if (visiting.has(nextKey)) continue
        steps.push({ state: entry.state, event })
        const go = search(nextKey, toKey)
        steps.pop()
        if (!go) {
          visiting.delete(fromKey)
          return false
        }
      }
    }
    visiting.delete(fromKey)
    return true
  }

  for (const toKey of keys) {
    if (!search(initialKey, toKey)) break
  }
  return truncated ? { paths, truncated } : { paths }
}

// Same shape as xstate/graph's paths: the first step is the initial state reached by `xstate.init`.
function alterPath(path: MachinePath): MachinePath {
  const init = { type: 'xstate.init' }
  if (!path.steps.length) return { ...path, steps: [{ state: path.state, event: init }] }
  const steps = path.steps.map((step, i) => ({ state: step.state, event: i === 0 ? init : path.steps[i - 1]!.event }))
  steps.push({ state: path.state, event: path.steps[path.steps.length - 1]!.event })
  return { ...path, steps }
}

function toListedPath(path: MachinePath, index: number): ListedPath {
  return {
    number: index + 1,
    target: stateName(path.state),
    steps: path.steps.map((step, i) => ({ number: i + 1, event: step.event, state: stateName(step.state), view: viewOf(step.state) })),
  }
}

function stateName(snapshot: AnyMachineSnapshot): string {
  return (snapshot._nodes as AnyStateNode[])
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.path.join('.'))
    .join(' + ')
}

function viewOf(snapshot: AnyMachineSnapshot): string {
  return (snapshot._nodes as AnyStateNode[])
    .map((n) => (n.meta as { view?: unknown } | undefined)?.view)
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
    .join(' · ')
}

/** An event as QA reads it: the diagram's wording for xstate's own events, then the data it carries. */
export function eventText(event: AnyEventObject): string {
  if (event.type === 'xstate.init') return '(inicio)'
  const { type, ...data } = event
  return Object.keys(data).length ? `${eventName(type)} ${JSON.stringify(data)}` : eventName(type)
}

function eventName(type: string): string {
  const invoke = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (invoke) return `${invoke[1]}: ${invoke[2]}`
  const after = /^xstate\.after\.([^.]+)\./.exec(type)
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]}ms` : `after ${after[1]}`
  return type
}
