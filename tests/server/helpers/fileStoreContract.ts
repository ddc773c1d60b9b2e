/**
 * What every file store promises (server/storage/fileStore.ts), as one suite run against each implementation: the
 * local folder (tests/server/fileStore.local.test.ts) and an S3 bucket on Ceph's gateway (tests/server/s3Store.test.ts).
 * Put, streamed get, head, delete, list, staging, restore's putAt, the backup's removal hold, `withStoredFile`'s
 * no-half-write rule, and the orphan sweep against the database's references.
 */
import { Readable } from 'node:stream'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/client'
import { isStorageKey, withStoredFile, type FileStore } from '../../../server/storage/fileStore'
import { sweepOrphans } from '../../../server/storage/orphans'
import { attachClaimDocument, createRoleWorld } from './fixtures'
import { makePdf, storedBytes } from './uploads'

export interface ContractSubject {
  store: FileStore
  db: Db
}

const HOUR = 3_600_000
const thisMonth = () => {
  const now = new Date()
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/`
}

/** Three chunks of a few hundred KB each: the store must stream them, not take one buffer. */
const chunked = (bytes: Buffer) => Readable.from([bytes.subarray(0, 300_000), bytes.subarray(300_000, 700_000), bytes.subarray(700_000)])

export function fileStoreContract(name: string, subject: () => ContractSubject) {
  describe(`file store contract: ${name}`, () => {
    it('put, head, streamed get, list and delete', async () => {
      const { store } = subject()
      const bytes = await makePdf('contrato')
      const before = Date.now()
      const key = await store.put(bytes, 'pdf')
      expect(isStorageKey(key, ['pdf'])).toBe(true)
      expect(key.startsWith(thisMonth())).toBe(true)

      const head = await store.head(key)
      expect(head).toMatchObject({ key, size: bytes.length })
      // Second precision on S3 (Last-Modified): within a few seconds of the put.
      expect(Math.abs(head!.modifiedAt - before)).toBeLessThan(10_000)
      expect(await store.exists(key)).toBe(true)

      const opened = await store.open(key)
      expect(opened?.size).toBe(bytes.length)
      const chunks: Buffer[] = []
      for await (const chunk of opened!.body) chunks.push(chunk as Buffer)
      expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true)

      const listed = []
      for await (const object of store.list(thisMonth())) listed.push(object)
      expect(listed.find((o) => o.key === key)).toMatchObject({ size: bytes.length })
      expect(await store.listKeys()).toContain(key)
      for await (const object of store.list('2001/01/')) throw new Error(`nothing was stored in 2001: ${object.key}`)

      await store.remove(key)
      expect(await store.exists(key)).toBe(false)
      expect(await store.head(key)).toBeNull()
      expect(await store.open(key)).toBeNull()
      await store.remove(key) // removing twice is not an error
      expect(await store.listKeys()).not.toContain(key)
    })

    it('refuses anything but a generated key', async () => {
      const { store } = subject()
      for (const bad of ['../../etc/passwd', '2026/01/../../x.pdf', '.backup-in-progress', 'tus/abc']) {
        expect(await store.open(bad)).toBeNull()
        expect(await store.exists(bad)).toBe(false)
        await expect(store.remove(bad)).rejects.toThrow()
        await expect(store.putAt(bad, new Uint8Array([1]))).rejects.toThrow()
      }
    })

    it('stages a streamed upload on disk, then adopts it (stored) or discards it (gone)', async () => {
      const { store } = subject()
      const big = Buffer.concat([Buffer.from(await makePdf('grande')), Buffer.alloc(1_200_000, 7)])
      const staged = await store.stage(chunked(big))
      expect(staged.size).toBe(big.length)
      expect(staged.head.subarray(0, 5).toString()).toBe('%PDF-')
      const key = await store.adopt(staged, 'pdf')
      expect(existsSync(staged.path)).toBe(false)
      await store.discard(staged) // after adoption: nothing to do
      expect((await storedBytes(store, key)).equals(big)).toBe(true)
      expect((await store.open(key))?.size).toBe(big.length)

      const keys = await store.listKeys()
      const refused = await store.stage(Readable.from([Buffer.from('no soy un PDF')]))
      await store.discard(refused)
      expect(existsSync(refused.path)).toBe(false)
      expect(await store.listKeys()).toEqual(keys)
      await store.remove(key)
    })

    it('puts bytes back under a given key (restore)', async () => {
      const { store } = subject()
      const key = '2024/02/0f0e0d0c-0b0a-4908-8706-050403020100.png'
      await store.putAt(key, new Uint8Array([137, 80, 78, 71]))
      expect((await storedBytes(store, key)).equals(Buffer.from([137, 80, 78, 71]))).toBe(true)
      const listed = []
      for await (const object of store.list('2024/02/')) listed.push(object.key)
      expect(listed).toEqual([key])
      await store.remove(key)
    })

    it('withStoredFile: a failed commit leaves no file; a committed replacement removes the old one, unless a backup holds removals', async () => {
      const { store } = subject()
      const before = await store.listKeys()
      await expect(
        withStoredFile(store, await makePdf('a medias'), 'pdf', async () => {
          throw new Error('la transacción falló')
        }),
      ).rejects.toThrow('la transacción falló')
      expect(await store.listKeys()).toEqual(before)

      const old = await store.put(await makePdf('anterior'), 'pdf')
      const kept = await withStoredFile(store, await makePdf('nuevo'), 'pdf', async (key) => ({ result: key, replacedKeys: [old] }))
      expect(await store.exists(old)).toBe(false)
      expect(await store.exists(kept)).toBe(true)

      const release = await store.holdRemovals()
      expect(await store.removalsHeld()).toBe(true)
      const newer = await withStoredFile(store, await makePdf('más nuevo'), 'pdf', async (key) => ({ result: key, replacedKeys: [kept] }))
      expect(await store.exists(kept)).toBe(true) // left for the sweep while the backup runs
      await release()
      expect(await store.removalsHeld()).toBe(false)
      for (const key of [kept, newer]) await store.remove(key)
    })

    it('the orphan sweep removes old files no row names, keeps named and young ones, and does nothing during a backup', async () => {
      const { store, db } = subject()
      const w = await createRoleWorld(db)
      const named = await attachClaimDocument(db, store, w.claim.idEvento, 1)
      const orphan = await store.put(await makePdf('huérfano'), 'pdf')

      // Right now both are younger than the grace period: nothing is even checked.
      const young = await sweepOrphans(db, store, { graceMs: HOUR })
      expect(young.removed).not.toContain(orphan)
      expect(await store.exists(orphan)).toBe(true)

      // Two hours later, during a backup: held.
      const release = await store.holdRemovals()
      expect((await sweepOrphans(db, store, { graceMs: HOUR, now: Date.now() + 2 * HOUR })).removed).toEqual([])
      await release()

      const swept = await sweepOrphans(db, store, { graceMs: HOUR, now: Date.now() + 2 * HOUR })
      expect(swept.removed).toContain(orphan)
      expect(swept.removed).not.toContain(named.storageKey)
      expect(swept.checked).toBeGreaterThanOrEqual(2)
      expect(await store.exists(orphan)).toBe(false)
      expect(await store.exists(named.storageKey)).toBe(true)
    })
  })
}
