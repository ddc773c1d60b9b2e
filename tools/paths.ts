/**
 * `npm run paths -- <machine> [--format md|json|csv] [--limit N]`: QA's test paths of a registered machine — every
 * shortest path and every simple path (capped at N, 100 by default; the output says when it was cut) as numbered
 * steps: the event, the state reached, and what the screen must show (`meta.view` of the states). Events that carry
 * data come from the machine's samples (tools/catalog/traversalSamples.ts).
 */
import { machineCatalog } from './catalog/machineCatalog'
import { samplesFor } from './catalog/traversalSamples'
import { DEFAULT_SIMPLE_LIMIT, formatPaths, listPaths, PATH_FORMATS, type PathFormat } from './machineGraph'

export interface PathsArgs {
  machine?: string
  format: PathFormat
  limit: number
}

export function parsePathsArgs(argv: readonly string[]): PathsArgs {
  const args: PathsArgs = { format: 'md', limit: DEFAULT_SIMPLE_LIMIT }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const [flag, inline] = arg.startsWith('--') ? arg.split('=', 2) : [arg, undefined]
    const value = () => inline ?? argv[++i]
    if (flag === '--format') {
      const format = value()
      if (!PATH_FORMATS.includes(format as PathFormat)) throw new Error(`Formato desconocido "${format}": use md, json o csv`)
      args.format = format as PathFormat
    } else if (flag === '--limit') {
      const limit = Number(value())
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit necesita un entero positivo')
      args.limit = limit
    } else if (arg.startsWith('--')) {
      throw new Error(`Opción desconocida ${arg}`)
    } else {
      args.machine = arg
    }
  }
  return args
}

function main(): number {
  let args: PathsArgs
  try {
    args = parsePathsArgs(process.argv.slice(2))
  } catch (error) {
    console.error((error as Error).message)
    return 2
  }
  const ids = machineCatalog.map((e) => e.id).join(', ')
  if (!args.machine) {
    console.error(`Uso: npm run paths -- <máquina> [--format md|json|csv] [--limit N]\nMáquinas: ${ids}`)
    return 2
  }
  const entry = machineCatalog.find((e) => e.id === args.machine)
  if (!entry) {
    console.error(`No hay una máquina "${args.machine}" en tools/catalog/machineCatalog.ts. Máquinas: ${ids}`)
    return 2
  }
  try {
    const listing = listPaths(entry.machine, { ...samplesFor(entry.id), simpleLimit: args.limit })
    process.stdout.write(formatPaths(listing, args.format))
    return 0
  } catch (error) {
    console.error((error as Error).message)
    return 1
  }
}

if (process.argv[1] && /paths\.ts$/.test(process.argv[1])) process.exitCode = main()
