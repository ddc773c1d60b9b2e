/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW…) through @aws-sdk/client-s3, when S3_BUCKET is
 * set (server/storage/openFileStore.ts). The objects have the local store's keys (`YYYY/MM/<uuid>.<ext>`) and bytes,
 * so a download answers the same bytes and headers from either store, and a backup moves between them.
 *
 * - Uploads are staged on this machine's disk first (server/storage/staging.ts: the type is checked before anything
 *   is stored) and adopted with one PUT of known length; at most MAX_UPLOAD_MB, far under S3's 5 GB for one PUT.
 * - A dependency that fails degrades one thing: every call has short timeouts (S3_TIMEOUT_MS for connecting and for
 *   a silent socket, two attempts), so with the S3 server down or hanging an upload or download fails within about
 *   2 s with FileStoreUnavailable (503, server/lib/errorHandler.ts), and everything else in the portal goes on.
 * - The orphan sweep lists a month's prefix (ListObjectsV2) and asks the database which keys it names
 *   (server/storage/orphans.ts). The backup's removal hold is an object, `.backup-in-progress`, in the bucket.
 * - The unfinished resumable uploads share the bucket under `.tus/` (server/storage/partialUploads.ts, tus's S3 store,
 *   with a client of this configuration); the sweep and `list` only ever see generated keys. A finished one becomes a
 *   stored file by a copy inside the bucket (CopyObject).
 * - `s3` exposes the client and the bucket (tests read the bucket through it).
 */
import type { IncomingMessage } from 'node:http'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { FileStoreUnavailable } from '../lib/fileStoreUnavailable'
import {
  HOLD_MARKER,
  REMOVAL_HOLD_MS,
  checkedKey,
  isStorageKey,
  keysOf,
  newStorageKey,
  type FileStore,
  type StoredExtension,
  type StoredObject,
} from './fileStore'
import { discardStaged, stageInto } from './staging'
import { bucketPartials } from './partialUploads'

export interface S3Settings {
  /** S3_ENDPOINT: the server's URL (MinIO, Ceph RGW…); unset for AWS S3 itself. */
  endpoint?: string
  bucket: string
  region: string
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; unset: the SDK's own chain (AWS_* variables, an instance role…). */
  accessKeyId?: string
  secretAccessKey?: string
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and Ceph RGW without wildcard DNS). */
  forcePathStyle: boolean
  /** Longest wait to connect, and longest silence of a connection, before a call fails (S3_TIMEOUT_MS). */
  timeoutMs: number
}

export interface S3FileStore extends FileStore {
  kind: 's3'
  s3: {
    client: S3Client
    bucket: string
    /** The client's configuration (endpoint, region, credentials, path style, timeouts), to build another client on it. */
    clientConfig: S3ClientConfig
  }
}

/** A download's connection may stay silent this long while a slow browser reads (the call's own limit is shorter). */
const DOWNLOAD_IDLE_MS = 60_000

const MIME: Record<StoredExtension, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

const UNREACHABLE = 'El almacenamiento de archivos (S3) no responde: las cargas y descargas de archivos responden 503 hasta que vuelva'

function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // One retry: a pooled connection the server closed fails once and the retry opens a new one; more would keep a
    // request waiting on a server that is down.
    maxAttempts: 2,
    // The SDK's warnings (a failed streamed PUT is not retried) would go to the console; failures reach the caller as
    // FileStoreUnavailable and are logged with the request.
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    requestHandler: { connectionTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs },
    // Checksums only where the API requires them: S3-compatible servers (Ceph Pacific among them) do not all know the
    // SDK's newer default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
const isNotFound = (err: unknown) => statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes((err as Error)?.name)

