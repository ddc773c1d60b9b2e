/**
 * Where uploaded files live: a folder under the data folder (server/storage/localFileStore.ts, the default) or an
 * S3-compatible bucket (server/storage/s3FileStore.ts, with S3_BUCKET); server/storage/openFileStore.ts picks one
 * from the configuration. Both keep files under generated keys (`YYYY/MM/<uuid>.<ext>`); the original name is only
 * data in the database. Writers put the file first and remove it again if their transaction fails, so no row ever
 * points at a missing file (see `withStoredFile`).
 */
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { DataStore } from '@tus/server'

export type StoredExtension = 'pdf' | 'jpg' | 'png' | 'webp'

/** What the store knows of one stored file. */
export interface StoredObject {
  key: string
  size: number
  /** When it was written (ms since the epoch): the orphan sweep's age. */
  modifiedAt: number
}

/** A stored file opened for reading: its bytes as a stream and its length (the download's Content-Length). */
interface OpenedFile {
  body: Readable
  size: number
}

export interface FileStore {
  /** 'local' (DATA_DIR/files) or 's3' (a bucket). */
  kind: 'local' | 's3'
  /** Where the files are, for logs: the folder, or `s3://bucket at endpoint`. */
  where: string
  /** Writes the bytes and returns the generated storage key (e.g. `2026/11/3f…e1.pdf`). */
  put: (bytes: Uint8Array, extension: StoredExtension) => Promise<string>
  /** The file as a stream with its size, or null when no file has that key. */
  open: (key: string) => Promise<OpenedFile | null>
  head: (key: string) => Promise<StoredObject | null>
  exists: (key: string) => Promise<boolean>
  /** Removes the file; removing a missing key is not an error. */
  remove: (key: string) => Promise<void>
  /** Every stored file whose key starts with `prefix` (`2026/11/`), in key order. Only generated keys. */
  list: (prefix: string) => AsyncIterable<StoredObject>
  /** Every stored key (for backups, tests and orphan checks; lists the whole store, so not for request paths). */
  listKeys: () => Promise<string[]>
  /**
   * Streams an upload to a staging file on this machine's disk (`stagingRoot`), keeping only its first bytes in memory
   * for sniffing. Memory stays flat however large or numerous the uploads are.
   */
  stage: (source: Readable) => Promise<StagedFile>
  /**
   * Stores a staged file under a new generated key (it is no longer staged) and returns the key. A finished resumable
   * upload already in the bucket is copied there (it is removed with its upload).
   */
  adopt: (staged: StagedFile | BucketStagedFile, extension: StoredExtension) => Promise<string>
  /** Removes a staged file that was not adopted (no-op when it was). */
  discard: (staged: StagedFile) => Promise<void>
  /** The staging folder, for the sweep of staged files an interrupted process left behind. */
  stagingRoot: string
  /**
   * Where unfinished resumable uploads wait (tus, issue 22): `files/.tus` beside the files, or the bucket's `.tus/`
   * prefix; either way every instance sees them, so a PATCH may reach any of them (server/storage/partialUploads.ts).
   */
  partials: PartialUploads
  /** Writes the bytes under a given key (a restore puts every file back where its row says). */
  putAt: (key: string, bytes: Uint8Array) => Promise<void>
  /**
   * While a backup copies the files, nothing is removed: a file replaced meanwhile stays (an orphan the sweep removes
   * later), so every file the database dump names is still there to copy. The hold is a marker beside the files (a
   * file, or an object in the bucket), seen by every instance sharing them; it lapses by itself after REMOVAL_HOLD_MS
   * should a backup die holding it.
   */
  holdRemovals: () => Promise<() => Promise<void>>
  removalsHeld: () => Promise<boolean>
  /** null when the store answers; otherwise why not, in Spanish (for /readyz). */
  probe: () => Promise<string | null>
  /** Ends the store's connections (the S3 client's sockets). */
  close: () => void
}

