/** `npm run backup -- FILE`: one consistent archive of the database and every stored file (server/backup/). */
import { loadConfig } from '../server/config'
import { runBackup } from '../server/backup/backupCommand'

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
if (!file) {
  console.error('Uso: npm run backup -- ARCHIVO.tar')
  process.exit(2)
}
const started = performance.now()
const how = await runBackup(loadConfig(), file)
console.log(`Copia de seguridad escrita en ${file} (${how === 'server' ? 'tomada por el servidor en marcha' : 'tomada directamente'}, ${Math.round(performance.now() - started)} ms).`)
