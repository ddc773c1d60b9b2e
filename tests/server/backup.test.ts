/**
 * Backups while the portal works (issue 25, item 3): documents are uploaded, replaced and move their claims through
 * the stages while `writeBackup` runs; the archive is restored into a fresh target and every claim, status-history
 * row, notification and file acknowledged before the backup started is there, the files byte for byte, and no
 * restored row names a missing file. A target holding data is refused unless forced. Runs on PGlite, and on
 * PostgreSQL (pg_dump / pg_restore) with TEST_DATABASE_URL.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDb, type DbHandle } from '../../server/db/client'
import { claimFiles, claims, notifications, statusHistory } from '../../server/db/schema'
import { withStoredFile, type FileStore } from '../../server/storage/fileStore'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { sweepOrphans } from '../../server/storage/orphans'
import { writeBackup } from '../../server/backup/archive'
import { dumpDatabase } from '../../server/backup/databaseDump'
import { restoreBackup, RestoreRefused, type RestoreTarget } from '../../server/backup/restore'
import { authHeaders, createRoleWorld, type RoleWorld } from './helpers/fixtures'
import { makePdf, multipartBody, storedBytes } from './helpers/uploads'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'

const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'))
const dropLater: (() => Promise<void>)[] = []
let handle: DbHandle
let databaseUrl: string | undefined
let app: FastifyInstance
let store: FileStore

async function newDatabase(): Promise<string> {
  const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_bk_${randomBytes(6).toString('hex')}`)
  dropLater.push(created.drop)
  return created.url
}

beforeAll(async () => {
  databaseUrl = usingPostgres() ? await newDatabase() : undefined
  handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir: 'memory://', thread: 'main' })
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: path.join(folder, 'live'), clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false })
  app = await buildApp({ config, db: handle, closeDbWithApp: false })
  await app.ready()
  store = app.fileStore
}, 120_000)

afterAll(async () => {
  await app?.close()
  await handle?.close()
  for (const drop of dropLater) await drop()
  rmSync(folder, { recursive: true, force: true })
})

const FIELDS = ['fileOne', 'fileTwo', 'fileThree'] as const

async function upload(w: RoleWorld, field: (typeof FIELDS)[number], text: string) {
  const { payload, headers } = multipartBody([
    { name: 'idEvento', value: String(w.claim.idEvento) },
    { name: 'comentario', value: '' },
    { name: 'estatus', value: '1' },
    { name: field, filename: `${field}.pdf`, content: await makePdf(text), contentType: 'application/pdf' },
  ])
  const res = await app.inject({ method: 'POST', url: '/api/file/add-files-to-event', payload, headers: { ...(await authHeaders(app, w.sessions.collaboratorOwner)), ...headers } })
  expect(res.statusCode, res.body).toBe(200)
}

async function snapshot(db: DbHandle['db'], files: FileStore) {
  const fileRows = await db.select().from(claimFiles)
  const bytes = new Map<string, string>()
  for (const row of fileRows) bytes.set(row.storageKey, createHash('sha256').update(await storedBytes(files, row.storageKey)).digest('hex'))
  return {
    claims: await db.select({ idEvento: claims.idEvento }).from(claims),
    history: await db.select().from(statusHistory),
    notifications: await db.select({ id: notifications.id, kind: notifications.kind, recipient: notifications.recipient }).from(notifications),
    fileRows,
    bytes,
  }
}

describe('a backup taken while documents are uploaded and claims change stage', () => {
  let before: Awaited<ReturnType<typeof snapshot>>
  const archive = path.join(folder, 'copia.tar')
  let target: RestoreTarget

  it('holds everything acknowledged before it started, restored into a fresh target', async () => {
    const done = await createRoleWorld(handle.db)
    for (const field of FIELDS) await upload(done, field, `${field} antes de la copia`) // stage 3, a notification
    const busy = await Promise.all([createRoleWorld(handle.db), createRoleWorld(handle.db)])
    await upload(busy[0]!, 'fileOne', 'primero antes de la copia')
    before = await snapshot(handle.db, store)
    expect(before.notifications.length).toBeGreaterThan(0)

    // Uploads that replace acknowledged files and move claims through their stages, all through the backup.
    let writing = true
    let round = 0
    const load = (async () => {
      while (writing) {
        round++
        for (const [i, w] of [done, ...busy].entries()) await upload(w, FIELDS[(round + i) % 3]!, `vuelta ${round} trámite ${i}`)
      }
    })()
    const manifest = await writeBackup(
      { kind: handle.kind, dumpDatabase: () => dumpDatabase(handle, databaseUrl), store },
      createWriteStream(archive),
    )
    writing = false
    await load
    expect(round).toBeGreaterThan(0)
    expect(manifest.database).toBe(handle.kind)

    const restoredFiles = createLocalFileStore(path.join(folder, 'restored'))
    target = handle.kind === 'pglite'
      ? { kind: 'pglite', pgliteFolder: path.join(folder, 'restored', 'pg'), store: restoredFiles }
      : { kind: 'postgres', databaseUrl: await newDatabase(), store: restoredFiles }
    if (target.kind === 'postgres') {
      // createTestDatabase migrates; a restore goes into an empty database, so this one is emptied first (--force).
      await restoreBackup(archive, target, { force: true })
    } else await restoreBackup(archive, target, { force: false })

    const restored = await openDb(target.kind === 'pglite' ? { dataDir: target.pgliteFolder!, thread: 'main' } : { databaseUrl: target.databaseUrl! })
    try {
      const after = await snapshot(restored.db, restoredFiles)
      const ids = new Set(after.claims.map((c) => c.idEvento))
      for (const claim of before.claims) expect(ids.has(claim.idEvento), `C${claim.idEvento}`).toBe(true)
      const history = new Map(after.history.map((row) => [row.id, row]))
      for (const row of before.history) expect(history.get(row.id)).toEqual(row)
      const mails = new Map(after.notifications.map((row) => [row.id, row]))
      for (const row of before.notifications) expect(mails.get(row.id)).toEqual(row)
      // Every file acknowledged before, byte for byte, including those replaced while the backup ran.
      for (const [key, sha] of before.bytes) {
        const copy = await storedBytes(restoredFiles, key)
        expect(createHash('sha256').update(copy).digest('hex'), key).toBe(sha)
      }
      // And no restored row names a file the archive lacks (after.bytes read every one).
      expect(after.bytes.size).toBe(new Set(after.fileRows.map((r) => r.storageKey)).size)
    } finally {
      await restored.close()
    }
  }, 240_000)

  it('refuses to restore over a target that holds data, unless forced', async () => {
    await expect(restoreBackup(archive, target, { force: false })).rejects.toBeInstanceOf(RestoreRefused)
    const manifest = await restoreBackup(archive, target, { force: true })
    expect(manifest.files).toBeGreaterThan(before.bytes.size - 1)
  }, 120_000)

  it('refuses an archive cut short', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs')
    const whole = readFileSync(archive)
    const cut = path.join(folder, 'cortada.tar')
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)))
    const fresh = createLocalFileStore(path.join(folder, 'fresh'))
    const empty: RestoreTarget = target.kind === 'pglite'
      ? { kind: 'pglite', pgliteFolder: path.join(folder, 'fresh', 'pg'), store: fresh }
      : { ...target, store: fresh }
    await expect(restoreBackup(cut, empty, { force: true })).rejects.toThrow()
  }, 120_000)
})

describe('while a backup holds removals', () => {
  it('keeps a replaced file and the orphan sweep waits, so the dump never names a file that is gone', async () => {
    const release = await store.holdRemovals()
    const replaced = await store.put(Buffer.from('%PDF-reemplazado'), 'pdf')
    try {
      expect(await store.removalsHeld()).toBe(true)
      await withStoredFile(store, Buffer.from('%PDF-nuevo'), 'pdf', async () => ({ result: null, replacedKeys: [replaced] }))
      expect(await store.exists(replaced)).toBe(true)
      expect(await sweepOrphans(handle.db, store, { graceMs: 0, now: Date.now() + 60_000 })).toEqual({ checked: 0, removed: [] })
    } finally {
      await release()
    }
    expect(await store.removalsHeld()).toBe(false)
    await withStoredFile(store, Buffer.from('%PDF-otro'), 'pdf', async () => ({ result: null, replacedKeys: [replaced] }))
    expect(await store.exists(replaced)).toBe(false)
  })
})
