import type { GraphState, MachineGraph } from './model'

/** A state as analysts and QA read it: its key path without the machine id (`open.documents.empty`). */
export function statePathName(state: GraphState): string {
  return state.path.length ? state.path.join('.') : '(máquina)'
}

export function stateNamer(graph: MachineGraph): (id: string) => string {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  return (id) => {
    const state = byId.get(id)
    return state ? statePathName(state) : id
  }
}
