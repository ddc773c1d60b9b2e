/**
 * Upload chunks are ArrayBuffers outside the V8 heap that only a collection frees; the upload path allocates too
 * little JavaScript for one to run by itself, so staging asks for a scavenge after every UPLOAD_BYTES_PER_SCAVENGE
 * bytes (server/storage/uploadGarbage.ts). Without it V8 waits for its external-memory limit and then runs a full
 * mark-compact, which is what made 20 parallel uploads slow (issue 27).
 */
import { PerformanceObserver, constants } from 'node:perf_hooks'
import { Readable } from 'node:stream'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { stageInto } from '../../server/storage/staging'

const MIB = 1024 * 1024
const folder = mkdtempSync(path.join(os.tmpdir(), 'upload-garbage-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Kinds of the collections that ran while `work` did. */
async function collectionsDuring(work: () => Promise<void>): Promise<number[]> {
  const kinds: number[] = []
  const observer = new PerformanceObserver((list) => {
    // A 'gc' entry's detail says which collection it was (Node's typings leave detail off PerformanceEntry).
    for (const entry of list.getEntries()) kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind)
  })
  observer.observe({ entryTypes: ['gc'] })
  await work()
  // GC entries are delivered asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 50))
  observer.disconnect()
  return kinds
}

describe('staging an upload frees its dead chunks with scavenges', () => {
  it('40 MiB staged in 64 KiB chunks runs at least two minor collections and frees the chunks', async () => {
    const chunks = 640
    const before = process.memoryUsage().arrayBuffers
    let staged = { size: 0 }
    const kinds = await collectionsDuring(async () => {
      // Each chunk its own ArrayBuffer, as a socket delivers them; the first says %PDF-.
      const source = Readable.from(
        (function* () {
          for (let i = 0; i < chunks; i++) {
            const chunk = Buffer.allocUnsafeSlow(64 * 1024).fill(0x20)
            if (i === 0) chunk.write('%PDF-1.7\n')
            yield chunk
          }
        })(),
      )
      staged = await stageInto(folder, source)
    })
    expect(staged.size).toBe(chunks * 64 * 1024)
    expect(kinds.filter((kind) => kind === constants.NODE_PERFORMANCE_GC_MINOR).length).toBeGreaterThanOrEqual(2)
    // 40 MiB went through; what is still held afterwards is at most the chunks since the last scavenge (16 MiB).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * MIB)
  })
})
