/**
 * File calls of the claim process pages (spec section 7, /api/file): the three documents of a claim, their upload
 * (a resumable tus upload with byte progress, src/api/resumableUpload.ts), the reviewer's comment on one document, the verification of the three, the
 * dictamen, and the authenticated downloads. Each goes through its call in domain/contract/files.ts: it resolves
 * with the checked answer and throws an `ApiError` with the server's reason.
 */
import {
  fileCalls,
  type Dictamination,
  type DictaminationSaved,
  type DocumentTipo,
  type DocumentsInfo,
  type FileChange,
  type VerifiedFiles,
  type VerifyFiles,
} from '../../domain/contract/files'
import { changesClaim, readClaimPart } from './serverState'
import { callApi, callForm, downloadFile, type DownloadedFile } from './client'
import { discardPending, sendResumable, type ResumableOptions } from './resumableUpload'

/** Byte progress, cancellation (or pause: `keep`), a dropped connection, and the slot's key for resuming after a closed tab. */
type UploadOptions = ResumableOptions

export function getDocumentsInfo(idEvento: number, signal?: AbortSignal): Promise<DocumentsInfo> {
  return readClaimPart(idEvento, 'documents', () => callApi(fileCalls.documents, { params: { idEvento } }))
}

/** The localStorage key of a claim document's unfinished upload (resumableUpload.ts). */
export const documentResumeKey = (idEvento: number, tipo: DocumentTipo) => `C${idEvento}:documento-${tipo}`

/** Cancels a document's paused upload on the server (its bytes go) and forgets it here. */
export const discardDocumentUpload = (idEvento: number, tipo: DocumentTipo): Promise<void> => discardPending(documentResumeKey(idEvento, tipo))

/**
 * One document, as add-files-to-event stores it, sent as a resumable upload (tus); `onProgress` reports the bytes
 * the server has.
 */
export function uploadClaimDocument(
  input: { idEvento: number; tipo: DocumentTipo; file: Blob; fileName: string },
  options: UploadOptions = {},
): Promise<FileChange> {
  const metadata = {
    call: 'add-files-to-event',
    idEvento: String(input.idEvento),
    tipo: String(input.tipo) as '1' | '2' | '3',
    filename: input.fileName,
    filetype: 'application/pdf',
  } as const
  return changesClaim(
    input.idEvento,
    sendResumable(fileCalls.addFiles, metadata, input.file, { resumeKey: documentResumeKey(input.idEvento, input.tipo), ...options }),
  )
}

/**
 * The reviewer's comment on one document: add-files-to-event without a file, naming the document by its url (and
 * tipo), with the chosen status (2–5) and the text. The route is multipart, so the fields travel as a form.
 */
export function sendDocumentComment(
  input: { idEvento: number; tipo: DocumentTipo; fileUrl: string | null; estatus: number; comentario: string },
  signal?: AbortSignal,
): Promise<FileChange> {
  const { idEvento, tipo, estatus, comentario } = input
  const form = { idEvento, tipo, fileUrl: input.fileUrl ?? undefined, estatus: String(estatus), comentario }
  return changesClaim(idEvento, callForm(fileCalls.addFiles, { form }, { signal }))
}

/** POST /api/file/verify-file: one status (2–5) for each of the three documents. */
export function verifyFiles(input: VerifyFiles, signal?: AbortSignal): Promise<VerifiedFiles> {
  return changesClaim(input.idEvento, callApi(fileCalls.verifyFiles, { body: input }, { signal }))
}

/** The claim's dictamen, or null while there is none. */
export function getDictamination(idEvento: number, signal?: AbortSignal): Promise<Dictamination | null> {
  return readClaimPart(idEvento, 'dictamination', () => callApi(fileCalls.dictamination, { params: { idEvento } }))
}

/** POST /api/file/add-dictamination: the PDF plus approved (1) or rejected (0). */
export function addDictamination(
  input: { idEvento: number; dictaminacion: 1 | 0; file: Blob; fileName: string; comentario?: string },
  options: UploadOptions = {},
): Promise<DictaminationSaved> {
  const comentario = input.comentario?.trim() || undefined
  const metadata = {
    call: 'add-dictamination',
    idEvento: String(input.idEvento),
    dictaminacion: input.dictaminacion === 1 ? '1' : '0',
    filename: input.fileName,
    filetype: 'application/pdf',
    ...(comentario ? { comentario } : {}),
  } as const
  return changesClaim(
    input.idEvento,
    sendResumable(fileCalls.addDictamination, metadata, input.file, { resumeKey: `C${input.idEvento}:dictamen`, ...options }),
  )
}

/**
 * Downloads a stored PDF by the `url` an answer gave (/api/file/download/…). The routes need the bearer token, so
 * the browser cannot follow the url by itself.
 */
export function downloadStoredFile(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadFile(url, { signal })
}
