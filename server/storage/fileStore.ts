/**
 * Uploaded files live under {dataDir}/files, outside any static root, with generated names; the original name is
 * only data in the database. Writers put the file first and remove it again if their transaction fails, so no
 * row ever points at a missing file (see `withStoredFile`).
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs'
import { readdir, rename, rm, writeFile, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'

export type StoredExtension = 'pdf' | 'jpg' | 'png' | 'webp'

export interface FileStore {
  root: string
  /** Writes the bytes and returns the generated storage key (e.g. `2026/11/3f…e1.pdf`). */
  put: (bytes: Uint8Array, extension: StoredExtension) => Promise<string>
  read: (key: string) => Readable
  exists: (key: string) => Promise<boolean>
  remove: (key: string) => Promise<void>
  /** Every stored key (for tests and orphan checks; walks the folder, so not for request paths). */
  listKeys: () => Promise<string[]>
  /**
   * Streams an upload to a staging file under `{root}/.incoming` (same disk, so adopting it is a rename), keeping
   * only its first bytes in memory for sniffing. Memory stays flat however large or numerous the uploads are.
   */
  stage: (source: Readable) => Promise<StagedFile>
  /** Moves a staged file to a new generated key (it is no longer staged) and returns the key. */
  adopt: (staged: StagedFile, extension: StoredExtension) => Promise<string>
  /** Removes a staged file that was not adopted (no-op when it was). */
  discard: (staged: StagedFile) => Promise<void>
  /** The staging folder, for the sweep of staged files an interrupted process left behind. */
  stagingRoot: string
  /** Writes the bytes under a given key (a restore puts every file back where its row says). */
  putAt: (key: string, bytes: Uint8Array) => Promise<void>
  /**
   * While a backup copies the files, nothing is removed: a file replaced meanwhile stays (an orphan the sweep removes
   * later), so every file the database dump names is still there to copy. The hold is a marker beside the files,
   * seen by every instance sharing them; it lapses by itself after REMOVAL_HOLD_MS should a backup die holding it.
   */
  holdRemovals: () => Promise<() => Promise<void>>
  removalsHeld: () => Promise<boolean>
}

/** A backup that held removals longer than this has died; removals go on. */
const REMOVAL_HOLD_MS = 6 * 3_600_000
const HOLD_MARKER = '.backup-in-progress'

/** An upload on disk, not yet a stored file: its path, size and first bytes (for the signature check). */
export interface StagedFile {
  path: string
  size: number
  head: Buffer
}

/** How many first bytes of an upload are kept for recognising its type (server/lib/sniff.ts needs 12). */
const HEAD_BYTES = 64

const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/

/** True when `key` has the exact shape of a generated key (optionally with one of `extensions`). */
export function isStorageKey(key: string, extensions?: readonly StoredExtension[]): boolean {
  const match = KEY_PATTERN.exec(key)
  return match !== null && (!extensions || extensions.includes(match[1] as StoredExtension))
}

export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files')
  const stagingRoot = path.join(root, '.incoming')
  mkdirSync(stagingRoot, { recursive: true })
  // Keys come from our own database, but never let one escape the root.
  const fullPath = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, key)
  }
  const newKey = (extension: StoredExtension) => {
    const now = new Date()
    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`
    mkdirSync(path.join(root, folder), { recursive: true })
    return `${folder}/${randomUUID()}.${extension}`
  }
  return {
    root,
    stagingRoot,
    async put(bytes, extension) {
      const key = newKey(extension)
      await writeFile(fullPath(key), bytes, { flag: 'wx' })
      return key
    },
    async stage(source) {
      const staged: StagedFile = { path: path.join(stagingRoot, randomUUID()), size: 0, head: Buffer.alloc(0) }
      const heads: Buffer[] = []
      let headLength = 0
      // Counts the bytes and keeps the first ones on their way to the disk (backpressure is the pipeline's).
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          staged.size += chunk.length
          if (headLength < HEAD_BYTES) {
            const part = chunk.subarray(0, HEAD_BYTES - headLength)
            heads.push(Buffer.from(part))
            headLength += part.length
          }
          done(null, chunk)
        },
      })
      try {
        await pipeline(source, measure, createWriteStream(staged.path, { flags: 'wx' }))
      } catch (err) {
        await rm(staged.path, { force: true })
        throw err
      }
      staged.head = Buffer.concat(heads)
      return staged
    },
    async adopt(staged, extension) {
      const key = newKey(extension)
      await rename(staged.path, fullPath(key))
      return key
    },
    discard: (staged) => rm(staged.path, { force: true }),
    async putAt(key, bytes) {
      mkdirSync(path.dirname(fullPath(key)), { recursive: true })
      await writeFile(fullPath(key), bytes)
    },
    async holdRemovals() {
      const marker = path.join(root, HOLD_MARKER)
      await writeFile(marker, new Date().toISOString())
      return () => rm(marker, { force: true })
    },
    async removalsHeld() {
      const info = await stat(path.join(root, HOLD_MARKER)).catch(() => null)
      return info !== null && Date.now() - info.mtimeMs < REMOVAL_HOLD_MS
    },
    read: (key) => createReadStream(fullPath(key)),
    async exists(key) {
      try {
        return (await stat(fullPath(key))).isFile()
      } catch {
        return false
      }
    },
    remove: (key) => rm(fullPath(key), { force: true }),
    async listKeys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true })
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => KEY_PATTERN.test(key))
        .sort()
    },
  }
}

/**
 * Stores the bytes, then runs `commit(key)` (the database transaction). If it throws, the new file is removed and
 * the error rethrown. On success, `replacedKeys` returned by commit (files the new one superseded) are removed.
 */
export async function withStoredFile<T>(
  store: FileStore,
  file: Uint8Array | StagedFile,
  extension: StoredExtension,
  commit: (key: string) => Promise<{ result: T; replacedKeys?: string[] }>,
): Promise<T> {
  const key = file instanceof Uint8Array ? await store.put(file, extension) : await store.adopt(file, extension)
  let outcome: { result: T; replacedKeys?: string[] }
  try {
    outcome = await commit(key)
  } catch (err) {
    await store.remove(key)
    throw err
  }
  // The rows no longer point at the replaced files; failing to delete one leaves an orphan, never a broken row,
  // so it must not turn a committed change into an error answer. During a backup they stay for the sweep.
  if (outcome.replacedKeys?.length && (await store.removalsHeld())) return outcome.result
  await Promise.allSettled((outcome.replacedKeys ?? []).map((k) => store.remove(k)))
  return outcome.result
}
