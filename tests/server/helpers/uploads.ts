/**
 * Upload helpers for API tests: a hand-built multipart/form-data body (so tests control every byte, including
 * odd names and repeated fields), real small PDFs made with pdf-lib, tiny real images, and snapshots of the file
 * store and of the file tables to prove that a refused request wrote nothing.
 */
import { randomBytes } from 'node:crypto'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import type { FileStore } from '../../../server/storage/fileStore'

export type FormPart =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; content: Uint8Array; contentType?: string }

/** Bytes and content-type header of a multipart/form-data body with these parts, in order. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----portalTest${randomBytes(12).toString('hex')}`
  const quote = (s: string) => s.replace(/"/g, '%22').replace(/\r|\n/g, ' ')
  const chunks: Buffer[] = []
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`
    if ('filename' in part) {
      head += `; filename="${quote(part.filename)}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`
      chunks.push(Buffer.from(head, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'))
    } else {
      head += part.contentType ? `\r\nContent-Type: ${part.contentType}\r\n\r\n` : '\r\n\r\n'
      chunks.push(Buffer.from(head, 'utf8'), Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A real one-page PDF (a few hundred bytes) whose text makes each one distinct. */
export async function makePdf(text = 'Documento de prueba'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([300, 200])
  page.drawText(text.replace(/[^\x20-\x7e]/g, '?'), { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
  return doc.save()
}

const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))

/** 1×1 images in the three accepted formats. */
export const IMAGES = {
  png: b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  jpg: b64(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  webp: b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
} as const

/** A GIF: a real image format we do not accept. */
export const GIF = b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')

/** The bytes of a stored file (a folder or a bucket); throws when no file has the key. */
export async function storedBytes(store: FileStore, key: string): Promise<Buffer> {
  const file = await store.open(key)
  if (!file) throw new Error(`no stored file ${key}`)
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Every key in the app's file store with its bytes' length, to compare before and after a request. */
export async function storeSnapshot(app: FastifyInstance): Promise<string[]> {
  return app.fileStore.listKeys()
}

/** Row counts of the tables file routes write, plus each claim's stage and history length. */
export async function fileTablesSnapshot(db: Db) {
  const count = async (table: string) =>
    Number(((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n)
  const files = (await db.execute(sql`select id, tipo, status, storage_key, comentario from claim_files order by id`)) as unknown as {
    rows: unknown[]
  }
  const claims = (await db.execute(sql`select id_evento, status_id from claims order by id_evento`)) as unknown as { rows: unknown[] }
  const invoices = (await db.execute(sql`select id_factura, status, storage_key from invoices order by id_factura`)) as unknown as {
    rows: unknown[]
  }
  const dictamens = (await db.execute(sql`select id_evento, storage_key, dictaminacion from dictaminations order by id_evento`)) as unknown as {
    rows: unknown[]
  }
  const photos = (await db.execute(sql`select id_user, foto_key from users where foto_key is not null order by id_user`)) as unknown as {
    rows: unknown[]
  }
  return {
    history: await count('status_history'),
    files: files.rows,
    claims: claims.rows,
    invoices: invoices.rows,
    dictamens: dictamens.rows,
    photos: photos.rows,
  }
}
