/**
 * `npm run restore -- FILE [--force]`: puts a backup (archive.ts) into a new data folder (PGlite) or a new database
 * (DATABASE_URL) and its file store. A target that already holds a database or files is refused unless `--force`,
 * which empties it first: a restore never mixes two portals' data.
 */
import { createReadStream } from 'node:fs'
import { readBackup, type BackupManifest } from './archive'
import { pgliteFolderEmpty, postgresTableCount, restorePglite, restorePostgres, type DatabaseKind } from './databaseDump'
import type { FileStore } from '../storage/fileStore'

export interface RestoreTarget {
  kind: DatabaseKind
  /** The PGlite folder (DATA_DIR/pg) or the PostgreSQL database. */
  pgliteFolder?: string
  databaseUrl?: string
  store: FileStore
}

export class RestoreRefused extends Error {}

const KIND_NAME: Record<DatabaseKind, string> = { pglite: 'PGlite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' }

async function targetHoldsData(target: RestoreTarget): Promise<boolean> {
  const hasDatabase = target.kind === 'pglite' ? !pgliteFolderEmpty(target.pgliteFolder!) : (await postgresTableCount(target.databaseUrl!)) > 0
  return hasDatabase || (await target.store.listKeys()).length > 0
}

export async function restoreBackup(file: string, target: RestoreTarget, opts: { force: boolean }): Promise<BackupManifest> {
  const replace = await targetHoldsData(target)
  if (replace && !opts.force)
    throw new RestoreRefused('El destino ya tiene datos (base de datos o archivos). Use una carpeta o base de datos nueva, o --force para reemplazarlos.')
  return readBackup(createReadStream(file), {
    onDatabase: async (kind, data) => {
      if (kind !== target.kind)
        throw new RestoreRefused(`La copia es de ${KIND_NAME[kind]}; este destino es ${KIND_NAME[target.kind]}.`)
      if (replace) await Promise.all((await target.store.listKeys()).map((key) => target.store.remove(key)))
      if (kind === 'pglite') await restorePglite(target.pgliteFolder!, data)
      else await restorePostgres(target.databaseUrl!, data, replace)
    },
    onFile: (key, data) => target.store.putAt(key, data),
  })
}
