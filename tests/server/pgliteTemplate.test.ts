/**
 * New PGlite databases start from a saved copy of a migrated one (server/db/pgliteTemplate.ts). The copy is made by
 * the first new database, reused by the next, keyed by the migrations, and an unreadable copy never stops a start.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { MIGRATIONS_FOLDER, openDb } from '../../server/db/client'
import { saveTemplateFolder, templateFolderOf, templatePath } from '../../server/db/pgliteTemplate'
import { PGlite } from '@electric-sql/pglite'

let folder: string
const previous = process.env.PGLITE_TEMPLATE_DIR

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'pglite-template-test-'))
  process.env.PGLITE_TEMPLATE_DIR = folder
})
afterAll(() => {
  if (previous === undefined) delete process.env.PGLITE_TEMPLATE_DIR
  else process.env.PGLITE_TEMPLATE_DIR = previous
  rmSync(folder, { recursive: true, force: true })
})

/** The migrated schema is there: the claims table and the trigram index of migration 0001. */
async function assertMigrated(dataDir: string) {
  const handle = await openDb({ dataDir })
  try {
    const result = await handle.db.execute(sql`select indexname from pg_indexes where indexname = 'claims_id_text_trgm_idx'`)
    expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1)
    await handle.db.execute(sql`select count(*) from claims`)
  } finally {
    await handle.close()
  }
}

describe('PGlite start-up copy', () => {
  it('the first new database saves the copy; the next starts from it with the same schema', async () => {
    const file = templatePath(MIGRATIONS_FOLDER)
    expect(path.dirname(file)).toBe(folder)
    expect(existsSync(file)).toBe(false)
    await assertMigrated('memory://')
    expect(existsSync(file)).toBe(true)
    await assertMigrated('memory://')
  })

  it('a fresh data folder starts from the copy and is a real PostgreSQL folder afterwards', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'))
    try {
      await assertMigrated(dataDir)
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
      // Opened again: an existing folder, no copy involved.
      await assertMigrated(dataDir)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('an unreadable copy costs time, not the start: memory and folder databases still open migrated', async () => {
    writeFileSync(templatePath(MIGRATIONS_FOLDER), 'no es un tar.gz')
    await assertMigrated('memory://')
    // The bad copy was replaced by a good one: this folder starts from it.
    expect(readFileSync(templatePath(MIGRATIONS_FOLDER)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
    writeFileSync(templatePath(MIGRATIONS_FOLDER), 'no es un tar.gz')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'))
    try {
      await assertMigrated(dataDir)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('a fresh data folder is a copy of the ready folder when the build made one; memory databases still load the archive', async () => {
    await assertMigrated('memory://')
    const file = templatePath(MIGRATIONS_FOLDER)
    await saveTemplateFolder(file)
    const ready = templateFolderOf(file)
    expect(existsSync(path.join(ready, 'PG_VERSION'))).toBe(true)
    // A mark only the ready folder has: a new data folder that shows it was copied from there.
    const marked = await PGlite.create(ready)
    await marked.exec(`create table copied_from_ready_folder (x int)`)
    await marked.close()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'))
    try {
      await assertMigrated(dataDir)
      const handle = await openDb({ dataDir })
      try {
        const found = await handle.db.execute(sql`select to_regclass('copied_from_ready_folder') is not null as copied`)
        expect((found as unknown as { rows: { copied: boolean }[] }).rows[0]?.copied).toBe(true)
      } finally {
        await handle.close()
      }
      // The ready folder itself is left as it was (copied, not moved), and memory databases never see the mark.
      expect(existsSync(path.join(ready, 'PG_VERSION'))).toBe(true)
      const memory = await openDb({ dataDir: 'memory://' })
      try {
        const found = await memory.db.execute(sql`select to_regclass('copied_from_ready_folder') is not null as copied`)
        expect((found as unknown as { rows: { copied: boolean }[] }).rows[0]?.copied).toBe(false)
      } finally {
        await memory.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(ready, { recursive: true, force: true })
    }
    // Six PGlite starts in one test: under a loaded machine (load 18, two cores) they took over the default 30 s.
  }, 120_000)
})
