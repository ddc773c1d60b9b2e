/**
 * Uploads are streamed to a staging file on this machine's disk before they become stored files: the route checks
 * the first bytes (the file's type) and the claim's rules first, and a refused upload never reaches the store. Only
 * the first bytes stay in memory, so memory is flat however large or numerous the uploads are; the chunks already
 * written are freed by a scavenge every 16 MiB staged (./uploadGarbage.ts), not left for a full collection. The local
 * store adopts a staged file with a rename (same disk); the S3 store sends it to the bucket (length known, one PUT).
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { StagedFile } from './fileStore'
import { uploadBytesPassed } from './uploadGarbage'

/** How many first bytes of an upload are kept for recognising its type (server/lib/sniff.ts needs 12). */
const HEAD_BYTES = 64

export async function stageInto(folder: string, source: Readable): Promise<StagedFile> {
  const staged: StagedFile = { path: path.join(folder, randomUUID()), size: 0, head: Buffer.alloc(0) }
  const heads: Buffer[] = []
  let headLength = 0
  // Counts the bytes and keeps the first ones on their way to the disk (backpressure is the pipeline's).
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      staged.size += chunk.length
      uploadBytesPassed(chunk.length)
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength)
        heads.push(Buffer.from(part))
        headLength += part.length
      }
      done(null, chunk)
    },
  })
  try {
    // `flush`: the bytes reach the disk (fsync) before the file is closed, so an upload the portal acknowledges
    // survives a power cut as the database row that names it does, not only a crash of this process.
    await pipeline(source, measure, createWriteStream(staged.path, { flags: 'wx', flush: true }))
  } catch (err) {
    await rm(staged.path, { force: true })
    throw err
  }
  staged.head = Buffer.concat(heads)
  return staged
}

export const discardStaged = (staged: StagedFile) => rm(staged.path, { force: true })
