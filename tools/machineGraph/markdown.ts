import { toMermaid } from './mermaid'
import type { GraphStateType, MachineGraph } from './model'
import { stateNamer, statePathName } from './names'

export interface MachineDocInput {
  id: string
  description: string
  graph: MachineGraph
}

const TYPE_NAMES: Record<GraphStateType, string> = {
  atomic: 'simple',
  compound: 'compuesto',
  parallel: 'paralelo',
  final: 'final',
  history: 'historial',
}

/**
 * The page `docs/machines/<id>.md`: title, description, Mermaid diagram and tables of states, transitions, events,
 * guards, delays and invoked actors, all by name. Generated; `npm run diagrams:check` fails when it is stale.
 */
export function renderMachineDoc({ id, description, graph }: MachineDocInput): string {
  const name = stateNamer(graph)
  const states = graph.states.filter((s) => s.parent !== undefined)
  const out: string[] = []
  out.push(`<!-- Generado por \`npm run diagrams\` a partir de la máquina; no editar a mano. -->`)
  out.push(`# ${id}`, '', description, '')
  out.push('```mermaid', toMermaid(graph).trimEnd(), '```', '')

  out.push('## Estados', '')
  out.push('| Estado | Tipo | Descripción | La pantalla muestra |', '| --- | --- | --- | --- |')
  for (const s of states) {
    const type = s.type === 'history' ? `historial (${s.history === 'deep' ? 'profundo' : 'superficial'})` : TYPE_NAMES[s.type]
    out.push(row([code(statePathName(s)), type, s.description ?? '—', s.view ?? '—']))
  }
  out.push('')

  out.push('## Transiciones', '')
  out.push('| Desde | Transición | Hacia | Acciones |', '| --- | --- | --- | --- |')
  for (const t of graph.transitions) {
    const targets = t.targets.length ? t.targets.map((target) => code(name(target))).join(', ') : '(se queda)'
    out.push(row([code(name(t.source)), code(t.label), targets, t.actions.length ? t.actions.map(code).join(', ') : '—']))
  }
  out.push('')

  out.push('## Eventos', '')
  if (graph.events.length) {
    out.push('| Evento | Aceptado en |', '| --- | --- |')
    for (const event of graph.events) {
      const sources = unique(graph.transitions.filter((t) => t.kind === 'event' && t.eventType === event).map((t) => name(t.source)))
      out.push(row([code(event), sources.map(code).join(', ')]))
    }
  } else out.push('Ninguno.')
  out.push('')

  out.push('## Guardas', '')
  if (graph.guards.length) {
    out.push('| Guarda | Usada en |', '| --- | --- |')
    for (const guard of graph.guards) {
      const used = graph.transitions.filter((t) => t.guardNames.includes(guard)).map((t) => `${name(t.source)}: ${t.eventType}`)
      out.push(row([code(guard), unique(used).map(code).join(', ')]))
    }
  } else out.push('Ninguna.')
  out.push('')

  out.push('## Retardos', '')
  if (graph.delays.length) {
    out.push('| Retardo | Valor | Usado en |', '| --- | --- | --- |')
    for (const delay of graph.delays) {
      out.push(row([code(delay.name), delay.ms === undefined ? 'calculado' : `${delay.ms} ms`, delay.usedIn.map((s) => code(name(s))).join(', ')]))
    }
  } else out.push('Ninguno.')
  out.push('')

  out.push('## Actores invocados', '')
  if (graph.actors.length) {
    out.push('| Actor (id) | Lógica (src) | Estado |', '| --- | --- | --- |')
    for (const actor of graph.actors) out.push(row([code(actor.id), code(actor.src), code(name(actor.state))]))
  } else out.push('Ninguno.')
  out.push('')

  return `${out.join('\n').trimEnd()}\n`
}

function row(cells: string[]): string {
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')).join(' | ')} |`
}

function code(text: string): string {
  return `\`${text}\``
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)]
}
