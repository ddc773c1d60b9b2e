/**
 * Where a resumable upload's bytes wait for their last one (tus, issue 22): beside the stored files, so every
 * instance behind nginx sees them and any of them may take the next PATCH (no sticky sessions).
 *
 * - Files in a folder (DATA_DIR/files, shared by the instances): tus's file store (@tus/file-store) in `files/.tus`,
 *   one file per upload that each PATCH appends to, and its `.json` record.
 * - Files in a bucket: tus's S3 store (@tus/s3-store) under the bucket's `.tus/` prefix. An upload is an S3 multipart
 *   upload on `.tus/<id>` plus its record `.tus/<id>.info`. S3 takes parts of at least 5 MiB (but the last), so bytes
 *   that do not make a whole part yet wait in one object, `.tus/<id>.part`, which the next PATCH reads back, prepends
 *   and sends again; the last byte completes the multipart upload (the whole file is then `.tus/<id>`), and the
 *   attach copies it inside the bucket to its stored key (CopyObject, no download). A PATCH is spooled to this
 *   machine's temporary folder part by part before it goes to the bucket (memory stays flat). README, "Object storage".
 *
 * The ids the tus server hands a store are the store's own: in a bucket the prefix is part of them (`.tus/<hex>`),
 * while the URL, the upload's row and everything else use the public id (`<hex>`); `storeId`/`publicId` convert.
 * Every failure of the bucket is FileStoreUnavailable (503 with the Spanish reason, within the S3 client's timeouts),
 * never a 404 that would send the client to start again.
 */
