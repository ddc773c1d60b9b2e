/**
 * The real actors injected into the claim process machines: API calls that RESOLVE with what the machine reads and
 * THROW an `ApiError` (domain/contract/envelope.ts) carrying the server's Spanish `reason` (machines/failureReason.ts
 * reads it) when the call fails. Pages pass these to `machine.provide({ actors })`; tests replace the API underneath.
 */
import { fromRequest } from '../../lib/requestActor'
import type { ByteProgress } from '../uploads/byteProgress'
import {
  assignProvider,
  getClaim,
  getClaimStatusHistory,
  getLetterData,
  getProvidersOfService,
  getServices,
  updateLetter,
  type ClaimRecord,
  type StatusHistory,
} from '../../api/claimProcess'
import { addDictamination, getDictamination, getDocumentsInfo, sendDocumentComment, uploadClaimDocument, verifyFiles } from '../../api/files'
import { ApiError } from '../../../domain/contract/envelope'
import type { DocumentsInfo, UploadTransport } from '../../../machines/claimDocuments.machine'
import type { Dictamination, AttachFileInput, SaveDictaminationInput } from '../../../machines/dictamination.machine'
import type { LetterData, LetterUpdate } from '../../../machines/letterForm.machine'
import type { SendCommentInput } from '../../../machines/comment.machine'
import type { VerifyFilesInput } from '../../../machines/documentVerification.machine'
import type { AssignProviderInput, ProviderOption, ServiceOption } from '../../../machines/assignProvider.machine'
import { NOT_A_PDF } from '../../../machines/uploadFiles'

/** The first bytes of a picked file as text ('%PDF-' for a PDF), so the machines can check the content too. */
export function readHead(file: Blob, length = 5): Promise<string> {
  const head = file.slice(0, length)
  if (typeof head.text === 'function') return head.text()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error)
    reader.readAsText(head)
  })
}

// ---- claim -------------------------------------------------------------------------------------------------

export const loadClaimActor = fromRequest<ClaimRecord, { idEvento: number }>(({ input, signal }) => getClaim(input.idEvento, signal))

/** The stage history is decoration for the timeline: a failure gives an empty history, not an error page. */
export const loadStatusHistoryActor = fromRequest<StatusHistory, { idEvento: number }>(async ({ input, signal }) => {
  try {
    return await getClaimStatusHistory(input.idEvento, signal)
  } catch {
    return []
  }
})

// ---- documents ---------------------------------------------------------------------------------------------

export const loadDocumentsActor = fromRequest<DocumentsInfo, { idEvento: number }>(async ({ input, signal }) =>
  getDocumentsInfo(input.idEvento, signal),
)

/** XMLHttpRequest upload: its `upload.onprogress` bytes drive the machine's progress bar. */
export const uploadTransport: UploadTransport = (request, onProgress, signal) =>
  uploadClaimDocument(
    { idEvento: request.idEvento, tipo: request.tipo, file: request.file, fileName: request.file.name },
    { onProgress: (progress) => onProgress(progress.loaded, progress.total), signal },
  )

export const verifyFilesActor = fromRequest<unknown, VerifyFilesInput>(async ({ input, signal }) => verifyFiles(input, signal))

/** The reviewer's comment on one document (the comment machine's `sendComment`). */
export function sendComment(input: SendCommentInput, signal?: AbortSignal): Promise<unknown> {
  return sendDocumentComment(input, signal)
}

// ---- letter and dictamen -----------------------------------------------------------------------------------

export const loadLetterActor = fromRequest<LetterData, { idEvento: number }>(({ input, signal }) => getLetterData(input.idEvento, signal))

export const saveLetterActor = fromRequest<unknown, { idEvento: number; fields: LetterUpdate }>(({ input, signal }) =>
  updateLetter(input.idEvento, input.fields, signal),
)

export const loadDictaminationActor = fromRequest<Dictamination | null, { idEvento: number }>(async ({ input, signal }) =>
  getDictamination(input.idEvento, signal),
)

/**
 * The attach step of the dictamen: the server takes the PDF and the decision in one multipart request
 * (add-dictamination), so attaching is reading the chosen file and checking it is a PDF by its content before
 * anything is sent; the save step then sends both. A non-PDF renamed to .pdf stops here, before any upload.
 */
export const attachDictaminationFileActor = fromRequest<unknown, AttachFileInput>(async ({ input }) => {
  const head = await readHead(input.file)
  if (!head.startsWith('%PDF-')) throw new ApiError(NOT_A_PDF)
  return { name: input.file.name, size: input.file.size }
})

/** The dictamen as a resumable upload; its bytes go to the card's byte store (issue 22: '1.2 de 3.0 MB'). */
export const saveDictaminationActor = (progress: ByteProgress) =>
  fromRequest<unknown, SaveDictaminationInput>(async ({ input, signal }) => {
    progress.start(input.file.size)
    return addDictamination(
      { idEvento: input.idEvento, dictaminacion: input.dictaminacion, file: input.file, fileName: input.file.name },
      { signal, onProgress: progress.report },
    )
  })

// ---- provider assignment -----------------------------------------------------------------------------------

export const loadServicesActor = fromRequest<ServiceOption[], void>(({ signal }) => getServices(signal))

export const loadProvidersActor = fromRequest<ProviderOption[], { servicio: number }>(({ input, signal }) =>
  getProvidersOfService(input.servicio, signal),
)

export const assignProviderActor = fromRequest<unknown, AssignProviderInput>(({ input, signal }) => assignProvider(input, signal))
