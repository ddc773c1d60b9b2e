/**
 * `npm run seed:large -- --claims N`: adds N benchmark claims to the configured database (DATABASE_URL, or the
 * PGlite folder under DATA_DIR), after the demo seed if it has not run yet. Prints the time taken.
 */
import path from 'node:path'
import { loadConfig } from '../server/config'
import { openDb } from '../server/db/client'
import { seedDemoData } from '../server/seed'
import { seedLargeClaims } from '../server/seed/large'
import { openFileStore } from '../server/storage/openFileStore'

function claimsArgument(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--claims' || a.startsWith('--claims='))
  const raw = i < 0 ? undefined : argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1]
  const n = Number(raw)
  if (!raw || !Number.isInteger(n) || n < 1) {
    console.error('Uso: npm run seed:large -- --claims N   (N entero mayor que 0)')
    process.exit(2)
  }
  return n
}

const count = claimsArgument(process.argv.slice(2))
const config = loadConfig()
const handle = await openDb(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg'), thread: config.pgliteThread })
try {
  const seed = await seedDemoData(handle.db, openFileStore(config), { emailDomain: config.internalEmailDomains[0] })
  if (seed.seeded) console.log(`Datos de demostración cargados primero (${seed.ms} ms).`)
  const started = performance.now()
  const result = await seedLargeClaims(handle.db, count, {
    onProgress: (done) => process.stdout.write(`\r${done.toLocaleString('es-MX')} / ${count.toLocaleString('es-MX')} trámites`),
  })
  const seconds = (performance.now() - started) / 1000
  process.stdout.write('\n')
  console.log(
    `${result.claims.toLocaleString('es-MX')} trámites creados en ${seconds.toFixed(2)} s ` +
      `(${Math.round(result.claims / seconds).toLocaleString('es-MX')} por segundo) en ${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}.`,
  )
} finally {
  await handle.close()
}
