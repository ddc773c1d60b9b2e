/**
 * Opens a PGlite database in a data folder, from the saved copy of a migrated one when the folder is new
 * (server/db/pgliteTemplate.ts). Shared by the main thread and the PGlite worker (server/db/pgliteWorker/), so both
 * start databases the same way.
 */
import path from 'node:path'
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions, readTemplate, templateFolderOf, templatePath } from './pgliteTemplate'

export interface OpenedPglite {
  client: PGlite
  /** Where to save a copy once the migrations ran: set when no usable copy existed for a new database. */
  templateToSave: string | undefined
}

export async function openPglite(dataDir: string, migrationsFolder: string): Promise<OpenedPglite> {
  const { PGlite } = await import('@electric-sql/pglite')
  const inMemory = dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  // A new database starts from the saved copy of a migrated one: 2.5 s instead of 11.
  const isNew = inMemory || !existsSync(path.join(dataDir, 'PG_VERSION'))
  const templateFile = isNew ? templatePath(migrationsFolder) : undefined
  const extensions = await pgliteExtensions()
  if (templateFile && !inMemory) {
    const opened = await openCopiedFolder(PGlite, dataDir, templateFolderOf(templateFile), extensions)
    if (opened) return { client: opened, templateToSave: undefined }
  }
  const template = templateFile ? readTemplate(templateFile) : undefined
  const templateToSave = template ? undefined : templateFile
  try {
    return { client: await PGlite.create(dataDir, { extensions, ...(template ? { loadDataDir: template } : {}) }), templateToSave }
  } catch (err) {
    if (!template) throw err
    // An unreadable copy (cut short, another PGlite's): start the folder over the slow way.
    if (!inMemory) {
      rmSync(dataDir, { recursive: true, force: true })
      mkdirSync(dataDir, { recursive: true })
    }
    return { client: await PGlite.create(dataDir, { extensions }), templateToSave: templateFile }
  }
}

/**
 * A new folder as a copy of the ready one (pgliteTemplate.ts), opened; undefined when there is none or it would not
 * open (then the folder is emptied again, for the archive).
 */
async function openCopiedFolder(
  Pglite: typeof PGlite,
  dataDir: string,
  readyFolder: string,
  extensions: Awaited<ReturnType<typeof pgliteExtensions>>,
): Promise<PGlite | undefined> {
  if (!existsSync(path.join(readyFolder, 'PG_VERSION'))) return undefined
  try {
    cpSync(readyFolder, dataDir, { recursive: true })
    return await Pglite.create(dataDir, { extensions })
  } catch {
    rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    return undefined
  }
}
