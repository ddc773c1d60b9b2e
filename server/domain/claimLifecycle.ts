/**
 * The one place where a claim's stage changes on the server.
 *
 * Contract for every caller (claim routes, file routes, scripts):
 * - Call `applyClaimEvent(tx, { idEvento, event, actor })` INSIDE your own `db.transaction(async (tx) => …)`, with
 *   the `tx` of that transaction, together with the rows your action writes (file row, dictamen, invoice…). If it
 *   throws, let the error escape so your transaction rolls back: nothing of the action is written.
 * - It locks the claim row (`FOR UPDATE`), loads its stage and its documents' statuses from claim_files, and asks
 *   the lifecycle machine (machines/claimLifecycle.machine.ts) for the next stage.
 * - Illegal for the current stage → throws `conflict` (409) 'El trámite C{id} está en «{stage}» y no admite esta
 *   acción' ('Documento verificado: ya no se reemplaza.' for an upload over a verified document); unknown claim →
 *   `notFound` (404).
 * - Stage changed → updates claims.status_id / updated_at, inserts one status_history row (status, fecha, actor) and
 *   stores the stay it ends in stage_stays (server/domain/stageStays.ts).
 *   Stage unchanged (e.g. a letter save) → writes nothing (but a provider reassignment's notification).
 * - Notifications (issue 14): a change that hands the claim to someone also writes its outbox rows in the same `tx`
 *   (server/notifications/outbox.ts: documents rejected, all three uploaded, invoice uploaded, provider assigned —
 *   also a reassignment, which keeps the stage —, claim concluded or rejected). They read the claim as the caller
 *   left it, so write the rows a notification names BEFORE calling: the claim's provider (assignment) and the
 *   reviewer's comments (claim_files).
 * - Live updates (issue 21): every call, stage changed or not, announces the claim on the bus in the same `tx`
 *   (server/live/claimChanges.ts), so the event streams of every instance hear of it when the change commits
 *   (everything the transaction wrote, before or after this call, is then readable). It names who may hear of it
 *   by the claim's executive, collaborator and provider as they are at this call.
 * - It never writes claim_files: the caller does. The machine's document actions are plain assignments (upload sets
 *   that document to 1, verify/comment set the given codes), so a review may write its claim_files rows before or
 *   after this call; an upload calls it BEFORE writing its row, because the upload's guard reads whether the
 *   document it replaces was verified (a verified document is not replaced).
 * - `actor` is 'user:{idUser}' or 'colaborador:{idColaborador}'; use `actorOf(session)` (server/auth/actor.ts).
 * Returns `{ statusId, changed }` (the stage after the event).
 */
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { claimFiles, claims, statusHistory } from '../db/schema'
import { conflict, notFound } from '../lib/errors'
import { CLAIM_NOT_FOUND } from '../auth/claimAccess'
import { writeClaimNotifications } from '../notifications/outbox'
import { announceClaimChange } from '../live/claimChanges'
import { recordStageStays } from './stageStays'
import { recordStageClock } from './serviceLevels/clocks'
import { CLAIM_STAGES } from '../../domain/claimStages'
import {
  NO_DOCUMENTS,
  nextClaimStage,
  type ClaimLifecycleEvent,
  type DocumentStatuses,
} from '../../machines/claimLifecycle.machine'
import { CLAIM_ACTION_REASONS, documentUploadOffer } from '../../machines/claimActions'

export type { ClaimLifecycleEvent } from '../../machines/claimLifecycle.machine'

export function stageName(statusId: number): string {
  return (CLAIM_STAGES as Record<number, string>)[statusId] ?? `etapa ${statusId}`
}

function illegalEventReason(idEvento: number, statusId: number): string {
  return `El trámite C${idEvento} está en «${stageName(statusId)}» y no admite esta acción`
}

/**
 * Why the lifecycle refuses the event: the app's own words where it shows a reason for the same refusal (a verified
 * document is not replaced: machines/claimActions.ts), else which stage does not admit the action.
 */
function refusalReason(idEvento: number, statusId: number, documents: DocumentStatuses, event: ClaimLifecycleEvent): string {
  if (event.type === 'document.upload') {
    const offer = documentUploadOffer(statusId, documents, event.tipo)
    if (!offer.available && offer.reason === CLAIM_ACTION_REASONS.verifiedDocument) return offer.reason
  }
  return illegalEventReason(idEvento, statusId)
}

