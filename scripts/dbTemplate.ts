/**
 * `npm run build` step: makes the saved copy of a migrated PGlite database (server/db/pgliteTemplate.ts) ahead, as an
 * archive (every in-memory test database loads it) and as a ready folder (a fresh data folder copies it), so the
 * first start starts in seconds.
 */
import { openDb } from '../server/db/client'
import { saveTemplateFolder, templateFolderOf, templatePath } from '../server/db/pgliteTemplate'
import { MIGRATIONS_FOLDER } from '../server/db/client'

const started = Date.now()
// The main thread: the copy is the same whichever thread makes it, and this one needs no worker start.
const handle = await openDb({ dataDir: 'memory://', thread: 'main' })
await handle.close()
// And the same as a ready folder, which a new data folder copies (the first start of `npm start`).
await saveTemplateFolder(templatePath(MIGRATIONS_FOLDER))
console.log(`Base de datos de arranque lista en ${templateFolderOf(templatePath(MIGRATIONS_FOLDER))} (${Date.now() - started} ms)`)