import { open, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { FileStore as TusFileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import { ERRORS, type DataStore, type KvStore, type Upload } from '@tus/server'
import { FileStoreUnavailable } from '../lib/fileStoreUnavailable'
import type { PartialUploads } from './fileStore'
import { UPLOAD_EXPIRY_HOURS } from '../../domain/contract/uploads'

/** An unfinished upload expires this long after its creation (spec: 24 h). */
export const PARTIAL_EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 3_600_000

const HEAD_BYTES = 64
const TAIL_BYTES = 1024

/** files/.tus: what the file store keeps is visible to every instance sharing the folder. */
export function folderPartials(root: string): PartialUploads {
  const datastore = new TusFileStore({ directory: root, expirationPeriodInMilliseconds: PARTIAL_EXPIRY_MS })
  const file = (id: string) => path.join(root, id)
  return {
    kind: 'folder',
    datastore,
    storeId: (id) => id,
    publicId: (id) => id,
    async firstAndLast(id, size) {
      const handle = await open(file(id), 'r')
      try {
        const { size: length } = await handle.stat()
        const head = Buffer.alloc(Math.min(HEAD_BYTES, size))
        await handle.read(head, 0, head.length, 0)
        const tail = Buffer.alloc(Math.min(TAIL_BYTES, size))
        await handle.read(tail, 0, tail.length, size - tail.length)
        return { head, tail, length }
      } finally {
        await handle.close()
      }
    },
    finished: (id, size, head) => ({ path: file(id), size, head }),
    async remove(id) {
      await rm(file(id), { force: true })
      await rm(`${file(id)}.json`, { force: true })
    },
    async removeStale() {
      // The file store's own expiry: records past 24 h (by its clock) and their bytes.
      await datastore.deleteExpired().catch(() => 0)
    },
    close: () => undefined,
  }
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
const MISSING = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload'])
const isMissing = (err: unknown) => {
  const { name, Code } = (err ?? {}) as { name?: string; Code?: string }
  return statusOf(err) === 404 || MISSING.has(name ?? '') || MISSING.has(Code ?? '')
}

/** tus's S3 store caches each upload's record in memory; on several instances that copy goes stale, so none is kept. */
const noCache: KvStore<never> = { get: async () => undefined, set: async () => undefined, delete: async () => undefined }

/**
 * tus's S3 store, where the portal's rules differ: reading the record fails with 503 when the bucket does not answer
 * (the store's own answer is 404 for any failure), and removal takes the waiting `.part` too (the store's leaves it).
 */
class BucketStore extends S3Store {
  constructor(
    settings: ConstructorParameters<typeof S3Store>[0],
    private readonly own: S3Client,
    private readonly bucketName: string,
  ) {
    super(settings)
  }

  /** The record's multipart upload id, or null when the upload is not there. */
  async uploadIdOf(id: string): Promise<string | null> {
    try {
      return (await this.getMetadata(id))['upload-id'] ?? null
    } catch (err) {
      if (isMissing(err)) return null
      throw new FileStoreUnavailable(err)
    }
  }

  override async getUpload(id: string): Promise<Upload> {
    if ((await this.uploadIdOf(id)) === null) throw ERRORS.FILE_NOT_FOUND
    try {
      return await super.getUpload(id)
    } catch (err) {
      throw (err as { status_code?: number }).status_code === 404 ? err : new FileStoreUnavailable(err)
    }
  }

  override async remove(id: string): Promise<void> {
    const uploadId = await this.uploadIdOf(id)
    const Bucket = this.bucketName
    try {
      if (uploadId) await this.client.abortMultipartUpload({ Bucket, Key: id, UploadId: uploadId }).catch((err: unknown) => (isMissing(err) ? undefined : Promise.reject(err)))
      // The completed object, the record and the bytes waiting for a whole part (the store's own removal forgets those).
      for (const Key of [id, `${id}.info`, `${id}.part`]) await this.own.send(deleteObject(Bucket, Key))
    } catch (err) {
      throw new FileStoreUnavailable(err)
    }
  }
}

const deleteObject = (Bucket: string, Key: string) => new DeleteObjectCommand({ Bucket, Key })

/** The key prefix of the unfinished uploads in the bucket: no generated key (`YYYY/MM/…`) starts so. */
const BUCKET_PREFIX = '.tus/'

/** The upload's id from one of its keys (`.tus/<id>`, `.tus/<id>.info`, `.tus/<id>.part`). */
const publicIdOfKey = (key: string) => key.slice(BUCKET_PREFIX.length).replace(/\.(info|part)$/, '')

export function bucketPartials(settings: { bucket: string; clientConfig: S3ClientConfig }): PartialUploads {
  const Bucket = settings.bucket
  const own = new S3Client(settings.clientConfig)
  const datastore = new BucketStore(
    {
      s3ClientConfig: { ...settings.clientConfig, bucket: Bucket },
      expirationPeriodInMilliseconds: PARTIAL_EXPIRY_MS,
      // Expiry is the orphan sweep's (it knows the rows); no lifecycle rule reads tags, and not every S3 server has them.
      useTags: false,
      cache: noCache,
    },
    own,
    Bucket,
  )
  const storeId = (id: string) => `${BUCKET_PREFIX}${id}`

  /** Some bytes of an object and its whole length (from Content-Range: `bytes 0-63/9437184`). */
  async function range(key: string, bytes: string): Promise<{ bytes: Buffer; length: number }> {
    try {
      const object = await own.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${bytes}` }))
      const chunks: Buffer[] = []
      for await (const chunk of object.Body as Readable) chunks.push(Buffer.from(chunk as Uint8Array))
      return { bytes: Buffer.concat(chunks), length: Number(object.ContentRange?.split('/')[1] ?? object.ContentLength) }
    } catch (err) {
      throw new FileStoreUnavailable(err)
    }
  }

  async function staleIn(now: number): Promise<{ keys: Map<string, string[]>; uploads: Map<string, { Key: string; UploadId: string }[]> }> {
    const olderThan = now - PARTIAL_EXPIRY_MS
    const keys = new Map<string, string[]>()
    let ContinuationToken: string | undefined
    do {
      const page = await own.send(new ListObjectsV2Command({ Bucket, Prefix: BUCKET_PREFIX, ContinuationToken }))
      for (const object of page.Contents ?? []) {
        if (!object.Key || (object.LastModified?.getTime() ?? 0) >= olderThan) continue
        const id = publicIdOfKey(object.Key)
        keys.set(id, [...(keys.get(id) ?? []), object.Key])
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    const uploads = new Map<string, { Key: string; UploadId: string }[]>()
    let KeyMarker: string | undefined
    let UploadIdMarker: string | undefined
    for (;;) {
      const page = await own.send(new ListMultipartUploadsCommand({ Bucket, Prefix: BUCKET_PREFIX, KeyMarker, UploadIdMarker }))
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= olderThan) continue
        const id = publicIdOfKey(upload.Key)
        uploads.set(id, [...(uploads.get(id) ?? []), { Key: upload.Key, UploadId: upload.UploadId }])
      }
      if (!page.IsTruncated) break
      KeyMarker = page.NextKeyMarker
      UploadIdMarker = page.NextUploadIdMarker
    }
    return { keys, uploads }
  }

  return {
    kind: 'bucket',
    datastore,
    storeId,
    publicId: (id) => (id.startsWith(BUCKET_PREFIX) ? id.slice(BUCKET_PREFIX.length) : id),
    async firstAndLast(id, size) {
      const key = storeId(id)
      const [head, tail] = await Promise.all([range(key, `0-${Math.min(HEAD_BYTES, size) - 1}`), range(key, `-${Math.min(TAIL_BYTES, size)}`)])
      return { head: head.bytes, tail: tail.bytes, length: head.length }
    },
    finished: (id, size, head) => ({ bucketKey: storeId(id), size, head }),
    remove: (id) => datastore.remove(storeId(id)),
    async removeStale(now, withRows) {
      try {
        const { keys, uploads } = await staleIn(now.getTime())
        const ids = [...new Set([...keys.keys(), ...uploads.keys()])]
        if (ids.length === 0) return
        const kept = await withRows(ids)
        for (const id of ids) {
          if (kept.has(id)) continue
          for (const upload of uploads.get(id) ?? []) await own.send(new AbortMultipartUploadCommand({ Bucket, ...upload })).catch((err: unknown) => (isMissing(err) ? undefined : Promise.reject(err)))
          for (const Key of keys.get(id) ?? []) await own.send(deleteObject(Bucket, Key))
        }
      } catch (err) {
        throw new FileStoreUnavailable(err)
      }
    },
    close() {
      own.destroy()
      ;(datastore as unknown as { client: S3Client }).client.destroy()
    },
  }
}
