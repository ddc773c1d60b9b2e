/**
 * File calls of the claim process pages (spec section 7, /api/file): the three documents of a claim, their upload
 * (multipart with byte progress), the reviewer's comment on one document, the verification of the three, the
 * dictamen, and the authenticated downloads. Answers are checked by superstruct schemas (the shapes of
 * server/routes/files/schemas.ts).
 */
import { array, enums, nullable, number, optional, string, type, type Infer } from 'superstruct'
import {
  apiCall,
  apiDownload,
  apiUploadCall,
  type ApiResult,
  type DownloadResult,
  type UploadProgress,
} from './client'

/** One document entry (spec 3 'Claim file entry'); tipo arrives as '1' | '2' | '3'. */
export const ClaimFileEntryStruct = type({
  id: optional(number()),
  url: string(),
  status: number(),
  tipo: enums(['1', '2', '3']),
  nombre: string(),
  comentario: nullable(string()),
})
export type ClaimFileEntryAnswer = Infer<typeof ClaimFileEntryStruct>

/** GET /api/file/get-info-by-event/{idEvento}. */
export const DocumentsInfoStruct = type({ files: array(ClaimFileEntryStruct), numSended: number() })
export type DocumentsInfoAnswer = Infer<typeof DocumentsInfoStruct>

/** Answer of an upload or a comment (add-files-to-event): the stored entry and the claim's stage. */
export const FileChangeStruct = type({ file: ClaimFileEntryStruct, statusId: number() })

/** Answer of verify-file: the claim's stage and the three entries. */
export const VerifiedFilesStruct = type({ statusId: number(), files: array(ClaimFileEntryStruct) })

/** GET /api/file/get-dictamination/{idEvento} (spec 3 'Dictamination'), null while there is none. */
export const DictaminationStruct = type({
  nombre: string(),
  url: string(),
  comentario: nullable(string()),
  dictaminacion: enums(['1', '0']),
})
export type DictaminationAnswer = Infer<typeof DictaminationStruct>

export const DictaminationSavedStruct = type({ dictamination: DictaminationStruct, statusId: number() })

/** The file part of each document in the upload form (spec 7: fileOne, fileTwo or fileThree). */
export const DOCUMENT_FIELD = { 1: 'fileOne', 2: 'fileTwo', 3: 'fileThree' } as const
export type DocumentTipoNumber = keyof typeof DOCUMENT_FIELD

export function getDocumentsInfo(idEvento: number, signal?: AbortSignal): Promise<ApiResult<DocumentsInfoAnswer>> {
  return apiCall(`/api/file/get-info-by-event/${idEvento}`, { signal }, DocumentsInfoStruct)
}

/** POST /api/file/add-files-to-event with one document; `onProgress` reports the bytes sent. */
export function uploadClaimDocument(
  input: { idEvento: number; tipo: DocumentTipoNumber; file: Blob; fileName: string },
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<Infer<typeof FileChangeStruct>>> {
  const form = new FormData()
  form.append('idEvento', String(input.idEvento))
  form.append(DOCUMENT_FIELD[input.tipo], input.file, input.fileName)
  return apiUploadCall('/api/file/add-files-to-event', form, options, FileChangeStruct)
}

/**
 * The reviewer's comment on one document: add-files-to-event without a file, naming the document by its url (and
 * tipo), with the chosen status (2–5) and the text. The route is multipart, so the fields travel as a form.
 */
export function sendDocumentComment(
  input: { idEvento: number; tipo: DocumentTipoNumber; fileUrl: string | null; estatus: number; comentario: string },
  signal?: AbortSignal,
): Promise<ApiResult<Infer<typeof FileChangeStruct>>> {
  const form = new FormData()
  form.append('idEvento', String(input.idEvento))
  form.append('tipo', String(input.tipo))
  if (input.fileUrl) form.append('fileUrl', input.fileUrl)
  form.append('estatus', String(input.estatus))
  form.append('comentario', input.comentario)
  return apiCall('/api/file/add-files-to-event', { method: 'POST', body: form, signal }, FileChangeStruct)
}

/** POST /api/file/verify-file: one status (2–5) for each of the three documents. */
export function verifyFiles(
  input: { idEvento: number; preguntas: { tipo: number; idStatus: number }[] },
  signal?: AbortSignal,
): Promise<ApiResult<Infer<typeof VerifiedFilesStruct>>> {
  return apiCall('/api/file/verify-file', { method: 'POST', body: input, signal }, VerifiedFilesStruct)
}

export function getDictamination(idEvento: number, signal?: AbortSignal): Promise<ApiResult<DictaminationAnswer | null>> {
  return apiCall(`/api/file/get-dictamination/${idEvento}`, { signal }, nullable(DictaminationStruct))
}

/** POST /api/file/add-dictamination: the PDF plus approved (1) or rejected (0). */
export function addDictamination(
  input: { idEvento: number; dictaminacion: 1 | 0; file: Blob; fileName: string; comentario?: string },
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<Infer<typeof DictaminationSavedStruct>>> {
  const form = new FormData()
  form.append('idEvento', String(input.idEvento))
  form.append('dictaminacion', String(input.dictaminacion))
  if (input.comentario?.trim()) form.append('comentario', input.comentario.trim())
  form.append('file', input.file, input.fileName)
  return apiUploadCall('/api/file/add-dictamination', form, options, DictaminationSavedStruct)
}

/**
 * Downloads a stored PDF by the `url` an answer gave (/api/file/download/…). The routes need the bearer token, so
 * the browser cannot follow the url by itself.
 */
export function downloadStoredFile(url: string, signal?: AbortSignal): Promise<DownloadResult> {
  return apiDownload(url, { signal })
}
