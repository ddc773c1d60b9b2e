/**
 * The three claim documents: the list, an upload (or its replacement), a reviewer's comment and the verification of
 * all three. Every change goes through the claim lifecycle in the same transaction as its claim_files rows, under
 * the claim's lock (applyClaimEvent's, or claimFiles.ts `lockClaim` where rows are read before it); an upload's file
 * is already stored (the route's `withStoredFile`) and is removed by it if this transaction fails.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { claimFiles } from '../../db/schema'
import type { Session } from '../../auth/roles'
import { actorOf } from '../../auth/actor'
import { applyClaimEvent, applyClaimEventReadingFiles } from '../claimLifecycle'
import type { DocumentStatuses } from '../../../machines/claimLifecycle.machine'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { claimFileIdFromUrl } from '../../storage/urls'
import { COMMENT_REQUIRED } from '../../../domain/fileReasons'
import type { AddFilesForm, ClaimFileEntry, DocumentTipo, VerifyFiles } from '../../../domain/contract/files'
import {
  countDocuments,
  findClaimFile,
  findClaimFileById,
  listClaimFiles,
  lockClaim,
  toFileEntry,
  writtenRow,
  type ClaimFileRow,
} from './claimFiles'

export const DOCUMENT_NOT_FOUND = 'No se encontró el documento'
const MISSING_DOCUMENTS = 'Faltan documentos por cargar: se requieren los tres documentos'

/** A stored row's document type; rows are only written with a validated one, so anything else is a broken row. */
function documentTipoOf(tipo: number): DocumentTipo {
  if (tipo === 1 || tipo === 2 || tipo === 3) return tipo
  throw new Error(`claim_files.tipo fuera de rango: ${tipo}`)
}

export async function listDocuments(db: Db, idEvento: number) {
  const rows = await listClaimFiles(db, idEvento)
  const files = rows.filter((row) => row.tipo >= 1 && row.tipo <= 3).map(toFileEntry)
  return { files, numSended: new Set(files.map((f) => f.tipo)).size }
}

export interface StoredDocument {
  idEvento: number
  tipo: DocumentTipo
  storageKey: string
  nombre: string
  size: number
  comentario: string | null
}

/** Points the claim's document `tipo` at a newly stored file; the replaced file's key is for the caller to remove. */
export async function saveDocument(db: Db, session: Session, document: StoredDocument) {
  const { idEvento, tipo, storageKey, nombre, size, comentario } = document
  return db.transaction(async (tx) => {
    // Before the row is written: the lifecycle reads whether the document it replaces was verified (issue 21). It
    // takes the claim's lock and reads its claim_files rows under it, the replaced one among them (no lockClaim or
    // findClaimFile here: two statements less on every upload).
    const stage = await applyClaimEventReadingFiles(tx, {
      idEvento,
      event: { type: 'document.upload', tipo },
      actor: actorOf(session),
    })
    const previous = stage.files.find((row) => row.tipo === tipo)
    const values = { status: 1, storageKey, nombre, size, comentario, uploadedBy: actorOf(session) }
    const row = writtenRow(
      previous
        ? await tx.update(claimFiles).set(values).where(eq(claimFiles.id, previous.id)).returning()
        : await tx.insert(claimFiles).values({ idEvento, tipo, ...values }).returning(),
    )
    return { file: toFileEntry(row), statusId: stage.statusId, replacedKeys: previous ? [previous.storageKey] : [] }
  })
}

export async function commentDocument(db: Db, form: AddFilesForm, session: Session, idEvento: number) {
  // The collaborator uploads; only the reviewer (owning executive or an administrator) comments.
  if (session.kind === 'collaborator') throw forbidden('Solo el ejecutivo o el administrador pueden comentar documentos')
  const status = Number(form.estatus)
  const comentario = form.comentario?.trim() ?? ''
  // Number('') is 0, so an empty or missing choice fails the range check too.
  if (!Number.isInteger(status) || status < 2 || status > 5 || !comentario) throw badRequest(COMMENT_REQUIRED)
  const { tipo, fileUrl } = form
  if (tipo === undefined && fileUrl === undefined) throw badRequest('Seleccione el documento que desea comentar')

  return db.transaction(async (tx) => {
    await lockClaim(tx, idEvento)
    let target: ClaimFileRow | undefined
    if (fileUrl !== undefined) {
      const id = claimFileIdFromUrl(fileUrl)
      target = id === null ? undefined : await findClaimFileById(tx, id)
      if (target && target.idEvento !== idEvento) target = undefined
      if (target && tipo !== undefined && tipo !== target.tipo) throw badRequest('El tipo no corresponde al documento indicado')
    } else if (tipo !== undefined) {
      target = await findClaimFile(tx, idEvento, tipo)
    }
    if (!target) throw notFound(DOCUMENT_NOT_FOUND)
    const row = writtenRow(
      await tx
        .update(claimFiles)
        .set({ status, comentario })
        .where(and(eq(claimFiles.id, target.id), eq(claimFiles.idEvento, idEvento)))
        .returning(),
    )
    const stage = await applyClaimEvent(tx, {
      idEvento,
      event: { type: 'document.comment', tipo: documentTipoOf(target.tipo), status },
      actor: actorOf(session),
    })
    return { file: toFileEntry(row), statusId: stage.statusId }
  })
}

export async function verifyDocuments(
  db: Db,
  session: Session,
  idEvento: number,
  preguntas: VerifyFiles['preguntas'],
): Promise<{ statusId: number; files: ClaimFileEntry[] }> {
  const statuses: DocumentStatuses = { '1': 0, '2': 0, '3': 0 }
  for (const { tipo, idStatus } of preguntas) statuses[`${tipo}`] = idStatus
  if (new Set(preguntas.map((p) => p.tipo)).size !== 3) throw badRequest('Debe calificar cada uno de los tres documentos una sola vez')

  return db.transaction(async (tx) => {
    await lockClaim(tx, idEvento)
    if ((await countDocuments(tx, idEvento)) < 3) throw conflict(MISSING_DOCUMENTS)
    for (const { tipo, idStatus } of preguntas) {
      await tx
        .update(claimFiles)
        .set({ status: idStatus })
        .where(and(eq(claimFiles.idEvento, idEvento), eq(claimFiles.tipo, tipo)))
    }
    const stage = await applyClaimEvent(tx, {
      idEvento,
      event: { type: 'documents.verify', statuses },
      actor: actorOf(session),
    })
    const files = (await listClaimFiles(tx, idEvento)).map(toFileEntry)
    return { statusId: stage.statusId, files }
  })
}
