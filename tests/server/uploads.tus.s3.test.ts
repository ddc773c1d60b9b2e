/**
 * Resumable uploads (tus, issue 22) with the files in a bucket: the unfinished bytes live in the bucket too (tus's S3
 * store under `.tus/`), so two instances of the portal on one bucket and one database take turns on one upload. On a
 * real S3 server — Ceph's RADOS Gateway on a throwaway one-node cluster (scripts/lib/cephS3.ts) — step by step:
 * - creation (Upload-Expires, the multipart upload and its record in the bucket), PATCH of less than a part (the
 *   bytes wait in `.tus/<id>.part`), HEAD and the next PATCH on the other instance, a PATCH cut off half way (what
 *   arrived is kept), the last PATCH attaching the document like the multipart call, by a copy inside the bucket,
 *   and nothing of the upload left;
 * - ownership (404 to anyone else), the limit of three unfinished uploads across instances, a refused completion
 *   removing the upload, and the sweep of expired uploads and of uploads no row names (bytes, record, parts);
 * - the gateway stopped mid-upload: HEAD, PATCH and creation answer 503 with the Spanish reason within about 2 s,
 *   nothing is half-written (no row, the offset unchanged), and once it is back the same upload finishes; hanging
 *   (SIGSTOP): the same 503.
 * Skipped where Debian's Ceph packages are not installed, except in CI (.ci/run installs them), where it must run.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, ListPartsCommand } from '@aws-sdk/client-s3'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDb, type DbHandle } from '../../server/db/client'
import { resumableUploads } from '../../server/db/schema'
import { createS3FileStore, type S3FileStore, type S3Settings } from '../../server/storage/s3FileStore'
import { sweepOrphans } from '../../server/storage/orphans'
import { cephInstalled, startCephS3, type CephS3 } from '../../scripts/lib/cephS3'
import { authHeaders, createRoleWorld } from './helpers/fixtures'
import { IMAGES, fileTablesSnapshot, makePdf, storedBytes } from './helpers/uploads'
import { tusClient } from './helpers/tus'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'

const available = cephInstalled()
if (!available && process.env.CI) throw new Error('CI sin radosgw: .ci/run instala radosgw, ceph-mon y ceph-osd')

const UNAVAILABLE = 'El almacenamiento de archivos no está disponible en este momento; intenta de nuevo en unos segundos'
const MiB = 1024 * 1024
const HOUR = 3_600_000

let ceph: CephS3
let handle: DbHandle
const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-tus-s3-'))
const cleanups: (() => Promise<unknown> | unknown)[] = []

const settings = (bucket: string, timeoutMs = 5_000): S3Settings => ({
  endpoint: ceph.endpoint,
  bucket,
  region: ceph.region,
  accessKeyId: ceph.accessKeyId,
  secretAccessKey: ceph.secretAccessKey,
  forcePathStyle: true,
  timeoutMs,
})

/** A new bucket and a store on it (to look into the bucket). */
async function bucketStore(bucket: string): Promise<S3FileStore> {
  const store = createS3FileStore(settings(bucket), mkdtempSync(path.join(folder, 'incoming-')))
  await store.s3.client.send(new CreateBucketCommand({ Bucket: bucket }))
  cleanups.push(() => store.close())
  return store
}

/** An instance of the portal on the shared test database, its files in `bucket`, with a DATA_DIR of its own. */
async function instance(bucket: string, timeoutMs?: number): Promise<FastifyInstance> {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir: mkdtempSync(path.join(folder, 'data-')),
      s3: settings(bucket, timeoutMs),
      clientToken: TEST_CLIENT_TOKEN,
      jwtSecret: TEST_JWT_SECRET,
      staticDir: undefined,
      logger: false,
    },
  )
  const app = await buildApp({ config, db: handle, closeDbWithApp: false })
  await app.ready()
  cleanups.push(() => app.close())
  return app
}

/** What the bucket holds under `.tus/`: object keys (with sizes) and multipart uploads in progress. */
async function partialsIn(store: S3FileStore) {
  const { client, bucket: Bucket } = store.s3
  const objects = await client.send(new ListObjectsV2Command({ Bucket, Prefix: '.tus/' }))
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: '.tus/' }))
  return {
    objects: Object.fromEntries((objects.Contents ?? []).map((o) => [o.Key!, o.Size ?? 0])),
    uploads: (uploads.Uploads ?? []).map((u) => ({ Key: u.Key!, UploadId: u.UploadId! })),
  }
}

async function partsOf(store: S3FileStore, upload: { Key: string; UploadId: string }) {
  const parts = await store.s3.client.send(new ListPartsCommand({ Bucket: store.s3.bucket, ...upload }))
  return (parts.Parts ?? []).map((p) => p.Size)
}