/** Where resumable uploads wait for their last byte; the two kinds are in server/storage/partialUploads.ts. */
export interface PartialUploads {
  /** 'folder' (files/.tus) or 'bucket' (`.tus/` in the bucket). */
  kind: 'folder' | 'bucket'
  /** The tus data store the server writes through. */
  datastore: DataStore
  storeId: (publicId: string) => string
  publicId: (storeId: string) => string
  /** The first bytes (signature) and the last ones (a PDF's %%EOF) of a finished upload, and its real length. */
  firstAndLast: (publicId: string, size: number) => Promise<{ head: Buffer; tail: Buffer; length: number }>
  /** A finished upload as the file store adopts it (a rename from the folder, a copy inside the bucket). */
  finished: (publicId: string, size: number, head: Buffer) => StagedFile | BucketStagedFile
  /** Removes an upload's bytes and record; a missing one is not an error. */
  remove: (publicId: string) => Promise<void>
  /**
   * Removes what uploads no row names left behind (a process killed between the store's writes and the row's) once
   * it is older than the expiry at `now`. `withRows` says which of the given public ids still have a row.
   */
  removeStale: (now: Date, withRows: (publicIds: string[]) => Promise<Set<string>>) => Promise<void>
  close: () => void
}

/** A backup that held removals longer than this has died; removals go on. */
export const REMOVAL_HOLD_MS = 6 * 3_600_000
/** The hold's marker: a name no generated key can take. */
export const HOLD_MARKER = '.backup-in-progress'

/** An upload on disk, not yet a stored file: its path, size and first bytes (for the signature check). */
export interface StagedFile {
  path: string
  size: number
  head: Buffer
}

/** A finished resumable upload already in the store's bucket (`.tus/<id>`): its key, size and first bytes. */
export interface BucketStagedFile {
  bucketKey: string
  size: number
  head: Buffer
}

const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/

/** True when `key` has the exact shape of a generated key (optionally with one of `extensions`). */
export function isStorageKey(key: string, extensions?: readonly StoredExtension[]): boolean {
  const match = KEY_PATTERN.exec(key)
  return match !== null && (!extensions || extensions.includes(match[1] as StoredExtension))
}

/** Keys come from our own database, but a store never touches anything else (no path escapes its root). */
export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
  return key
}

/** `YYYY/MM` of a moment (UTC): the folder, or key prefix, of the files written then. */
const monthOf = (at: Date) => `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`

/** A new generated key: the month it is written and a random UUID (never reused, unguessable). */
export const newStorageKey = (extension: StoredExtension) => `${monthOf(new Date())}/${randomUUID()}.${extension}`

/** Collects `listKeys` from `list` (the whole store: every key has the `YYYY/` shape). */
export async function keysOf(objects: AsyncIterable<StoredObject>): Promise<string[]> {
  const keys: string[] = []
  for await (const object of objects) keys.push(object.key)
  return keys.sort()
}

/**
 * Stores the bytes, then runs `commit(key)` (the database transaction). If it throws, the new file is removed and
 * the error rethrown. On success, `replacedKeys` returned by commit (files the new one superseded) are removed.
 * A store that fails before the commit (S3 unreachable) throws and nothing is written; one that fails after it never
 * turns the committed change into an error: what it could not remove is an orphan for the sweep, never a broken row.
 */
export async function withStoredFile<T>(
  store: FileStore,
  file: Uint8Array | StagedFile | BucketStagedFile,
  extension: StoredExtension,
  commit: (key: string) => Promise<{ result: T; replacedKeys?: string[] }>,
): Promise<T> {
  const key = file instanceof Uint8Array ? await store.put(file, extension) : await store.adopt(file, extension)
  let outcome: { result: T; replacedKeys?: string[] }
  try {
    outcome = await commit(key)
  } catch (err) {
    // The commit's own error is the answer; a file the store could not remove now is left to the orphan sweep.
    await store.remove(key).catch(() => undefined)
    throw err
  }
  if (!outcome.replacedKeys?.length) return outcome.result
  // During a backup (or when the store cannot say whether one runs) the replaced files stay for the sweep.
  if (await store.removalsHeld().catch(() => true)) return outcome.result
  await Promise.allSettled(outcome.replacedKeys.map((k) => store.remove(k)))
  return outcome.result
}
