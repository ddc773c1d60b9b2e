import type { GraphState, GraphTransition, MachineGraph } from './model'
import { stateNamer, statePathName } from './names'

/**
 * What a machine's model-based tests did not reach. States: every state node but the root and history
 * pseudo-states (never active themselves; transitions into them count as transitions). Transitions: every
 * transition definition, keyed as in keys.ts.
 */
export interface CoverageGap {
  machineId: string
  missingStates: GraphState[]
  missingTransitions: GraphTransition[]
  /** How many states and transitions there are to reach. */
  totalStates: number
  totalTransitions: number
}

function coverageTargets(graph: MachineGraph) {
  return {
    states: graph.states.filter((s) => s.parent !== undefined && s.type !== 'history'),
    transitions: graph.transitions,
  }
}

export function findCoverageGap(graph: MachineGraph, visited: { states: Iterable<string>; transitions: Iterable<string> }): CoverageGap {
  const states = new Set(visited.states)
  const transitions = new Set(visited.transitions)
  const targets = coverageTargets(graph)
  return {
    machineId: graph.id,
    missingStates: targets.states.filter((s) => !states.has(s.id)),
    missingTransitions: targets.transitions.filter((t) => !transitions.has(t.key)),
    totalStates: targets.states.length,
    totalTransitions: targets.transitions.length,
  }
}

export function isComplete(gap: CoverageGap): boolean {
  return gap.missingStates.length === 0 && gap.missingTransitions.length === 0
}

/** `idle --login.submit [canSubmit]--> submitting`, the way the coverage report names a transition. */
function describeTransition(graph: MachineGraph, t: GraphTransition): string {
  const name = stateNamer(graph)
  const targets = t.targets.length ? t.targets.map(name).join(', ') : '(se queda)'
  return `${name(t.source)} --${t.label}--> ${targets}`
}

export function formatCoverageGap(graph: MachineGraph, gap: CoverageGap): string[] {
  const lines: string[] = []
  for (const s of gap.missingStates) lines.push(`  - estado ${statePathName(s)}  (#${s.id})`)
  for (const t of gap.missingTransitions) lines.push(`  - transición ${describeTransition(graph, t)}  [${t.key}]`)
  return lines
}
