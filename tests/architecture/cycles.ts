/**
 * Import cycles among the project's own files. A cycle means no file of it can be read, tested or moved without the
 * others (and, at run time, one of them sees the other half-initialised), so the architecture test refuses any.
 * Type-only imports count too: a file that needs another's type to be read belongs with it or below it.
 *
 * Tarjan's strongly connected components over the resolved imports; each component of more than one file (or a
 * file importing itself) is reported as one closed path through it, file → … → the same file, so a failure names
 * the files to untangle in the order they import each other.
 */

/** importer → the project files it imports. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>

export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let next = 0

  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== file)
      if (component.length > 1 || graph.get(file)?.has(file)) components.push(component)
    }
  }

  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file)
  return components.map((component) => closedPath(graph, new Set(component)))
}

/** The shortest path from the component's first file (by name) back to itself, through the component only. */
function closedPath(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of [...(graph.get(file) ?? [])].sort()) {
      if (!component.has(target)) continue
      if (target === start) {
        const path = [file]
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!)
        return [...path, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file)
        queue.push(target)
      }
    }
  }
  return [start, start]
}

export const describeCycle = (cycle: readonly string[]): string => cycle.join(' → ')
