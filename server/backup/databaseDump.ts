/**
 * The database half of a backup: PGlite's own copy of its data folder (`dumpDataDir`, a gzip tarball taken between
 * two queries of its one queue, so at one instant), or `pg_dump --format=custom` of DATABASE_URL (one snapshot by
 * pg_dump's own repeatable-read transaction, while the portal keeps writing). Restoring writes a new PGlite folder
 * from the tarball, or `pg_restore` into an empty PostgreSQL database.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DbHandle } from '../db/client'
import { pgliteExtensions } from '../db/pgliteTemplate'

export type DatabaseKind = DbHandle['kind']

/** Runs a PostgreSQL client program; its stdout as bytes, or an error with its stderr. */
function run(program: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) => reject(new Error(`${program} no se pudo ejecutar (${error.message}); instale postgresql-client`)))
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${program} terminó con código ${code}: ${Buffer.concat(err).toString().trim()}`)),
    )
  })
}

export async function dumpDatabase(handle: Pick<DbHandle, 'kind' | 'dumpDataDir'>, databaseUrl?: string): Promise<Buffer> {
  if (handle.kind === 'pglite') return Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer())
  if (!databaseUrl) throw new Error('Falta DATABASE_URL')
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`])
}

/** The PGlite folder is empty when it holds no database yet. */
export const pgliteFolderEmpty = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0

/** Writes the dumped data folder into a new (emptied) PGlite folder. */
export async function restorePglite(folder: string, dump: Buffer): Promise<void> {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const pg = await PGlite.create(folder, { extensions: await pgliteExtensions(), loadDataDir: new Blob([new Uint8Array(dump)]) })
  await pg.query('select 1')
  await pg.close()
}

/** Tables the portal's schemas hold in the target database (0: empty). */
export async function postgresTableCount(databaseUrl: string): Promise<number> {
  const out = await run('psql', [
    '--no-psqlrc', '--tuples-only', '--no-align', `--dbname=${databaseUrl}`,
    '--command=select count(*) from information_schema.tables where table_schema in (\'public\', \'drizzle\')',
  ])
  return Number(out.toString().trim())
}

export async function restorePostgres(databaseUrl: string, dump: Buffer, replace: boolean): Promise<void> {
  if (replace)
    await run('psql', ['--no-psqlrc', '--quiet', `--dbname=${databaseUrl}`, '--command=drop schema if exists drizzle cascade; drop schema public cascade; create schema public'])
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-restore-'))
  try {
    const file = path.join(folder, 'database.pgdump')
    writeFileSync(file, dump)
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file])
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
