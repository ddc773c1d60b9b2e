/**
 * `npm run restore -- FILE [--force]`: restores a backup into DATA_DIR (PGlite) or DATABASE_URL, and the file store.
 * Refuses a target that holds data unless --force. Start the portal on the restored data afterwards.
 */
import path from 'node:path'
import { loadConfig } from '../server/config'
import { restoreBackup, RestoreRefused } from '../server/backup/restore'
import { openFileStore } from '../server/storage/openFileStore'

const args = process.argv.slice(2)
const file = args.find((arg) => !arg.startsWith('--'))
if (!file) {
  console.error('Uso: npm run restore -- ARCHIVO.tar [--force]')
  process.exit(2)
}
const config = loadConfig()
// The files go where the portal will read them: DATA_DIR/files, or the bucket of S3_BUCKET.
const store = openFileStore(config)
try {
  const manifest = await restoreBackup(
    file,
    {
      kind: config.databaseUrl ? 'postgres' : 'pglite',
      pgliteFolder: path.join(config.dataDir, 'pg'),
      databaseUrl: config.databaseUrl,
      store,
    },
    { force: args.includes('--force') },
  )
  console.log(`Copia del ${manifest.createdAt} restaurada: base de datos y ${manifest.files} archivos (${manifest.fileBytes} bytes).`)
} catch (err) {
  console.error(err instanceof RestoreRefused ? err.message : err)
  process.exit(err instanceof RestoreRefused ? 3 : 1)
} finally {
  store.close()
}
