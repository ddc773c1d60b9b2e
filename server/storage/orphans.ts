/**
 * Orphaned files: a process killed between writing an upload and committing its row (or one whose removal of a
 * replaced file failed) leaves a file that no row names. The sweep removes every stored file that no table names
 * once it is older than a grace period — a file younger than that may belong to an upload still committing.
 *
 * It runs at start and then periodically (server/main.ts), on every instance: removal is idempotent, so two
 * instances sweeping the same shared folder or bucket at once do no harm.
 *
 * It also removes the resumable uploads left unfinished past their expiry (24 h), bytes and row.
 *
 * Cost is bounded: keys are `YYYY/MM/<uuid>.<ext>` by the month they were written, so only the month folders (or,
 * in a bucket, key prefixes: one ListObjectsV2 per page of 1,000) that can hold a file written since `lookbackDays`
 * before the grace period are listed (a crash's orphans are always recent), and each batch of candidates is one
 * indexed lookup per table (the storage_key indexes).
 */
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { claimFiles, dictaminations, invoices, users } from '../db/schema'
import type { FileStore } from './fileStore'
import { sweepExpiredUploads } from '../domain/uploads/resumableUploads'

export interface SweepOptions {
  /** Files younger than this are never removed. */
  graceMs: number
  now?: number
  /** How far back (beyond the grace period) to look for month folders; 40 days by default. */
  lookbackDays?: number
}

export interface SweepResult {
  /** Files old enough to be checked. */
  checked: number
  removed: string[]
}

const BATCH = 500

/** `YYYY/MM` of every month from `from` to `to` (UTC, as the store names its folders). */
export function monthFolders(from: number, to: number): string[] {
  const folders: string[] = []
  const cursor = new Date(Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1))
  while (cursor.getTime() <= to) {
    folders.push(`${cursor.getUTCFullYear()}/${String(cursor.getUTCMonth() + 1).padStart(2, '0')}`)
    cursor.setUTCMonth(cursor.getUTCMonth() + 1)
  }
  return folders
}

/** The keys of `keys` that some row names (a document, a dictamen, an invoice or a profile photo). */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const found = await Promise.all([
    db.select({ key: claimFiles.storageKey }).from(claimFiles).where(inArray(claimFiles.storageKey, keys)),
    db.select({ key: dictaminations.storageKey }).from(dictaminations).where(inArray(dictaminations.storageKey, keys)),
    db.select({ key: invoices.storageKey }).from(invoices).where(inArray(invoices.storageKey, keys)),
    db.select({ key: users.fotoKey }).from(users).where(inArray(users.fotoKey, keys)),
  ])
  return new Set(found.flat().map((row) => row.key ?? ''))
}

async function oldFilesIn(store: FileStore, folder: string, olderThan: number): Promise<string[]> {
  const keys: string[] = []
  for await (const object of store.list(`${folder}/`)) if (object.modifiedAt < olderThan) keys.push(object.key)
  return keys
}

export async function sweepOrphans(db: Db, store: FileStore, opts: SweepOptions): Promise<SweepResult> {
  const now = opts.now ?? Date.now()
  const olderThan = now - opts.graceMs
  const from = olderThan - (opts.lookbackDays ?? 40) * 86_400_000
  const result: SweepResult = { checked: 0, removed: [] }
  // A backup is copying the files: what looks orphaned now may be named by the dump it took (fileStore.holdRemovals).
  if (await store.removalsHeld()) return result
  // Staged uploads (fileStore.stage) a killed process never adopted nor discarded: no row can name them. The staging
  // folder is this machine's (a bucket's instances each sweep their own).
  for (const name of await readdir(store.stagingRoot).catch(() => [] as string[])) {
    const staged = path.join(store.stagingRoot, name)
    const info = await stat(staged).catch(() => null)
    if (info?.isFile() && info.mtimeMs < olderThan) {
      await rm(staged, { force: true })
      result.removed.push(`.incoming/${name}`)
    }
  }
  // Resumable uploads past their 24 h (issue 22): their rows go, and their partial bytes with them.
  result.removed.push(...(await sweepExpiredUploads(db, store, new Date(now))).map((id) => `.tus/${id}`))
  for (const folder of monthFolders(from, now)) {
    const candidates = await oldFilesIn(store, folder, olderThan)
    result.checked += candidates.length
    for (let i = 0; i < candidates.length; i += BATCH) {
      const batch = candidates.slice(i, i + BATCH)
      const referenced = await referencedKeys(db, batch)
      const orphans = batch.filter((key) => !referenced.has(key))
      await Promise.all(orphans.map((key) => store.remove(key)))
      result.removed.push(...orphans)
    }
  }
  return result
}
