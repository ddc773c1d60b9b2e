/**
 * File calls of the claim process pages (spec section 7, /api/file): the three documents of a claim, their upload
 * (multipart with byte progress), the reviewer's comment on one document, the verification of the three, the
 * dictamen, and the authenticated downloads. Each goes through its call in domain/contract/files.ts: it resolves
 * with the checked answer and throws an `ApiError` with the server's reason.
 */
import {
  DOCUMENT_FILE_PART,
  FILE_PART,
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
import { callApi, callForm, callUpload, downloadFile, type DownloadedFile, type UploadProgress } from './client'

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

export function getDocumentsInfo(idEvento: number, signal?: AbortSignal): Promise<DocumentsInfo> {
  return readClaimPart(idEvento, 'documents', () => callApi(fileCalls.documents, { params: { idEvento } }))
}

/** POST /api/file/add-files-to-event with one document; `onProgress` reports the bytes sent. */
export function uploadClaimDocument(
  input: { idEvento: number; tipo: DocumentTipo; file: Blob; fileName: string },
  options: UploadOptions = {},
): Promise<FileChange> {
  return changesClaim(
    input.idEvento,
    callUpload(
      fileCalls.addFiles,
      { form: { idEvento: input.idEvento }, file: { part: DOCUMENT_FILE_PART[input.tipo], blob: input.file, name: input.fileName } },
      options,
    ),
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
  return changesClaim(
    input.idEvento,
    callUpload(
      fileCalls.addDictamination,
      {
        form: { idEvento: input.idEvento, dictaminacion: input.dictaminacion, comentario },
        file: { part: FILE_PART, blob: input.file, name: input.fileName },
      },
      options,
    ),
  )
}

/**
 * Downloads a stored PDF by the `url` an answer gave (/api/file/download/…). The routes need the bearer token, so
 * the browser cannot follow the url by itself.
 */
export function downloadStoredFile(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadFile(url, { signal })
}
