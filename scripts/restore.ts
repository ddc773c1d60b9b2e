/**
 * `npm run restore -- FILE [--force]`: restores a backup into DATA_DIR (PGlite) or DATABASE_URL, and the file store.
 * Refuses a target that holds data unless --force. Start the portal on the restored data afterwards.
 */
import path from 'node:path'
import { loadConfig } from '../server/config'
import { restoreBackup, RestoreRefused } from '../server/backup/restore'
import { createFileStore } from '../server/storage/fileStore'

const args = process.argv.slice(2)
const file = args.find((arg) => !arg.startsWith('--'))
if (!file) {
  console.error('Uso: npm run restore -- ARCHIVO.tar [--force]')
  process.exit(2)
}
const config = loadConfig()
try {
  const manifest = await restoreBackup(
    file,
    {
      kind: config.databaseUrl ? 'postgres' : 'pglite',
      pgliteFolder: path.join(config.dataDir, 'pg'),
      databaseUrl: config.databaseUrl,
      store: createFileStore(config.dataDir),
    },
    { force: args.includes('--force') },
  )
  console.log(`Copia del ${manifest.createdAt} restaurada: base de datos y ${manifest.files} archivos (${manifest.fileBytes} bytes).`)
} catch (err) {
  console.error(err instanceof RestoreRefused ? err.message : err)
  process.exit(err instanceof RestoreRefused ? 3 : 1)
}
