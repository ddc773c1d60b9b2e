import type { GraphState, GraphTransition, MachineGraph } from './model'

export interface MermaidOptions {
  /** Text to show for a state instead of its key, by state id (`claimLifecycle.facturacion`). */
  labels?: Readonly<Record<string, string>>
  /** Class name → its Mermaid style (`fill:#fde68a,stroke:#b45309`) and the ids of the states it marks. */
  classes?: Readonly<Record<string, { style: string; states: readonly string[] }>>
  /**
   * 'description': label each arrow with its transition's `description` (words for office users, the claim page's
   * diagram) where it has one; by default the technical `event [guard]` label (docs, /administrador/flujos).
   */
  transitionLabels?: 'technical' | 'description'
  /** Leave out transitions that stay in their state (actions only, or back to itself): the office view of a claim
   * shows how it moves between stages, and Mermaid stacks several loops' labels on top of each other. */
  withoutSelfLoops?: boolean
}

/**
 * Mermaid `stateDiagram-v2` text of a machine graph.
 *
 * - Compound states become composite states; each region of a parallel state is a composite state of its own,
 *   separated from the next by `--`; history states are drawn as `H` / `H*`.
 * - `[*] --> x` marks initial states; final states get `x --> [*]` in their parent.
 * - Transitions are labelled as in the model (`event [guard]`, `after <delay>`, `done: <actor>`, …). Mermaid cannot
 *   draw a transition between states of different composites, so each one is written in the innermost composite
 *   that holds both ends, between that composite's children that contain them; when an end had to be lifted, the
 *   label says which inner state it is: `error: refreshToken (desde refreshing)`, `estado.select (hacia
 *   loadingCities)`. Targetless transitions are self-loops. `:` and `;` in labels are written as `#58;` / `#59;` (Mermaid's entity
 *   codes), because older renderers (GitHub's among them) end the label at a colon.
 * - State ids are the key path joined with `__`; a label `state "key" as id` is declared when they differ.
 * - When the root has transitions of its own, the whole machine is wrapped in a composite named after it.
 * - Options: `labels` shows another text for a state (a stage name instead of its key); `transitionLabels:
 *   'description'` writes each transition's `description` instead of its technical label; `classes` marks states with a
 *   Mermaid `classDef` (the claim's current stage), written last as `classDef <name> <style>` and
 *   `class <id>,<id> <name>`. Without options the output is the plain diagram of the docs.
 * Output follows definition order, so it is stable and diffs stay small.
 */
