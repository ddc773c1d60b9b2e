/**
 * The rows of unfinished resumable uploads (resumable_uploads): who owns each, and how many one owner has. Every
 * instance reads the same table, so the limit of unfinished uploads holds across instances; the owner's count and
 * the insert run under a transaction-scoped advisory lock on the owner, so two creations racing on two instances
 * cannot both take the last place.
 */
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { resumableUploads } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { MAX_UNFINISHED_UPLOADS } from '../../../domain/contract/uploads'
import type { UploadIntent } from './uploadIntent'

const TOO_MANY_UNFINISHED = `Tienes ${MAX_UNFINISHED_UPLOADS} cargas sin terminar; termina o cancela una antes de iniciar otra`

export interface UploadRow {
  id: string
  owner: string
  expiresAt: string
}

/** Records a new upload of `owner`, or refuses it (429) when the owner already has the most unfinished ones. */
export async function registerUpload(db: Db, row: { id: string; owner: string; intent: UploadIntent; size: number; expiresAt: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resumable:${row.owner}`}))`)
    const [open] = await tx
      .select({ n: count() })
      .from(resumableUploads)
      .where(and(eq(resumableUploads.owner, row.owner), gt(resumableUploads.expiresAt, new Date().toISOString())))
    if ((open?.n ?? 0) >= MAX_UNFINISHED_UPLOADS) throw new AppError(429, TOO_MANY_UNFINISHED)
    await tx.insert(resumableUploads).values({
      id: row.id,
      owner: row.owner,
      call: row.intent.call,
      idEvento: 'idEvento' in row.intent ? row.intent.idEvento : null,
      size: row.size,
      expiresAt: row.expiresAt.toISOString(),
    })
  })
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select({ id: resumableUploads.id, owner: resumableUploads.owner, expiresAt: resumableUploads.expiresAt })
    .from(resumableUploads)
    .where(eq(resumableUploads.id, id))
  return row ?? null
}

export async function forgetUpload(db: Db, id: string): Promise<void> {
  await db.delete(resumableUploads).where(eq(resumableUploads.id, id))
}

/** Which of `ids` still have a row (the sweep keeps their bytes). */
export async function uploadsWithRows(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: resumableUploads.id }).from(resumableUploads).where(inArray(resumableUploads.id, ids))
  return new Set(rows.map((row) => row.id))
}

/** Removes the rows expired at `now` and returns their ids (their bytes are for the caller to remove). */
export async function takeExpiredUploads(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .delete(resumableUploads)
    .where(lte(resumableUploads.expiresAt, now.toISOString()))
    .returning({ id: resumableUploads.id })
  return rows.map((row) => row.id)
}
