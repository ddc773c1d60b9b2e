/**
 * A ready PGlite data folder: initialising a new PGlite folder (initdb inside WebAssembly) and applying the
 * migrations took 10–11 s on this machine, against 0.8 s to open an existing folder; loading a saved copy of an
 * initialised, migrated folder takes about 2.5 s. So a new database (a fresh DATA_DIR on first start, every
 * in-memory test database) starts from that copy, and the migrations that follow find nothing to do.
 *
 * The copy is a gzip tarball made by PGlite's own `dumpDataDir`, kept in PGLITE_TEMPLATE_DIR (default: the system's
 * temporary folder) under a name that hashes the migrations and PGlite's version, so a new migration or a PGlite
 * upgrade makes a new copy instead of reusing a stale one. `npm run build` makes it ahead (scripts/dbTemplate.ts);
 * otherwise the first new database makes it, and a copy that cannot be read or written only costs time.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PGliteOptions } from '@electric-sql/pglite'
import type { PgliteClient } from './pgliteClient'

/** The extensions every PGlite database loads (pg_trgm: the claim-number search index, migration 0001). */
export async function pgliteExtensions(): Promise<NonNullable<PGliteOptions['extensions']>> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  return { pg_trgm }
}

/** PGlite's version, read from its package.json (which the package does not export, so found from its entry). */
function pgliteVersion(): string {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (path.basename(folder) !== 'pglite' && path.dirname(folder) !== folder) folder = path.dirname(folder)
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version
}

/** Where the copy for these migrations lives. */
export function templatePath(migrationsFolder: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`)
  for (const name of readdirSync(migrationsFolder).filter((n) => n.endsWith('.sql')).sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsFolder, name)))
  }
  const folder = env.PGLITE_TEMPLATE_DIR || path.join(tmpdir(), 'portal-pglite-template')
  return path.join(folder, `${hash.digest('hex').slice(0, 16)}.tar.gz`)
}

/** The saved copy, or undefined when there is none (or it cannot be read). */
export function readTemplate(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)])
  } catch {
    return undefined
  }
}

/**
 * Saves a copy of a freshly migrated database. Written to a temporary name and renamed, so a parallel reader (test
 * workers start together) never sees half a file. Failure to save is not an error: the next database is only slower.
 */
export async function saveTemplate(client: Pick<PgliteClient, 'dumpDataDir'>, file: string): Promise<void> {
  try {
    const dump = await client.dumpDataDir('gzip')
    mkdirSync(path.dirname(file), { recursive: true })
    const partial = `${file}.${process.pid}.${Date.now()}.part`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  } catch {
    // A read-only or full temporary folder: keep going without a copy.
  }
}

/**
 * The same database as a ready data folder, beside the archive (`….folder`): a new on-disk database is that folder
 * copied and opened like an existing one (0.6 s), not the archive unpacked through PGlite (2.1 s), which kept the
 * first start at 2.5× a restart on an idle machine (docs/benchmarks.md). A PostgreSQL data folder that was shut down
 * cleanly can be copied anywhere. Made by `npm run build` (scripts/dbTemplate.ts); without it the archive serves.
 */
export const templateFolderOf = (file: string) => file.replace(/\.tar\.gz$/, '.folder')

/** Makes the ready folder from the archive, unless it exists; written under a temporary name and renamed. */
export async function saveTemplateFolder(file: string): Promise<void> {
  const folder = templateFolderOf(file)
  const archive = readTemplate(file)
  if (existsSync(folder) || !archive) return
  const partial = `${folder}.${process.pid}.${Date.now()}.part`
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const pg = await PGlite.create(partial, { extensions: await pgliteExtensions(), loadDataDir: archive })
    await pg.close()
    renameSync(partial, folder)
  } catch {
    // Another process made it first, or the disk refused: the archive still serves.
    rmSync(partial, { recursive: true, force: true })
  }
}
