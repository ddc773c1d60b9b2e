/**
 * Issue 25, item 4: uploaded files in an S3-compatible bucket. A real S3 server on loopback — Ceph's RADOS Gateway
 * on a throwaway one-node cluster (scripts/lib/cephS3.ts, Debian's radosgw) — started once for this file, a bucket
 * per part:
 * - the file store contract (tests/server/helpers/fileStoreContract.ts), as the local folder passes it;
 * - one document's flow through the API on S3: upload, download (the same status, headers and bytes as the local
 *   store answers for the same row), replacement (the old object leaves the bucket), and the profile photo;
 * - the S3 server stopped mid-run, under uploads from three clients, then hanging (SIGSTOP): uploads and downloads
 *   answer 503 with the Spanish reason within about 2 s, /readyz stays ready and says so, lists and claims keep
 *   working, every acknowledged upload has its row and its object, no refused one left a row, and once the gateway
 *   is back uploads work again and the sweep leaves exactly the objects the rows name;
 * - backup of a portal on S3 and restore into a new bucket and into a folder, byte for byte.
 * Skipped where Debian's Ceph packages are not installed, except in CI (.ci/run installs them), where it must run.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig, type AppConfig } from '../../server/config'
import { openDb, type DbHandle } from '../../server/db/client'
import { claimFiles } from '../../server/db/schema'
import { readBackup, writeBackup } from '../../server/backup/archive'
import { dumpDatabase } from '../../server/backup/databaseDump'
import { restoreBackup, RestoreRefused } from '../../server/backup/restore'
import type { FileStore } from '../../server/storage/fileStore'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { createS3FileStore, type S3FileStore, type S3Settings } from '../../server/storage/s3FileStore'
import { sweepOrphans } from '../../server/storage/orphans'
import { cephInstalled, startCephS3, type CephS3 } from '../../scripts/lib/cephS3'
import { authHeaders, createRoleWorld, type RoleWorld } from './helpers/fixtures'
import { fileStoreContract, type ContractSubject } from './helpers/fileStoreContract'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'
import { IMAGES, fileTablesSnapshot, makePdf, multipartBody, storedBytes } from './helpers/uploads'

const available = cephInstalled()
if (!available && process.env.CI) throw new Error('CI sin radosgw: .ci/run instala radosgw, ceph-mon y ceph-osd')

const UNAVAILABLE = 'El almacenamiento de archivos no está disponible en este momento; intenta de nuevo en unos segundos'
const HOUR = 3_600_000

let ceph: CephS3
let handle: DbHandle
let databaseUrl: string | undefined
const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'))
const cleanups: (() => Promise<unknown> | unknown)[] = []

/**
 * The store's settings for `bucket`. The fault test uses the portal's own 1 s timeout; the others allow 5 s, since
 * on a loaded 2-core CI machine the gateway itself may pause for a second, which is not what they test.
 */
const settings = (bucket: string, timeoutMs = 5_000): S3Settings => ({
  endpoint: ceph.endpoint,
  bucket,
  region: ceph.region,
  accessKeyId: ceph.accessKeyId,
  secretAccessKey: ceph.secretAccessKey,
  forcePathStyle: true,
  timeoutMs,
})

/** A new bucket (named after the part of the test) and a store on it. */
async function bucketStore(bucket: string): Promise<S3FileStore> {
  const store = createS3FileStore(settings(bucket), mkdtempSync(path.join(folder, 'incoming-')))
  await store.s3.client.send(new CreateBucketCommand({ Bucket: bucket }))
  cleanups.push(() => store.close())
  return store
}

/** An app on the shared test database whose files live in `s3` (a bucket) or, without it, in a new folder. */
async function appOn(s3?: S3Settings, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: mkdtempSync(path.join(folder, 'data-')), s3, clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false, ...overrides },
  )
  const app = await buildApp({ config, db: handle, closeDbWithApp: false })
  await app.ready()
  cleanups.push(() => app.close())
  return app
}

async function uploadDocument(app: FastifyInstance, w: RoleWorld, field: 'fileOne' | 'fileTwo' | 'fileThree', pdf: Uint8Array, name = `${field}.pdf`) {
  const { payload, headers } = multipartBody([
    { name: 'idEvento', value: String(w.claim.idEvento) },
    { name: 'comentario', value: '' },
    { name: 'estatus', value: '1' },
    { name: field, filename: name, content: pdf, contentType: 'application/pdf' },
  ])
  return app.inject({ method: 'POST', url: '/api/file/add-files-to-event', payload, headers: { ...(await authHeaders(app, w.sessions.collaboratorOwner)), ...headers } })
}

