/**
 * What a received file becomes, one function per upload call: the multipart routes of /api/file and the completion
 * of a resumable (tus) upload both call these, so a file is checked, stored and attached the same way whichever
 * way it travelled (same signature check, same lifecycle rule, same transaction and notification, same answer).
 *
 * Each takes the file as staged (`StagedFile` on this machine's disk, or `BucketStagedFile`: a finished resumable upload
 * already in the bucket; with its size and first bytes) and adopts it under a new key only when it passes; the row is written in the domain service's transaction, and the file is removed again if
 * that transaction fails (`withStoredFile`). A refusal leaves the staged file for the caller to discard.
 */
import type { Db } from '../../db/client'
import type { Session } from '../../auth/roles'
import { providerIdOf } from '../../auth/claimAccess'
import { ok } from '../../lib/envelope'
import { badRequest, forbidden } from '../../lib/errors'
import { isPdf, sniffImage } from '../../lib/sniff'
import { withStoredFile, type BucketStagedFile, type FileStore, type StagedFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { photoUrl } from '../../storage/urls'
import { NOT_A_PDF, NOT_AN_IMAGE } from '../../../domain/fileReasons'
import type { DocumentTipo } from '../../../domain/contract/files'
import { saveDocument } from '../claims/claimDocuments'
import { saveDictamination } from '../claims/dictamination'
import { saveInvoice } from '../claims/invoices'
import { setProfilePhoto } from '../users/profilePhoto'

export interface ReceivedFile {
  /** On this machine's disk (a multipart upload, a folder's resumable one) or in the bucket (a bucket's resumable one). */
  staged: StagedFile | BucketStagedFile
  /** The name the user's file had (only data: cut and cleaned before it is stored). */
  filename: string
}

interface Stores {
  db: Db
  fileStore: FileStore
}

const NOT_YOUR_PROVIDER = 'El proveedor indicado no corresponde a su cuenta'

const trimmedOrNull = (text: string | undefined): string | null => (text?.trim() ? text.trim() : null)

export async function attachDocument(
  { db, fileStore }: Stores,
  session: Session,
  form: { idEvento: number; tipo: DocumentTipo; comentario?: string },
  { staged, filename }: ReceivedFile,
) {
  if (!isPdf(staged.head)) throw badRequest(NOT_A_PDF)
  const document = {
    idEvento: form.idEvento,
    tipo: form.tipo,
    nombre: sanitizeOriginalName(filename),
    size: staged.size,
    comentario: trimmedOrNull(form.comentario),
  }
  return withStoredFile(fileStore, staged, 'pdf', async (storageKey) => {
    const { file, statusId, replacedKeys } = await saveDocument(db, session, { ...document, storageKey })
    return { result: ok({ file, statusId }, 'Archivo cargado correctamente'), replacedKeys }
  })
}

export async function attachDictamination(
  { db, fileStore }: Stores,
  session: Session,
  form: { idEvento: number; dictaminacion: 0 | 1; comentario?: string },
  { staged, filename }: ReceivedFile,
) {
  if (!isPdf(staged.head)) throw badRequest(NOT_A_PDF)
  if (session.kind !== 'user') throw forbidden()
  const dictamen = {
    idEvento: form.idEvento,
    nombre: sanitizeOriginalName(filename),
    dictaminacion: form.dictaminacion,
    comentario: trimmedOrNull(form.comentario),
  }
  return withStoredFile(fileStore, staged, 'pdf', async (storageKey) => {
    const { dictamination, statusId, replacedKeys } = await saveDictamination(db, session, { ...dictamen, storageKey })
    return { result: ok({ dictamination, statusId }, 'Dictamen guardado'), replacedKeys }
  })
}

/** The provider's own record must be the form's idProveedor (the claim check proved the claim is assigned to it). */
export async function checkInvoiceProvider(db: Db, session: Session, idProveedor: number): Promise<void> {
  if ((await providerIdOf(db, session)) !== idProveedor) throw forbidden(NOT_YOUR_PROVIDER)
}

export async function attachInvoice(
  { db, fileStore }: Stores,
  session: Session,
  form: { idEvento: number; idProveedor: number },
  { staged, filename }: ReceivedFile,
) {
  await checkInvoiceProvider(db, session, form.idProveedor)
  if (!isPdf(staged.head)) throw badRequest(NOT_A_PDF)
  const nombre = sanitizeOriginalName(filename, 'factura.pdf')
  return withStoredFile(fileStore, staged, 'pdf', async (storageKey) => {
    const { replacedKeys } = await saveInvoice(db, session, { ...form, storageKey, nombre })
    return { result: ok(true, 'Carga de factura exitosa.'), replacedKeys }
  })
}

export async function attachProfilePhoto({ db, fileStore }: Stores, session: Session, { staged }: ReceivedFile) {
  if (session.kind !== 'user') throw forbidden()
  const kind = sniffImage(staged.head)
  if (!kind) throw badRequest(NOT_AN_IMAGE)
  return withStoredFile(fileStore, staged, kind, async (key) => {
    const { replacedKeys } = await setProfilePhoto(db, session.idUser, key)
    return { result: ok({ foto: photoUrl(key) }, 'Foto actualizada'), replacedKeys }
  })
}
