/**
 * The default file store: uploaded files under {dataDir}/files, outside any static root, with generated names.
 * Several instances share it through one folder (the same machine, or a shared mount such as NFS).
 */
import { createReadStream, mkdirSync } from 'node:fs'
import { open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
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
import { folderPartials } from './partialUploads'

export interface LocalFileStore extends FileStore {
  kind: 'local'
  /** The folder of the files (tests plant and age files there). */
  root: string
}

export function createLocalFileStore(dataDir: string): LocalFileStore {
  const root = path.join(dataDir, 'files')
  const stagingRoot = path.join(root, '.incoming')
  mkdirSync(stagingRoot, { recursive: true })
  const fullPath = (key: string) => path.join(root, checkedKey(key))
  const newKey = (extension: StoredExtension) => {
    const key = newStorageKey(extension)
    mkdirSync(path.dirname(fullPath(key)), { recursive: true })
    return key
  }
  const head = async (key: string): Promise<StoredObject | null> => {
    if (!isStorageKey(key)) return null
    const info = await stat(fullPath(key)).catch(() => null)
    return info?.isFile() ? { key, size: info.size, modifiedAt: info.mtimeMs } : null
  }

  async function* list(prefix: string): AsyncIterable<StoredObject> {
    // The prefix is a month folder (`2026/11/`) or a part of one; walk the folder that holds it.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : ''
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => [])
    const keys = entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix) && isStorageKey(key))
      .sort()
    for (const key of keys) {
      const object = await head(key) // removed meanwhile: skipped
      if (object) yield object
    }
  }

  const store: LocalFileStore = {
    kind: 'local',
    where: root,
    root,
    stagingRoot,
    partials: folderPartials(path.join(root, '.tus')),
    async put(bytes, extension) {
      const key = newKey(extension)
      await writeFile(fullPath(key), bytes, { flag: 'wx', flush: true })
      await syncFolder(path.dirname(fullPath(key)))
      return key
    },
    stage: (source) => stageInto(stagingRoot, source),
    async adopt(staged, extension) {
      // A folder's resumable uploads are files too (files/.tus): a bucket's never reach a folder store.
      if (!('path' in staged)) throw new Error(`a folder store cannot adopt ${staged.bucketKey}`)
      const key = newKey(extension)
      await rename(staged.path, fullPath(key))
      await syncFolder(path.dirname(fullPath(key)))
      return key
    },
    discard: discardStaged,
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
    async open(key) {
      const object = await head(key)
      return object ? { body: createReadStream(fullPath(key)), size: object.size } : null
    },
    head,
    exists: async (key) => (await head(key)) !== null,
    remove: async (key) => rm(fullPath(key), { force: true }),
    list,
    listKeys: () => keysOf(list('')),
    probe: async () => null,
    close: () => undefined,
  }
  return store
}

/**
 * Makes a rename into a folder durable: the staged file's bytes were flushed when it was written (./staging.ts), and
 * the folder's entry for its new name reaches the disk here, before the database commits the row that names it.
 */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