const documentRow = async (db: DbHandle['db'], idEvento: number) => (await db.select().from(claimFiles)).filter((row) => row.idEvento === idEvento)

/** The keys the database names (every file table), to compare with what the bucket holds. */
async function namedKeys(db: DbHandle['db']): Promise<Set<string>> {
  const rows = (await db.execute(
    sql`select storage_key as k from claim_files union all select storage_key from invoices union all select storage_key from dictaminations union all select foto_key from users where foto_key is not null`,
  )) as unknown as { rows: { k: string }[] }
  return new Set(rows.rows.map((row) => row.k))
}

/** A new PostgreSQL database (TEST_DATABASE_URL), dropped after the file: pg_dump and pg_restore need its URL. */
async function newDatabase(): Promise<string> {
  const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_s3_${randomBytes(6).toString('hex')}`)
  cleanups.unshift(created.drop)
  return created.url
}

beforeAll(async () => {
  if (!available) return
  ceph = await startCephS3()
  console.log(`Ceph RGW listo en ${ceph.startMs} ms`)
  databaseUrl = usingPostgres() ? await newDatabase() : undefined
  handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir: 'memory://', thread: 'main' })
}, 60_000)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await handle?.close()
  await ceph?.stop()
  rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(!available)('S3 file store on Ceph RGW', () => {
  const contract = {} as ContractSubject
  beforeAll(async () => {
    Object.assign(contract, { db: handle.db, store: await bucketStore('contrato') })
  })
  fileStoreContract('S3 bucket', () => contract)

  it('one document through the API: stored in the bucket, downloaded with the same status, headers and bytes as from a folder, replaced', async () => {
    const store = await bucketStore('documentos')
    const onS3 = await appOn(settings('documentos'))
    const onFolder = await appOn()
    expect(onS3.fileStore.kind).toBe('s3')
    const w = await createRoleWorld(handle.db)
    const pdf = await makePdf('Formato de solicitud firmado')
    const res = await uploadDocument(onS3, w, 'fileOne', pdf, 'Solicitud de reembolso — José.pdf')
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await documentRow(handle.db, w.claim.idEvento)
    expect((await storedBytes(store, row!.storageKey)).equals(Buffer.from(pdf))).toBe(true)
    expect(await store.listKeys()).toEqual([row!.storageKey])

    // The same row served from a folder holding the same bytes: the answers are identical but for the request id.
    await onFolder.fileStore.putAt(row!.storageKey, pdf)
    const url = res.json().response.file.url as string
    const headers = await authHeaders(onS3, w.sessions.executiveOwner)
    const [fromS3, fromFolder] = [await onS3.inject({ url, headers }), await onFolder.inject({ url, headers })]
    const comparable = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'x-request-id', 'x-new-access-token'].includes(k)))
    expect(fromS3.statusCode).toBe(200)
    expect(comparable(fromS3.headers)).toEqual(comparable(fromFolder.headers))
    expect(fromS3.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    expect(fromS3.headers['content-disposition']).toContain("filename*=UTF-8''Solicitud%20de%20reembolso%20%E2%80%94%20Jos%C3%A9.pdf")
    expect(fromS3.rawPayload.equals(fromFolder.rawPayload)).toBe(true)
    expect(fromS3.rawPayload.equals(Buffer.from(pdf))).toBe(true)

    // Replaced before anyone reviewed it: the new object is stored, the old one leaves the bucket.
    const again = await uploadDocument(onS3, w, 'fileOne', await makePdf('Formato corregido'))
    expect(again.statusCode, again.body).toBe(200)
    const [replaced] = await documentRow(handle.db, w.claim.idEvento)
    expect(await store.listKeys()).toEqual([replaced!.storageKey])

    // The profile photo (the public route) from the bucket too.
    const { payload, headers: form } = multipartBody([{ name: 'file', filename: 'yo.png', content: IMAGES.png, contentType: 'image/png' }])
    const photo = await onS3.inject({ method: 'POST', url: '/api/file/image-profile', payload, headers: { ...(await authHeaders(onS3, w.sessions.executiveOwner)), ...form } })
    expect(photo.statusCode, photo.body).toBe(200)
    const image = await onS3.inject({ url: photo.json().response.foto })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['content-length']).toBe(String(IMAGES.png.length))
    expect(image.rawPayload.equals(Buffer.from(IMAGES.png))).toBe(true)
  })

  it('backs up a portal on S3 and restores it into a new bucket or a folder, byte for byte; a bucket that holds files is refused', async () => {
    const store = await bucketStore('respaldo')
    const app = await appOn(settings('respaldo'))
    const w = await createRoleWorld(handle.db)
    for (const field of ['fileOne', 'fileTwo', 'fileThree'] as const) expect((await uploadDocument(app, w, field, await makePdf(`${field} respaldado`))).statusCode).toBe(200)
    const sums = new Map<string, string>()
    for (const key of await store.listKeys()) sums.set(key, createHash('sha256').update(await storedBytes(store, key)).digest('hex'))
    expect(sums.size).toBe(3)

    const archive = path.join(folder, 'respaldo.tar')
    const manifest = await writeBackup({ kind: handle.kind, dumpDatabase: () => dumpDatabase(handle, databaseUrl), store }, createWriteStream(archive))
    expect(manifest).toMatchObject({ files: 3 })
    expect(await store.removalsHeld()).toBe(false)

    const databaseTarget = async () => (usingPostgres() ? { databaseUrl: await newDatabase() } : { pgliteFolder: mkdtempSync(path.join(folder, 'pg-')) })
    const sameFiles = async (target: FileStore) => {
      expect(await target.listKeys()).toEqual([...sums.keys()].sort())
      for (const [key, sum] of sums) expect(createHash('sha256').update(await storedBytes(target, key)).digest('hex'), key).toBe(sum)
    }

    // Into a new bucket, and the restored database opened: every file a row names is in the bucket.
    const bucket = await bucketStore('restaurado')
    const intoBucket = { kind: handle.kind, ...(await databaseTarget()), store: bucket }
    expect(await restoreBackup(archive, intoBucket, { force: false })).toMatchObject({ files: 3 })
    await sameFiles(bucket)
    const restored = await openDb(intoBucket.databaseUrl ? { databaseUrl: intoBucket.databaseUrl } : { dataDir: intoBucket.pgliteFolder!, thread: 'main' })
    try {
      // (The test database holds the other parts' rows too, whose files are in their own buckets.)
      const rows = await documentRow(restored.db, w.claim.idEvento)
      expect(rows.map((row) => row.storageKey).sort()).toEqual([...sums.keys()].sort())
      for (const row of rows) expect(await bucket.exists(row.storageKey), row.storageKey).toBe(true)
    } finally {
      await restored.close()
    }

    // Into a folder (moving off S3): the files part of a restore (the database part is the same as above).
    const local = createLocalFileStore(mkdtempSync(path.join(folder, 'carpeta-')))
    await readBackup(createReadStream(archive), { onDatabase: async () => undefined, onFile: (key, data) => local.putAt(key, data) })
    await sameFiles(local)

    // A bucket that already holds files is not a restore target unless forced.
    await expect(restoreBackup(archive, { kind: handle.kind, ...(await databaseTarget()), store: bucket }, { force: false })).rejects.toBeInstanceOf(RestoreRefused)
  }, 60_000)

  // Last: after the gateway was paused (SIGSTOP) and resumed, Ceph's gateway may take a while to create buckets again.
  it('the S3 server stopped mid-run, then hanging: 503 with the reason within 2 s, the rest works, nothing half-written, back without a restart', async () => {
    const store = await bucketStore('caida')
    const app = await appOn(settings('caida', 1_000))
    const worlds = [await createRoleWorld(handle.db), await createRoleWorld(handle.db), await createRoleWorld(handle.db)]
    const ready = async () => {
      const res = await app.inject({ url: '/readyz' })
      expect(res.statusCode).toBe(200)
      return res.json().response as { archivos?: string; avisoArchivos?: string }
    }
    expect(await ready()).toEqual(expect.objectContaining({ archivos: 's3' }))
    expect((await ready()).avisoArchivos).toBeUndefined()
    const first = await uploadDocument(app, worlds[0]!, 'fileOne', await makePdf('antes de la caída'))
    expect(first.statusCode).toBe(200)
    const downloadUrl = first.json().response.file.url as string

    // Three clients replace their document as fast as they can while the gateway is killed and started again.
    const answers: { status: number; ms: number; reason: string }[] = []
    let running = true
    const clients = worlds.map(async (w, i) => {
      for (let n = 0; running; n++) {
        const pdf = await makePdf(`cliente ${i} envío ${n}`)
        const started = performance.now()
        const res = await uploadDocument(app, w, 'fileTwo', pdf)
        answers.push({ status: res.statusCode, ms: performance.now() - started, reason: res.json().reason })
      }
    })
    const waitForAnswers = async (count: number) => {
      while (answers.length < count) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await waitForAnswers(6)
    await ceph.stopGateway()
    const stoppedAt = answers.length
    await waitForAnswers(stoppedAt + 6)

    // While it is down: the reason, quickly; downloads too; /readyz ready and says so; lists and claims answer.
    const headers = await authHeaders(app, worlds[0]!.sessions.executiveOwner)
    const started = performance.now()
    const download = await app.inject({ url: downloadUrl, headers })
    const downloadMs = performance.now() - started
    expect(downloadMs).toBeLessThan(2_000)
    expect(download.statusCode).toBe(503)
    expect(download.headers['retry-after']).toBe('2')
    expect(download.json()).toEqual({ success: false, response: null, reason: UNAVAILABLE })
    expect((await ready()).avisoArchivos).toMatch(/no responde/)
    const admin = await authHeaders(app, worlds[0]!.sessions.admin)
    expect((await app.inject({ url: '/api/event/all', headers: admin })).statusCode).toBe(200)
    expect((await app.inject({ url: `/api/event/by-id/${worlds[0]!.claim.idEvento}`, headers })).statusCode).toBe(200)
    expect((await app.inject({ url: `/api/file/get-info-by-event/${worlds[0]!.claim.idEvento}`, headers })).statusCode).toBe(200)

    await ceph.startGateway()
    const restartedAt = answers.length
    await waitForAnswers(restartedAt + 6)
    running = false
    await Promise.all(clients)

    const down = answers.slice(stoppedAt, restartedAt)
    const refused = answers.filter((a) => a.status === 503)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) {
      expect(answer.reason).toBe(UNAVAILABLE)
      // About 2 s: three clients at once on a loaded 2-core machine, each also signing in, parsing and staging.
      expect(answer.ms).toBeLessThan(2_500)
    }
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true)
    expect(down.filter((a) => a.status === 503).length).toBeGreaterThan(0)
    expect(answers.slice(-3).every((a) => a.status === 200)).toBe(true) // back without a restart
    expect((await ready()).avisoArchivos).toBeUndefined()

    // Nothing half-written: every row names an object that is there; what the bucket holds beyond them (replaced
    // files the store could not remove while down) is no row's, and the sweep removes exactly that.
    const named = await namedKeys(handle.db)
    const inBucket = new Set(await store.listKeys())
    for (const w of worlds) for (const row of await documentRow(handle.db, w.claim.idEvento)) expect(inBucket.has(row.storageKey), row.storageKey).toBe(true)
    const swept = await sweepOrphans(handle.db, store, { graceMs: HOUR, now: Date.now() + 2 * HOUR })
    expect(new Set(await store.listKeys())).toEqual(new Set([...inBucket].filter((key) => named.has(key))))

    // Hanging (SIGSTOP: connections accepted, nothing answered): the same 503 within about 2 s, and no row.
    const tables = await fileTablesSnapshot(handle.db)
    ceph.pauseGateway()
    try {
      const pdf = await makePdf('sin respuesta')
      const t0 = performance.now()
      const hung = await uploadDocument(app, worlds[1]!, 'fileThree', pdf)
      const hungMs = performance.now() - t0
      expect(hung.statusCode).toBe(503)
      expect(hung.json().reason).toBe(UNAVAILABLE)
      expect(hungMs).toBeLessThan(2_600)
      expect(await fileTablesSnapshot(handle.db)).toEqual(tables)
      // A balancer's probe gets its answer quickly too: ready, with the notice.
      const probeStarted = performance.now()
      expect((await ready()).avisoArchivos).toMatch(/no responde/)
      expect(performance.now() - probeStarted).toBeLessThan(1_500)
      const slowest = Math.max(...refused.map((a) => a.ms))
      console.log(
        `S3 detenido a mitad: ${answers.length} cargas, ${answers.length - refused.length} aceptadas, ${refused.length} con 503 (la más lenta ${slowest.toFixed(0)} ms); ` +
          `descarga con S3 detenido: 503 en ${downloadMs.toFixed(0)} ms; S3 colgado: 503 en ${hungMs.toFixed(0)} ms; huérfanos que barrió el sweep: ${swept.removed.length}`,
      )
    } finally {
      ceph.resumeGateway()
    }
    expect((await uploadDocument(app, worlds[1]!, 'fileThree', await makePdf('de vuelta'))).statusCode).toBe(200)
  }, 60_000)
})
