/**
 * `npm run import:sepomex -- FILE`: loads the official SEPOMEX postal catalogue (CPdescarga.txt, latin1 or UTF-8)
 * into the location catalogues of the configured database. Safe to run again: nothing is duplicated.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadConfig } from '../server/config'
import { openDb } from '../server/db/client'
import { importSepomex } from '../server/db/sepomex'

const file = process.argv.slice(2).find((a) => !a.startsWith('-'))
if (!file) {
  console.error('Uso: npm run import:sepomex -- ARCHIVO   (el catálogo de códigos postales de SEPOMEX en formato texto)')
  process.exit(2)
}
let bytes: Uint8Array
try {
  bytes = await readFile(file)
} catch {
  console.error(`No se pudo leer el archivo: ${file}`)
  process.exit(2)
}

const config = loadConfig()
const handle = await openDb(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg'), thread: config.pgliteThread })
try {
  const started = performance.now()
  const s = await importSepomex(handle.db, bytes)
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  console.log(`Catálogo SEPOMEX importado en ${seconds} s: ${s.rows.toLocaleString('es-MX')} filas leídas` + (s.skipped ? `, ${s.skipped} omitidas por formato inválido.` : '.'))
  console.log(`  Estados nuevos: ${s.statesInserted}`)
  console.log(`  Municipios: ${s.municipalities} en el archivo, ${s.municipalitiesInserted} nuevos, ${s.municipalitiesRenamed} con nombre actualizado`)
  console.log(`  Colonias: ${s.neighbourhoods} en el archivo, ${s.neighbourhoodsInserted} nuevas`)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
} finally {
  await handle.close()
}