/** What the lifecycle reads of each claim_files row, with what an upload needs of the row it replaces (id, key). */
type ClaimFileState = Pick<typeof claimFiles.$inferSelect, 'id' | 'tipo' | 'status' | 'storageKey'>

async function loadClaimFileStates(tx: Tx, idEvento: number): Promise<ClaimFileState[]> {
  return tx
    .select({ id: claimFiles.id, tipo: claimFiles.tipo, status: claimFiles.status, storageKey: claimFiles.storageKey })
    .from(claimFiles)
    .where(eq(claimFiles.idEvento, idEvento))
}

function documentStatusesOf(rows: readonly ClaimFileState[]): DocumentStatuses {
  const documents: DocumentStatuses = { ...NO_DOCUMENTS }
  for (const row of rows) if (row.tipo === 1 || row.tipo === 2 || row.tipo === 3) documents[row.tipo] = row.status
  return documents
}

/** The three documents' statuses of a claim (0 for a document not uploaded yet). */
export async function loadDocumentStatuses(tx: Tx, idEvento: number): Promise<DocumentStatuses> {
  return documentStatusesOf(await loadClaimFileStates(tx, idEvento))
}

export async function applyClaimEvent(
  tx: Tx,
  args: { idEvento: number; event: ClaimLifecycleEvent; actor: string },
): Promise<{ statusId: number; changed: boolean }> {
  const { statusId, changed } = await applyClaimEventReadingFiles(tx, args)
  return { statusId, changed }
}

/**
 * `applyClaimEvent`, also returning the claim's claim_files rows as it read them under the lock, before the event
 * (the caller's writes after the call are not in them): an upload finds there the row it replaces, which spares it
 * a lock and a read of its own.
 */
export async function applyClaimEventReadingFiles(
  tx: Tx,
  args: { idEvento: number; event: ClaimLifecycleEvent; actor: string },
): Promise<{ statusId: number; changed: boolean; files: ClaimFileState[] }> {
  const { idEvento, event, actor } = args
  // The lock also reads who the claim belongs to: the bus announcement names them, and nothing below changes them.
  const [claim] = await tx
    .select({
      statusId: claims.statusId,
      idColaborador: claims.idColaborador,
      idEjecutivo: claims.idEjecutivo,
      idProveedor: claims.idProveedor,
    })
    .from(claims)
    .where(eq(claims.idEvento, idEvento))
    .for('update')
  if (!claim) throw notFound(CLAIM_NOT_FOUND)
  const { idColaborador, idEjecutivo, idProveedor } = claim
  const owners = { idEvento, idColaborador, idEjecutivo, idProveedor }

  // Read under the lock; applyClaimEventReadingFiles hands them to its caller too.
  const files = await loadClaimFileStates(tx, idEvento)
  const documents = documentStatusesOf(files)
  const next = nextClaimStage(claim.statusId, documents, event)
  if (!next) throw conflict(refusalReason(idEvento, claim.statusId, documents, event))
  const change = { idEvento, from: claim.statusId, to: next.statusId, event, actor, documents: next.documents }
  if (next.statusId === claim.statusId) {
    // A provider reassigned in a stage that waits on the provider moves the claim to the new provider's queue.
    if (event.type === 'provider.assign') await recordStageClock(tx, idEvento)
    await writeClaimNotifications(tx, change)
    await announceClaimChange(tx, { ...owners, statusId: claim.statusId })
    return { statusId: claim.statusId, changed: false, files }
  }

  await tx.update(claims).set({ statusId: next.statusId, updatedAt: sql`now()` }).where(eq(claims.idEvento, idEvento))
  await tx.insert(statusHistory).values({ idEvento, statusId: next.statusId, actor })
  // The stay the new row ends, for the report statistics (same transaction: a refused change stores nothing).
  await recordStageStays(tx, sql`c.id_evento = ${idEvento}`)
  // The new stage's service-level clock (issue 23), or none when it waits on the collaborator or is final.
  await recordStageClock(tx, idEvento)
  await writeClaimNotifications(tx, change)
  await announceClaimChange(tx, { ...owners, statusId: next.statusId })
  return { statusId: next.statusId, changed: true, files }
}
