/**
 * Uploaded files live under {dataDir}/files, outside any static root, with generated names; the original name is
 * only data in the database. Writers put the file first and remove it again if their transaction fails, so no
 * row ever points at a missing file (see `withStoredFile`).
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, mkdirSync } from 'node:fs'
import { readdir, rm, writeFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

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
}

const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/

/** True when `key` has the exact shape of a generated key (optionally with one of `extensions`). */
export function isStorageKey(key: string, extensions?: readonly StoredExtension[]): boolean {
  const match = KEY_PATTERN.exec(key)
  return match !== null && (!extensions || extensions.includes(match[1] as StoredExtension))
}

export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files')
  mkdirSync(root, { recursive: true })
  // Keys come from our own database, but never let one escape the root.
  const fullPath = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    root,
    async put(bytes, extension) {
      const now = new Date()
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`
      const key = `${folder}/${randomUUID()}.${extension}`
      mkdirSync(path.join(root, folder), { recursive: true })
      await writeFile(fullPath(key), bytes, { flag: 'wx' })
      return key
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
  bytes: Uint8Array,
  extension: StoredExtension,
  commit: (key: string) => Promise<{ result: T; replacedKeys?: string[] }>,
): Promise<T> {
  const key = await store.put(bytes, extension)
  let outcome: { result: T; replacedKeys?: string[] }
  try {
    outcome = await commit(key)
  } catch (err) {
    await store.remove(key)
    throw err
  }
  // The rows no longer point at the replaced files; failing to delete one leaves an orphan, never a broken row,
  // so it must not turn a committed change into an error answer.
  await Promise.allSettled((outcome.replacedKeys ?? []).map((k) => store.remove(k)))
  return outcome.result
}
