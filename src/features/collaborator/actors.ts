/**
 * The real actors of the collaborator's machines: API calls that RESOLVE with what the machine reads and THROW an
 * `ApiError` carrying the server's Spanish `reason` (machines/failureReason.ts reads it) when the call fails.
 */
import { fromCallback, type EventObject } from 'xstate'
import { fromRequest } from '../../lib/requestActor'
import type { ClaimDocuments } from '../../../machines/collaboratorUpload.machine'
import type { UploadActorEvent, UploadDocumentInput } from '../../../machines/documentUpload.machine'
import { discardDocumentUpload, getCollaboratorClaim, getDocumentsInfo, getStatusHistory, uploadClaimDocument } from '../../api/collaborator'
import type { ClaimOverview, NextStepFacts } from '../../../machines/collaboratorClaim.machine'
import type { ServiceTargets } from '../../../domain/serviceLevels'
import { getServiceTargets } from '../../api/serviceLevels'

/** The claim record and its stage history, together (the card and the timeline read both). */
export const loadOverviewActor = fromRequest<ClaimOverview, { idEvento: number }>(async ({ input, signal }) => {
  const [claim, history] = await Promise.all([getCollaboratorClaim(input.idEvento, signal), getStatusHistory(input.idEvento, signal)])
  return { claim, history }
})

/**
 * The home's overview: the claim and its history, plus what the next step needs (issue 23) — each document's status
 * and the service targets in force.
 */
export const loadHomeOverviewActor = fromRequest<ClaimOverview, { idEvento: number }>(async ({ input, signal }) => {
  const [claim, history, nextStep] = await Promise.all([
    getCollaboratorClaim(input.idEvento, signal),
    getStatusHistory(input.idEvento, signal),
    // The next step is a help, not the claim: if it cannot load, the card still shows the claim.
    loadNextStepFacts(input.idEvento, signal).catch(() => undefined),
  ])
  return nextStep ? { claim, history, nextStep } : { claim, history }
})

async function loadNextStepFacts(idEvento: number, signal: AbortSignal): Promise<NextStepFacts> {
  const [documents, targets] = await Promise.all([getDocumentsInfo(idEvento, signal), getServiceTargets(signal)])
  const statusOf = (tipo: string) => documents.files.find((file) => file.tipo === tipo)?.status ?? 0
  return {
    documents: { '1': statusOf('1'), '2': statusOf('2'), '3': statusOf('3') },
    targets: Object.fromEntries(targets.objetivos.map((target) => [target.statusId, target.diasHabiles])) as unknown as ServiceTargets,
  }
}

export const loadDocumentsActor = fromRequest<ClaimDocuments, { idEvento: number }>(async ({ input, signal }) =>
  getDocumentsInfo(input.idEvento, signal),
)

/**
 * One document, as a resumable upload (tus, src/api/resumableUpload.ts) with real byte progress: the transport under
 * each slot's documentUpload machine (one per slot, so the three run side by side). It reports `upload.dropped`
 * while a dropped connection is retried; `upload.pause` stops sending (the server keeps the bytes) and
 * `upload.resume` sends the rest from the server's offset. The machine stops this actor when it leaves `uploading`
 * (cancel, or a paused upload expired): the upload is cancelled on the server. `onStored` runs after the
 * server kept the file (the page reloads the claim, whose stage the upload may have changed).
 */
export function uploadDocumentActor(onStored?: () => void) {
  return fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack, receive }) => {
    let controller = new AbortController()
    let paused = false
    let settled = false
    const send = (event: UploadActorEvent) => {
      if (!controller.signal.aborted) sendBack(event)
    }
    const start = () => {
      const current = controller
      void uploadClaimDocument(
        { idEvento: input.idEvento, tipo: input.tipo, file: input.file, fileName: input.file.name },
        {
          signal: current.signal,
          keep: () => paused,
          onProgress: ({ loaded, total }) => send({ type: 'upload.progress', loaded, total }),
          onDropped: () => send({ type: 'upload.dropped' }),
        },
      ).then(
        (change) => {
          settled = true
          // Before upload.done: the machine then leaves `uploading`, which stops this actor.
          if (!current.signal.aborted) onStored?.()
          send({ type: 'upload.done', file: change.file })
        },
        // Without a server answer the ApiError's reason is empty: the machine shows its own 'Ocurrió un error al subir
        // el archivo' (spec 8).
        (error: unknown) => {
          if (current.signal.aborted) return
          settled = true
          send({ type: 'upload.failed', error })
        },
      )
    }
    receive((event) => {
      if (event.type === 'upload.pause' && !paused) {
        paused = true
        controller.abort()
      } else if (event.type === 'upload.resume' && paused) {
        paused = false
        controller = new AbortController()
        start()
      }
    })
    start()
    return () => {
      if (settled) return
      // Sending: aborting cancels the upload on the server. Paused: nothing is sending; cancel the kept upload.
      if (paused) void discardDocumentUpload(input.idEvento, input.tipo)
      paused = false
      controller.abort()
    }
  })
}
