/**
 * What a resumable upload is for: its `Upload-Metadata`, checked against the contract (domain/contract/uploads.ts)
 * and read as typed values, and whether its creator may make it. The rule is asked twice: when the upload is created
 * (so a refused upload never sends a byte) and again when its last byte arrives (the claim may have moved on while
 * it was sending); at completion the domain service's own transaction asks the lifecycle a last time.
 */
import { Check } from 'typebox/value'
import type { Db } from '../../db/client'
import { ROLE, type RoleName, type Session } from '../../auth/roles'
import { loadClaimFor } from '../../auth/claimAccess'
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors'
import { loadDocumentStatuses } from '../claimLifecycle'
import { claimActionOffer, documentUploadOffer, type ClaimActionOffer } from '../../../machines/claimActions'
import { NOT_A_PDF, NOT_AN_IMAGE } from '../../../domain/fileReasons'
import { UploadMetadata, UPLOAD_CALLS, type UploadCall } from '../../../domain/contract/uploads'
import type { DocumentTipo } from '../../../domain/contract/files'
import { checkInvoiceProvider } from './attachFile'

export type UploadIntent =
  | { call: 'add-files-to-event'; idEvento: number; tipo: DocumentTipo; comentario?: string; filename: string }
  | { call: 'add-dictamination'; idEvento: number; dictaminacion: 0 | 1; comentario?: string; filename: string }
  | { call: 'add-invoice-to-event'; idEvento: number; idProveedor: number; filename: string }
  | { call: 'image-profile'; filename: string }

const INVALID_METADATA = 'Los datos de la carga (Upload-Metadata) no son válidos'
const FILE_TOO_LARGE = 'El archivo excede el tamaño permitido'

/** Who may make each call: the roles of its multipart route (server/routes/files/). */
const CALL_ROLES: Record<UploadCall, readonly RoleName[]> = {
  'add-files-to-event': ['executive', 'admin', 'collaborator'],
  'add-dictamination': ['executive', 'admin'],
  'add-invoice-to-event': ['provider'],
  'image-profile': ['executive', 'admin', 'provider', 'partner'],
}

/** The metadata as typed values, or a 400 that names what is wrong. */
export function intentOf(metadata: Record<string, string | null> | undefined): UploadIntent {
  const raw = Object.fromEntries(Object.entries(metadata ?? {}).filter(([, value]) => value !== null))
  if (typeof raw.call !== 'string') throw badRequest('Campo requerido en Upload-Metadata: call')
  if (!(UPLOAD_CALLS as readonly string[]).includes(raw.call)) throw badRequest(`Llamada desconocida en Upload-Metadata: ${raw.call}`)
  if (!Check(UploadMetadata, raw)) throw badRequest(INVALID_METADATA)
  switch (raw.call) {
    case 'add-files-to-event':
      return { call: raw.call, idEvento: Number(raw.idEvento), tipo: Number(raw.tipo) as DocumentTipo, comentario: raw.comentario, filename: raw.filename }
    case 'add-dictamination': {
      const decision = raw.dictaminacion ?? raw.estatus
      if (decision === undefined) throw badRequest('Campo requerido en Upload-Metadata: dictaminacion')
      return { call: raw.call, idEvento: Number(raw.idEvento), dictaminacion: decision === '1' ? 1 : 0, comentario: raw.comentario, filename: raw.filename }
    }
    case 'add-invoice-to-event':
      return { call: raw.call, idEvento: Number(raw.idEvento), idProveedor: Number(raw.idProveedor), filename: raw.filename }
    case 'image-profile':
      return { call: raw.call, filename: raw.filename }
  }
}

const roleOf = (session: Session): RoleName =>
  session.kind === 'collaborator' ? 'collaborator' : ((Object.keys(ROLE) as RoleName[]).find((name) => ROLE[name] === session.rol) ?? 'partner')

function refuseUnless(offer: ClaimActionOffer): void {
  if (!offer.available) throw conflict(offer.reason)
}

/** The declared type must be the call's: a PDF, or a photo for the profile (the bytes are checked at the end). */
function checkDeclaredType(call: UploadCall, filetype: string | undefined): void {
  if (!filetype) return
  if (call === 'image-profile') {
    if (!/^image\/(jpeg|png|webp)$/.test(filetype)) throw badRequest(NOT_AN_IMAGE)
  } else if (filetype !== 'application/pdf') {
    throw badRequest(NOT_A_PDF)
  }
}

/**
 * Whether `session` may make this upload now: the call's roles (403), the claim's owner (404/403, as the routes), the
 * claim's stage (409 with the lifecycle's reason), the file's declared type (400) and size (413).
 */
export async function authorizeUpload(
  db: Db,
  session: Session,
  intent: UploadIntent,
  file: { size: number | undefined; filetype?: string; maxBytes: number },
): Promise<void> {
  if (!CALL_ROLES[intent.call].includes(roleOf(session))) throw forbidden()
  checkDeclaredType(intent.call, file.filetype)
  if (file.size !== undefined && file.size > file.maxBytes) throw new AppError(413, FILE_TOO_LARGE)
  if (intent.call === 'image-profile') return
  const claim = await loadClaimFor(db, session, intent.idEvento, 'write')
  switch (intent.call) {
    case 'add-files-to-event':
      return db.transaction(async (tx) =>
        refuseUnless(documentUploadOffer(claim.statusId, await loadDocumentStatuses(tx, intent.idEvento), intent.tipo)),
      )
    case 'add-dictamination':
      return refuseUnless(claimActionOffer('dictamenSave', claim.statusId))
    case 'add-invoice-to-event':
      await checkInvoiceProvider(db, session, intent.idProveedor)
      return refuseUnless(claimActionOffer('invoiceUpload', claim.statusId))
  }
}

/** The owner key of an upload: the user, or the collaborator in the claim of the session. */
export const ownerOf = (session: Session): string =>
  session.kind === 'collaborator' ? `c:${session.idColaborador}:${session.idEvento}` : `u:${session.idUser}`
