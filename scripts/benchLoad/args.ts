/** `npm run bench:load` options. Pure: the smoke test (tests/scripts/benchLoad.test.ts) runs it. */

type LoadDb = 'postgres' | 'pglite'

export interface LoadArgs {
  db: LoadDb
  /** Benchmark claims in the database (seed:large), besides the demo seed's. */
  claims: number
  /** Seconds of load per measurement. */
  duration: number
  /** Connections of the main measurements (one claim, lists); the PGlite run also measures at 10. */
  connections: number
  /** Times the anchor and the targets are measured, alternately. */
  rounds: number
  /** Drop and seed the benchmark database (or PGlite folder) again even when it has the right claim count. */
  fresh: boolean
  /** Run the server from its TypeScript source through tsx (how it ran before issue 25) instead of dist-server/. */
  source: boolean
  /** The PostgreSQL database to use instead of bench_1m / bench_<n> (a machine shared by several checkouts). */
  database?: string
  /** Measure only these groups (one claim and its anchor always run: they are the references). */
  only?: LoadGroup[]
}

/** The groups `--only` selects: a developer working on one path measures it without the whole 14-minute run. */
const LOAD_GROUPS = ['search', 'lists', 'queue', 'statistics', 'digest', 'report', 'uploads'] as const
export type LoadGroup = (typeof LOAD_GROUPS)[number]

/** The sizes: PostgreSQL with 1 000 000 claims, PGlite with 100 000. */
const DEFAULT_CLAIMS: Record<LoadDb, number> = { postgres: 1_000_000, pglite: 100_000 }

export const LOAD_USAGE =
  'Uso: npm run bench:load -- [--db postgres|pglite] [--claims N] [--duration S] [--connections C] [--rounds R] [--database NOMBRE] [--only grupo,grupo] [--fresh] [--source]'

export function parseLoadArgs(argv: readonly string[]): LoadArgs {
  const value = (name: string): string | undefined => {
    const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
    if (i < 0) return undefined
    return argv[i]!.includes('=') ? argv[i]!.slice(argv[i]!.indexOf('=') + 1) : argv[i + 1]
  }
  const positive = (name: string, fallback: number, min = 1) => {
    const raw = value(name)
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} debe ser un entero mayor o igual que ${min}`)
    return n
  }
  const db = value('db') ?? 'postgres'
  if (db !== 'postgres' && db !== 'pglite') throw new Error('--db debe ser postgres o pglite')
  return {
    db,
    claims: positive('claims', DEFAULT_CLAIMS[db]),
    duration: positive('duration', 10),
    connections: positive('connections', 50),
    // The figures are the median of the per-round ratios (issue 27): three rounds at least, so one round taken while
    // the machine's load changed cannot decide a figure on its own.
    rounds: positive('rounds', 3, 3),
    fresh: argv.includes('--fresh'),
    source: argv.includes('--source'),
    ...databaseOf(value('database')),
    ...onlyOf(value('only')),
  }
}

function onlyOf(list: string | undefined): { only?: LoadGroup[] } {
  if (list === undefined) return {}
  const groups = list.split(',').filter(Boolean)
  const unknown = groups.filter((g) => !(LOAD_GROUPS as readonly string[]).includes(g))
  if (groups.length === 0 || unknown.length > 0) throw new Error(`--only admite ${LOAD_GROUPS.join(', ')}`)
  return { only: groups as LoadGroup[] }
}

/** Whether a run measures a group: every group unless `--only` names some. */
export function measures(args: Pick<LoadArgs, 'only'>, group: LoadGroup): boolean {
  return args.only === undefined || args.only.includes(group)
}

function databaseOf(name: string | undefined): { database?: string } {
  if (name === undefined) return {}
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error('--database debe ser un nombre de base de datos en minúsculas (letras, dígitos, _)')
  return { database: name }
}

/** The dedicated PostgreSQL database of a claim count: bench_1m for a million, bench_<n> otherwise. */
export function benchDatabaseName(claims: number): string {
  return claims === 1_000_000 ? 'bench_1m' : `bench_${claims}`
}