export function toMermaid(graph: MachineGraph, options: MermaidOptions = {}): string {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const root = graph.states[0]
  if (!root) throw new Error('máquina sin estados')
  const wrapRoot = graph.transitions.some((t) => t.source === root.id)

  const mermaidId = (state: GraphState): string => {
    if (!state.parent) return `${sanitize(graph.id)}__root`
    const id = state.path.map(sanitize).join('__')
    return RESERVED.has(id) ? `s_${id}` : id
  }
  const parentOf = (state: GraphState) => (state.parent ? byId.get(state.parent) : undefined)

  // Mermaid cannot draw a transition between states of different composites: each transition is written in the
  // innermost non-parallel composite holding both ends, between the children of that composite that contain them,
  // and the label names the inner states it really leaves from or goes to.
  const edgesByContainer = new Map<string, string[]>()
  for (const t of graph.transitions) {
    const source = byId.get(t.source)
    if (!source) continue
    const targets = t.targets.length ? t.targets : [t.source]
    if (options.withoutSelfLoops && targets.every((target) => target === t.source)) continue
    for (const targetId of targets) {
      const target = byId.get(targetId)
      if (!target) continue
      const container = commonContainer(source, target, parentOf) ?? (wrapRoot ? undefined : root)
      const from = childOf(container, source, parentOf)
      const to = childOf(container, target, parentOf)
      const text = transitionText(t, options.transitionLabels)
      const inner = [
        ...(from.id !== source.id ? [`desde ${relativePath(from, source)}`] : []),
        ...(to.id !== target.id ? [`hacia ${relativePath(to, target)}`] : []),
      ]
      const label = inner.length ? `${text} (${inner.join(', ')})` : text
      const key = container ? container.id : ''
      const line = `${mermaidId(from)} --> ${mermaidId(to)} : ${escapeLabel(label)}`
      edgesByContainer.set(key, [...(edgesByContainer.get(key) ?? []), line])
    }
  }

  const lines: string[] = ['stateDiagram-v2']
  const indent = (depth: number) => '  '.repeat(depth)

  const writeBody = (state: GraphState, depth: number) => {
    const children = state.children.map((id) => byId.get(id)).filter((c): c is GraphState => c !== undefined)
    if (state.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent(depth)}--`)
        writeState(child, depth)
      })
    } else {
      for (const initial of state.initial) {
        const target = byId.get(initial)
        if (target) lines.push(`${indent(depth)}[*] --> ${mermaidId(target)}`)
      }
      for (const child of children) writeState(child, depth)
    }
    for (const child of children) {
      if (child.type === 'final') lines.push(`${indent(depth)}${mermaidId(child)} --> [*]`)
    }
    for (const edge of edgesByContainer.get(state.id) ?? []) lines.push(`${indent(depth)}${edge}`)
  }

  const writeState = (state: GraphState, depth: number) => {
    const id = mermaidId(state)
    const label =
      state.type === 'history' ? (state.history === 'deep' ? 'H*' : 'H') : (options.labels?.[state.id] ?? state.key).replace(/"/g, '#quot;')
    const named = label === id ? id : `"${label}" as ${id}`
    if (state.children.length) {
      lines.push(`${indent(depth)}state ${named} {`)
      writeBody(state, depth + 1)
      lines.push(`${indent(depth)}}`)
    } else {
      lines.push(`${indent(depth)}${label === id ? id : `state ${named}`}`)
    }
  }

  if (wrapRoot) {
    lines.push(`${indent(1)}[*] --> ${mermaidId(root)}`)
    lines.push(`${indent(1)}state "${graph.id}" as ${mermaidId(root)} {`)
    writeBody(root, 2)
    lines.push(`${indent(1)}}`)
    for (const edge of edgesByContainer.get('') ?? []) lines.push(`${indent(1)}${edge}`)
  } else {
    writeBody(root, 1)
  }
  for (const [name, { style, states }] of Object.entries(options.classes ?? {})) {
    const ids = states.map((id) => byId.get(id)).filter((s): s is GraphState => s !== undefined).map(mermaidId)
    if (!ids.length) continue
    lines.push(`${indent(1)}classDef ${sanitize(name)} ${style.replace(/;/g, ',').replace(/\s*\n\s*/g, '')}`)
    lines.push(`${indent(1)}class ${ids.join(',')} ${sanitize(name)}`)
  }
  return `${lines.join('\n')}\n`
}

function transitionText(t: GraphTransition, mode: MermaidOptions['transitionLabels']): string {
  return mode === 'description' && t.description ? t.description : t.label
}

/** The ancestor-or-self of `state` that is a direct child of `container` (the root when there is no container). */
function childOf(
  container: GraphState | undefined,
  state: GraphState,
  parentOf: (s: GraphState) => GraphState | undefined,
): GraphState {
  let current = state
  for (let p = parentOf(current); p && p.id !== container?.id; p = parentOf(current)) current = p
  return current
}

function relativePath(ancestor: GraphState, state: GraphState): string {
  return state.path.slice(ancestor.path.length).join('.') || state.key
}

function commonContainer(
  source: GraphState,
  target: GraphState,
  parentOf: (s: GraphState) => GraphState | undefined,
): GraphState | undefined {
  const ancestors = (state: GraphState) => {
    const out: GraphState[] = []
    for (let p = parentOf(state); p; p = parentOf(p)) out.push(p)
    return out
  }
  const targetAncestors = new Set(ancestors(target).map((s) => s.id))
  for (const candidate of ancestors(source)) {
    if (targetAncestors.has(candidate.id) && candidate.type !== 'parallel') return candidate
  }
  return undefined
}

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click', 'hide', 'scale', 'as'])

function sanitize(key: string): string {
  return key.replace(/[^A-Za-z0-9_]/g, '_')
}

function escapeLabel(label: string): string {
  return label.replace(/;/g, '#59;').replace(/:/g, '#58;')
}