export function createS3FileStore(settings: S3Settings, stagingRoot: string): S3FileStore {
  const clientConfig = s3ClientConfig(settings)
  const client = new S3Client(clientConfig)
  const Bucket = settings.bucket
  const partials = bucketPartials({ bucket: Bucket, clientConfig })

  /** Every failure of the store is FileStoreUnavailable (503); a missing object is `null` where the caller asked. */
  async function call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send()
    } catch (err) {
      throw new FileStoreUnavailable(err)
    }
  }
  async function orNull<T>(send: () => Promise<T>): Promise<T | null> {
    try {
      return await send()
    } catch (err) {
      if (isNotFound(err)) return null
      throw new FileStoreUnavailable(err)
    }
  }

  const putBytes = (key: string, body: Uint8Array | Readable, length: number, extension: string) =>
    call(() =>
      client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: length, ContentType: MIME[extension as StoredExtension] ?? 'application/octet-stream' }),
      ),
    )

  const head = async (key: string): Promise<StoredObject | null> => {
    if (!isStorageKey(key)) return null
    const object = await orNull(() => client.send(new HeadObjectCommand({ Bucket, Key: key })))
    return object ? { key, size: object.ContentLength ?? 0, modifiedAt: object.LastModified?.getTime() ?? 0 } : null
  }

  async function* list(prefix: string): AsyncIterable<StoredObject> {
    let ContinuationToken: string | undefined
    do {
      const page = await call(() => client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })))
      for (const object of page.Contents ?? []) {
        if (object.Key && isStorageKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified?.getTime() ?? 0 }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }

  return {
    kind: 's3',
    where: `s3://${Bucket} en ${settings.endpoint ?? 'AWS S3'}`,
    s3: { client, bucket: Bucket, clientConfig },
    stagingRoot,
    partials,
    async put(bytes, extension) {
      const key = newStorageKey(extension)
      await putBytes(key, bytes, bytes.length, extension)
      return key
    },
    stage: (source) => stageInto(stagingRoot, source),
    async adopt(staged, extension) {
      const key = newStorageKey(extension)
      if ('bucketKey' in staged) {
        // A finished resumable upload (`.tus/<id>`): copied inside the bucket, its upload removes the original.
        const CopySource = `${Bucket}/${staged.bucketKey.split('/').map(encodeURIComponent).join('/')}`
        await call(() => client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource, ContentType: MIME[extension], MetadataDirective: 'REPLACE' })))
        return key
      }
      const body = createReadStream(staged.path)
      try {
        await putBytes(key, body, staged.size, extension)
      } finally {
        body.destroy()
      }
      // Stored: the staged copy goes (a failed PUT leaves it for the request's discard).
      await rm(staged.path, { force: true })
      return key
    },
    discard: discardStaged,
    async putAt(key, bytes) {
      await putBytes(checkedKey(key), bytes, bytes.length, key.slice(key.lastIndexOf('.') + 1))
    },
    async holdRemovals() {
      await call(() => client.send(new PutObjectCommand({ Bucket, Key: HOLD_MARKER, Body: new Date().toISOString(), ContentType: 'text/plain' })))
      return async () => {
        await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: HOLD_MARKER })))
      }
    },
    async removalsHeld() {
      const marker = await orNull(() => client.send(new HeadObjectCommand({ Bucket, Key: HOLD_MARKER })))
      return marker !== null && Date.now() - (marker.LastModified?.getTime() ?? 0) < REMOVAL_HOLD_MS
    },
    async open(key) {
      if (!isStorageKey(key)) return null
      const object = await orNull(() => client.send(new GetObjectCommand({ Bucket, Key: key })))
      if (!object?.Body) return null
      const body = object.Body as IncomingMessage
      // The call's short silence limit would cut a download a slow browser reads in pauses; a dead server still ends it.
      body.socket?.setTimeout(DOWNLOAD_IDLE_MS)
      return { body, size: object.ContentLength ?? 0 }
    },
    head,
    exists: async (key) => (await head(key)) !== null,
    async remove(key) {
      const Key = checkedKey(key) // a bad key is our bug, not the store being down
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key })))
    },
    list,
    listKeys: () => keysOf(list('')),
    async probe() {
      try {
        // One attempt within the timeout: /readyz must answer quickly even while S3 hangs.
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(settings.timeoutMs) })
        return null
      } catch {
        return UNREACHABLE
      }
    },
    close: () => {
      client.destroy()
      partials.close()
    },
  }
}
