/**
 * One backup is one tar archive: `database/pglite.tar.gz` (PGlite) or `database/postgres.pgdump` (PostgreSQL), every
 * stored file under `files/<key>`, and `manifest.json` last (what it holds; its presence proves the archive is whole).
 *
 * Consistency while the portal runs: files are never changed, only added (generated keys) and removed (replaced or
 * orphaned). The backup first holds removals (fileStore.holdRemovals), then dumps the database, then copies every
 * stored file. Each file the dump names existed when the dump was taken and cannot be removed until the hold ends,
 * so the archive has them all; files written after the dump come along too, orphans the sweep removes after a restore.
 */
import { setTimeout as delay } from 'node:timers/promises'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { buffer } from 'node:stream/consumers'
import tar from 'tar-stream'
import { isStorageKey, type FileStore } from '../storage/fileStore'
import type { DatabaseKind } from './databaseDump'

export interface BackupSource {
  kind: DatabaseKind
  dumpDatabase: () => Promise<Buffer>
  store: FileStore
}

export interface BackupManifest {
  format: 'portal-backup'
  version: 1
  createdAt: string
  database: DatabaseKind
  files: number
  fileBytes: number
}

const DATABASE_ENTRY: Record<DatabaseKind, string> = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.pgdump' }
const MANIFEST_ENTRY = 'manifest.json'
/** A removal that checked the hold just before it was set finishes within this. */
const HOLD_SETTLE_MS = 300

function addEntry(pack: tar.Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: data.length, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())))
}

export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupManifest> {
  const release = await source.store.holdRemovals()
  try {
    await delay(HOLD_SETTLE_MS)
    const createdAt = new Date().toISOString()
    const database = await source.dumpDatabase()
    const pack = tar.pack()
    const written = pipeline(pack, out)
    await addEntry(pack, DATABASE_ENTRY[source.kind], database)
    let files = 0
    let fileBytes = 0
    for (const key of await source.store.listKeys()) {
      // Gone since it was listed: removed before the hold, so no row of the dump names it.
      const opened = await source.store.open(key)
      const data = opened && (await buffer(opened.body).catch(() => null))
      if (!data) continue
      await addEntry(pack, `files/${key}`, data)
      files++
      fileBytes += data.length
    }
    const manifest: BackupManifest = { format: 'portal-backup', version: 1, createdAt, database: source.kind, files, fileBytes }
    await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)))
    pack.finalize()
    await written
    return manifest
  } finally {
    await release()
  }
}

export interface BackupReader {
  /** The database entry (the archive's first), before any file. */
  onDatabase: (kind: DatabaseKind, data: Buffer) => Promise<void>
  onFile: (key: string, data: Buffer) => Promise<void>
}

/**
 * Reads an archive entry by entry, handing each to `reader`; refuses an archive cut short (no manifest at its end) or
 * with an entry that is not ours (a path outside `files/`, a key not of the generated shape).
 */
export async function readBackup(source: NodeJS.ReadableStream, reader: BackupReader): Promise<BackupManifest> {
  const extract = tar.extract()
  const reading = pipeline(source, extract)
  // Its failure (an archive cut short) also ends the loop below, which reports it; awaited again at the end.
  reading.catch(() => undefined)
  let sawDatabase = false
  let manifest: BackupManifest | undefined
  for await (const entry of extract) {
    const name = entry.header.name
    const data = await buffer(entry)
    const kind = (Object.keys(DATABASE_ENTRY) as DatabaseKind[]).find((k) => DATABASE_ENTRY[k] === name)
    if (name === MANIFEST_ENTRY) manifest = JSON.parse(data.toString()) as BackupManifest
    else if (kind && !sawDatabase) {
      sawDatabase = true
      await reader.onDatabase(kind, data)
    } else if (sawDatabase && name.startsWith('files/') && isStorageKey(name.slice('files/'.length))) await reader.onFile(name.slice('files/'.length), data)
    else throw new Error(`La copia contiene una entrada inesperada: ${name}`)
  }
  await reading
  if (!manifest || manifest.format !== 'portal-backup' || !sawDatabase) throw new Error('La copia está incompleta: le falta el manifiesto o la base de datos')
  return manifest
}
