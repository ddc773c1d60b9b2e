/** Data access for claim documents, dictaminations and invoices. Writers take `tx` and lock the claim row first. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { claimFiles, claims, dictaminations, invoices } from '../../db/schema'
import { claimFileUrl, dictaminationUrl } from '../../storage/urls'
import type { ClaimFileEntry, Dictamination } from '../../../domain/contract/files'

export type ClaimFileRow = typeof claimFiles.$inferSelect
export type DictaminationRow = typeof dictaminations.$inferSelect
export type InvoiceRow = typeof invoices.$inferSelect

/** The answer shape of one document (spec "Claim file entry"). */
export function toFileEntry(row: ClaimFileRow): ClaimFileEntry {
  return {
    id: row.id,
    url: claimFileUrl(row.id),
    status: row.status,
    tipo: tipoText(row.tipo),
    nombre: row.nombre,
    comentario: row.comentario ?? null,
  }
}

function tipoText(tipo: number): ClaimFileEntry['tipo'] {
  // Rows are only written with a validated tipo 1–3; anything else is a broken row, not an answer to send.
  if (tipo === 1 || tipo === 2 || tipo === 3) return `${tipo}`
  throw new Error(`claim_files.tipo fuera de rango: ${tipo}`)
}

export function toDictaminationEntry(row: DictaminationRow): Dictamination {
  return {
    nombre: row.nombre,
    url: dictaminationUrl(row.idEvento),
    comentario: row.comentario ?? null,
    dictaminacion: row.dictaminacion === 1 ? '1' : '0',
  }
}

/** The row a write under the claim's lock returned (`returning()` of an insert or of an update by id). */
export function writtenRow<T>(rows: T[]): T {
  const [row] = rows
  if (row === undefined) throw new Error('La escritura no devolvió la fila')
  return row
}

/**
 * Serialises writers of one claim (two uploads of the same document, an upload racing a verification): every
 * file-changing transaction locks the claim row before it reads what it will replace.
 */
export async function lockClaim(tx: Tx, idEvento: number) {
  await tx.select({ id: claims.idEvento }).from(claims).where(eq(claims.idEvento, idEvento)).for('update')
}

export const listClaimFiles = (db: Db | Tx, idEvento: number) =>
  db.select().from(claimFiles).where(eq(claimFiles.idEvento, idEvento)).orderBy(claimFiles.tipo)

export async function findClaimFile(db: Db | Tx, idEvento: number, tipo: number): Promise<ClaimFileRow | undefined> {
  const [row] = await db
    .select()
    .from(claimFiles)
    .where(and(eq(claimFiles.idEvento, idEvento), eq(claimFiles.tipo, tipo)))
  return row
}

export async function findClaimFileById(db: Db | Tx, id: number): Promise<ClaimFileRow | undefined> {
  const [row] = await db.select().from(claimFiles).where(eq(claimFiles.id, id))
  return row
}

/** How many of the three required documents the claim has. */
export async function countDocuments(db: Db | Tx, idEvento: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${claimFiles.tipo})::int` })
    .from(claimFiles)
    .where(and(eq(claimFiles.idEvento, idEvento), sql`${claimFiles.tipo} between 1 and 3`))
  return Number(row?.n ?? 0)
}

export async function findDictamination(db: Db | Tx, idEvento: number): Promise<DictaminationRow | undefined> {
  const [row] = await db.select().from(dictaminations).where(eq(dictaminations.idEvento, idEvento))
  return row
}

export async function findInvoiceByClaim(db: Db | Tx, idEvento: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.idEvento, idEvento))
  return row
}

export async function findInvoice(db: Db | Tx, idFactura: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.idFactura, idFactura))
  return row
}