/** A real PDF of about `bytes` (an embedded file of random bytes: nothing compresses it). */
async function bigPdf(bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200]).drawText('Estudio de laboratorio', { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
  await doc.attach(new Uint8Array(randomBytes(bytes - 4096)), 'anexo.bin', { mimeType: 'application/octet-stream' })
  return doc.save()
}

const documentMeta = (idEvento: number, tipo: 1 | 2 | 3) => ({
  call: 'add-files-to-event',
  idEvento: String(idEvento),
  tipo: String(tipo),
  filename: `documento-${tipo}.pdf`,
  filetype: 'application/pdf',
})

const locationOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location)
const idOf = (location: string) => location.slice(location.lastIndexOf('/') + 1)

/**
 * A PATCH over a real socket whose connection drops after `sent` bytes of `body` (the client's network goes): the
 * server keeps what arrived.
 */
async function patchCutOff(app: FastifyInstance, headers: Record<string, string>, location: string, offset: number, body: Uint8Array, sent: number) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  await new Promise<void>((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: location,
      method: 'PATCH',
      headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) },
    })
    req.on('error', () => resolve())
    req.on('response', () => resolve())
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 300))
  })
}

beforeAll(async () => {
  if (!available) return
  ceph = await startCephS3()
  let databaseUrl: string | undefined
  if (usingPostgres()) {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_tus3_${randomBytes(6).toString('hex')}`)
    cleanups.unshift(created.drop)
    databaseUrl = created.url
  }
  handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir: 'memory://', thread: 'main' })
}, 60_000)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await handle?.close()
  await ceph?.stop()
  rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(!available)('resumable uploads with the files in a bucket (Ceph RGW)', () => {
  it('creates on one instance, resumes on the other (after a cut-off PATCH too), and the last PATCH attaches it by a copy inside the bucket', async () => {
    const store = await bucketStore('reanudables')
    const a = await instance('reanudables')
    const b = await instance('reanudables')
    const w = await createRoleWorld(handle.db)
    const me = w.sessions.collaboratorOwner
    // 9 MiB: more than one part (tus's S3 store sends parts of 8 MiB here; S3 takes none under 5 MiB but the last).
    const pdf = await bigPdf(9 * MiB)
    const size = pdf.length

    const before = Date.now()
    const created = await tusClient(a).create(me, documentMeta(w.claim.idEvento, 3), size)
    expect(created.statusCode, created.body).toBe(201)
    const location = locationOf(created)
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/)
    const expires = Date.parse(String(created.headers['upload-expires']))
    expect(Math.abs(expires - before - 24 * HOUR)).toBeLessThan(60_000)
    const id = idOf(location)
    expect(await partialsIn(store)).toEqual({ objects: { [`.tus/${id}.info`]: expect.any(Number) }, uploads: [{ Key: `.tus/${id}`, UploadId: expect.any(String) }] })

    // 3 MiB through A: less than a part, so the bytes wait in `.part`.
    const first = await tusClient(a).patch(me, location, 0, pdf.subarray(0, 3 * MiB))
    expect(first.statusCode, first.body).toBe(204)
    expect(first.headers['upload-offset']).toBe(String(3 * MiB))
    const afterFirst = await partialsIn(store)
    expect(afterFirst.objects[`.tus/${id}.part`]).toBe(3 * MiB)
    expect(await partsOf(store, afterFirst.uploads[0]!)).toEqual([])

    // B knows where it stopped, and the connection drops in B's PATCH after 2 MiB of the next 4 MiB.
    const head = await tusClient(b).head(me, location)
    expect(head.statusCode).toBe(200)
    expect(head.headers['upload-offset']).toBe(String(3 * MiB))
    expect(head.headers['upload-length']).toBe(String(size))
    await patchCutOff(b, await authHeaders(b, me), location, 3 * MiB, pdf.subarray(3 * MiB, 7 * MiB), 2 * MiB)
    // (Asked of B: its lock waits for the cut-off PATCH to finish storing what arrived. tus's lock is per instance.)
    const resumed = await tusClient(b).head(me, location)
    const offset = Number(resumed.headers['upload-offset'])
    expect(offset).toBeGreaterThan(3 * MiB) // what arrived before the drop is kept
    expect(offset).toBeLessThanOrEqual(5 * MiB)

    // Up to 7 MiB through B: whatever reaches 5 MiB is a part (the 2 MiB that arrived made one), the rest waits.
    const second = await tusClient(b).patch(me, location, offset, pdf.subarray(offset, 7 * MiB))
    expect(second.statusCode, second.body).toBe(204)
    const afterSecond = await partialsIn(store)
    const parts = await partsOf(store, afterSecond.uploads[0]!)
    expect(parts).toEqual(offset === 5 * MiB ? [5 * MiB] : [7 * MiB])
    expect(afterSecond.objects[`.tus/${id}.part`]).toBe(offset === 5 * MiB ? 2 * MiB : undefined)
    // The last bytes through A complete the multipart upload and attach the document.
    const last = await tusClient(a).patch(me, location, 7 * MiB, pdf.subarray(7 * MiB))
    expect(last.statusCode, last.body).toBe(200)
    expect(last.json()).toMatchObject({ success: true, reason: 'Archivo cargado correctamente', response: { file: { tipo: '3', nombre: 'documento-3.pdf' } } })

    // Stored under a generated key, byte for byte; nothing of the upload is left, in the bucket or the table.
    const info = await a.inject({ url: `/api/file/get-info-by-event/${w.claim.idEvento}`, headers: await authHeaders(a, me) })
    expect(info.json().response.numSended).toBe(1)
    const keys = await store.listKeys()
    expect(keys).toHaveLength(1)
    expect((await storedBytes(store, keys[0]!)).equals(Buffer.from(pdf))).toBe(true)
    expect(await partialsIn(store)).toEqual({ objects: {}, uploads: [] })
    expect(await handle.db.select().from(resumableUploads)).toEqual([])
    expect((await tusClient(a).head(me, location)).statusCode).toBe(404)
  }, 60_000)

  it('is its creator’s on every instance, three unfinished per user across instances, a refused completion removes it, and the sweep empties .tus/', async () => {
    const store = await bucketStore('reglas')
    const a = await instance('reglas')
    const b = await instance('reglas')
    const w = await createRoleWorld(handle.db)
    const me = w.sessions.executiveOwner
    const pdf = await makePdf('propio')

    const mine = locationOf(await tusClient(a).create(me, documentMeta(w.claim.idEvento, 1), pdf.length))
    expect((await tusClient(a).patch(me, mine, 0, pdf.subarray(0, 10))).statusCode).toBe(204)
    for (const other of [w.sessions.admin, w.sessions.otherExecutive, w.sessions.collaboratorOwner]) {
      expect((await tusClient(b).head(other, mine)).statusCode).toBe(404)
      const patch = await tusClient(b).patch(other, mine, 10, pdf.subarray(10))
      expect(patch.statusCode).toBe(404)
      expect(patch.json()).toEqual({ success: false, response: null, reason: 'No se encontró la carga' })
      expect((await tusClient(b).remove(other, mine)).statusCode).toBe(404)
    }
    expect((await tusClient(b).head(me, mine)).headers['upload-offset']).toBe('10')

    // Two more (one on each instance) make three; the fourth is refused on either.
    const second = locationOf(await tusClient(b).create(me, documentMeta(w.claim.idEvento, 2), 100))
    expect((await tusClient(b).patch(me, second, 0, new Uint8Array(30).fill(37))).statusCode).toBe(204)
    const third = await tusClient(a).create(me, documentMeta(w.claim.idEvento, 3), 100)
    expect(third.statusCode).toBe(201)
    for (const app of [a, b]) {
      const fourth = await tusClient(app).create(me, { call: 'image-profile', filename: 'yo.png', filetype: 'image/png' }, 100)
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json().reason).toBe('Tienes 3 cargas sin terminar; termina o cancela una antes de iniciar otra')
    }
    // The creator cancels one on the other instance: the multipart upload, its record and its waiting bytes go.
    expect((await tusClient(b).remove(me, mine)).statusCode).toBe(204)
    expect(Object.keys((await partialsIn(store)).objects).filter((key) => key.includes(idOf(mine)))).toEqual([])

    // A completed file that is not a PDF: refused, and the upload is removed (bytes, record and row).
    const tables = await fileTablesSnapshot(handle.db)
    const png = locationOf(await tusClient(a).create(me, documentMeta(w.claim.idEvento, 1), IMAGES.png.length))
    const refused = await tusClient(b).patch(me, png, 0, IMAGES.png)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ success: false, response: null, reason: 'Error: Se requiere un archivo PDF' })
    expect((await tusClient(a).head(me, png)).statusCode).toBe(404)
    expect(Object.keys((await partialsIn(store)).objects).filter((key) => key.includes(idOf(png)))).toEqual([])
    expect(await fileTablesSnapshot(handle.db)).toEqual(tables)
    expect(await store.listKeys()).toEqual([])

    // An upload no row names (its creation was cut between the bucket and the table): the sweep takes it when old.
    const rowless = locationOf(await tusClient(a).create(me, documentMeta(w.claim.idEvento, 1), 100))
    expect((await tusClient(a).patch(me, rowless, 0, new Uint8Array(40).fill(37))).statusCode).toBe(204)
    await handle.db.delete(resumableUploads).where(eq(resumableUploads.id, idOf(rowless)))
    expect((await partialsIn(store)).uploads).toHaveLength(3)

    // 23 h later nothing has expired; 24 h and a minute later the sweep takes every upload: rows, bytes, parts.
    const sweepAt = (ms: number) => sweepOrphans(handle.db, a.fileStore, { graceMs: HOUR, now: Date.now() + ms })
    expect((await sweepAt(23 * HOUR)).removed.filter((key) => key.startsWith('.tus/'))).toEqual([])
    expect((await partialsIn(store)).uploads).toHaveLength(3)
    const swept = await sweepAt(24 * HOUR + 60_000)
    expect(swept.removed.filter((key) => key.startsWith('.tus/'))).toHaveLength(2)
    expect(await partialsIn(store)).toEqual({ objects: {}, uploads: [] })
    expect(await handle.db.select().from(resumableUploads)).toEqual([])
    expect((await tusClient(b).head(me, second)).statusCode).toBe(404)
  }, 60_000)

  // Last: after the gateway was paused (SIGSTOP) and resumed, Ceph's gateway may take a while to answer as before.
  // 120 s: it restarts the gateway, which took over 30 s once with two builds running beside the suite.
  it('the gateway stopped mid-upload: 503 with the reason within about 2 s and nothing half-written; back, the same upload finishes; hanging: 503', async () => {
    const store = await bucketStore('caida-tus')
    const app = await instance('caida-tus', 1_000)
    const w = await createRoleWorld(handle.db)
    const me = w.sessions.collaboratorOwner
    const pdf = await bigPdf(6 * MiB)
    const location = locationOf(await tusClient(app).create(me, documentMeta(w.claim.idEvento, 1), pdf.length))
    expect((await tusClient(app).patch(me, location, 0, pdf.subarray(0, 2 * MiB))).statusCode).toBe(204)
    const rows = await handle.db.select().from(resumableUploads)
    const tables = await fileTablesSnapshot(handle.db)

    await ceph.stopGateway()
    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now()
      const result = await call()
      return { result, ms: performance.now() - started }
    }
    const head = await timed(() => tusClient(app).head(me, location))
    const patch = await timed(() => tusClient(app).patch(me, location, 2 * MiB, pdf.subarray(2 * MiB, 4 * MiB)))
    const creation = await timed(() => tusClient(app).create(me, documentMeta(w.claim.idEvento, 2), 1000))
    for (const [what, answer] of Object.entries({ head, patch, creation })) {
      expect({ what, status: answer.result.statusCode }).toEqual({ what, status: 503 })
      expect(answer.result.headers['retry-after']).toBe('2')
      expect(answer.ms, what).toBeLessThan(2_600)
    }
    expect(patch.result.json()).toEqual({ success: false, response: null, reason: UNAVAILABLE })
    expect(creation.result.json()).toEqual({ success: false, response: null, reason: UNAVAILABLE })
    // No row for the refused creation (the limit counts only real uploads), nothing attached.
    expect(await handle.db.select().from(resumableUploads)).toEqual(rows)
    expect(await fileTablesSnapshot(handle.db)).toEqual(tables)

    await ceph.startGateway()
    const back = await tusClient(app).head(me, location)
    expect(back.statusCode).toBe(200)
    expect(back.headers['upload-offset']).toBe(String(2 * MiB))
    const last = await tusClient(app).patch(me, location, 2 * MiB, pdf.subarray(2 * MiB))
    expect(last.statusCode, last.body).toBe(200)
    const keys = await store.listKeys()
    expect(keys).toHaveLength(1)
    expect((await storedBytes(store, keys[0]!)).equals(Buffer.from(pdf))).toBe(true)
    expect(await partialsIn(store)).toEqual({ objects: {}, uploads: [] })

    // Hanging (connections accepted, nothing answered): a creation answers 503 within about 2 s too.
    ceph.pauseGateway()
    try {
      const hung = await timed(() => tusClient(app).create(me, documentMeta(w.claim.idEvento, 2), 1000))
      expect(hung.result.statusCode).toBe(503)
      expect(hung.ms).toBeLessThan(2_600)
      expect(await handle.db.select().from(resumableUploads)).toEqual([])
      console.log(
        `S3 detenido a mitad de una carga reanudable: HEAD 503 en ${head.ms.toFixed(0)} ms, PATCH 503 en ${patch.ms.toFixed(0)} ms, ` +
          `creación 503 en ${creation.ms.toFixed(0)} ms; S3 colgado: creación 503 en ${hung.ms.toFixed(0)} ms`,
      )
    } finally {
      ceph.resumeGateway()
    }
  }, 120_000)
})
