/**
 * The authorization letter as a PDF (GET /api/event/letter-pdf/{idEvento}, a file call of the contract): its
 * address for the viewer, and its download. The server answers 409 with a Spanish reason until the dictamen is
 * approved; the download then resolves to that failure.
 */
import { pathOf } from '../../domain/contract/call'
import { eventCalls } from '../../domain/contract/claims'
import { apiDownload, type DownloadResult } from './client'

export const letterPdfPath = (idEvento: number): string => pathOf(eventCalls.letterPdf, { idEvento })

export function downloadLetterPdf(idEvento: number, signal?: AbortSignal): Promise<DownloadResult> {
  return apiDownload(letterPdfPath(idEvento), { signal })
}
