/**
 * `npm run build` step: makes the saved copy of a migrated PGlite database (server/db/pgliteTemplate.ts) ahead, so
 * the first start on a fresh data folder, and every in-memory test database, starts in seconds.
 */
import { openDb } from '../server/db/client'
import { templatePath } from '../server/db/pgliteTemplate'
import { MIGRATIONS_FOLDER } from '../server/db/client'

const started = Date.now()
// The main thread: the copy is the same whichever thread makes it, and this one needs no worker start.
const handle = await openDb({ dataDir: 'memory://', thread: 'main' })
await handle.close()
console.log(`Base de datos de arranque lista en ${templatePath(MIGRATIONS_FOLDER)} (${Date.now() - started} ms)`)
