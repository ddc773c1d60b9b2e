/**
 * The transactional outbox of issue 14: which stage changes hand a claim to someone, and the notification rows
 * they write. applyClaimEvent (server/domain/claimLifecycle.ts) calls `writeClaimNotifications` with its own `tx`,
 * so a notification exists exactly when the change it announces was committed; a refused change writes none.
 *
 *   → Documentos rechazados (4)                     documentsRejected  → the collaborator (with the comments)
 *   → Validación de documentos (3) by an upload     documentsUploaded  → the executive who owns the claim
 *   Facturación (7) → Factura en revisión (9)       invoiceUploaded    → the executive who owns the claim
 *   provider.assign (5 → 6, or a reassignment 6 → 6) providerAssigned  → the (new) provider
 *   → Trámite concluido (8) / Trámite rechazado (10) claimConcluded / claimRejected → the collaborator and the executive
 *
 * Nobody is notified of their own action (a recipient equal to the actor is skipped). Addresses are fixed when the
 * row is written: the collaborator's is the claim's email (given when the claim was created), the executive's
 * their account's, the provider's the provider record's.
 */
import { isRejectedStage } from '../../domain/claimStages'
import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { claimFiles, claims, notifications, providers, users } from '../db/schema'
import { DOCUMENT_TYPES, isRejectedDocument } from '../../domain/claimStages'
import { ROLE } from '../../domain/roles'
import type { NotificationAudience, NotificationDetails } from '../../domain/notifications'
import type { ClaimLifecycleEvent, DocumentStatuses } from '../../machines/claimLifecycle.machine'
import { notificationLink, notificationTexts, type ClaimNotificationKind } from './messages'

type RecipientRole = 'collaborator' | 'executive' | 'provider'

export interface PlannedNotification {
  kind: ClaimNotificationKind
  to: RecipientRole[]
}

/** The notifications a stage change (from → to, by event) writes. Pure: the table above, as code. */
export function plannedNotifications(from: number, to: number, event: ClaimLifecycleEvent): PlannedNotification[] {
  if (event.type === 'provider.assign') return [{ kind: 'providerAssigned', to: ['provider'] }]
  if (from === to) return []
  if (to === 4) return [{ kind: 'documentsRejected', to: ['collaborator'] }]
  if (to === 3 && event.type === 'document.upload') return [{ kind: 'documentsUploaded', to: ['executive'] }]
  if (to === 9) return [{ kind: 'invoiceUploaded', to: ['executive'] }]
  if (to === 8) return [{ kind: 'claimConcluded', to: ['collaborator', 'executive'] }]
  if (isRejectedStage(to)) return [{ kind: 'claimRejected', to: ['collaborator', 'executive'] }]
  return []
}

interface Recipient {
  key: string
  email: string
  audience: NotificationAudience
}

async function recipientOf(tx: Tx, idEvento: number, role: RecipientRole): Promise<Recipient | null> {
  const [claim] = await tx
    .select({ idColaborador: claims.idColaborador, email: claims.email, idEjecutivo: claims.idEjecutivo, idProveedor: claims.idProveedor })
    .from(claims)
    .where(eq(claims.idEvento, idEvento))
  if (!claim) return null
  if (role === 'collaborator') return { key: `colaborador:${claim.idColaborador}`, email: claim.email, audience: 'collaborator' }
  if (role === 'executive') {
    const [owner] = await tx.select({ email: users.email, rol: users.rol }).from(users).where(eq(users.idUser, claim.idEjecutivo))
    if (!owner) return null
    return { key: `user:${claim.idEjecutivo}`, email: owner.email, audience: owner.rol === ROLE.admin ? 'admin' : 'executive' }
  }
  if (claim.idProveedor === null) return null
  const [provider] = await tx
    .select({ userId: providers.userId, email: providers.email })
    .from(providers)
    .where(eq(providers.idProveedor, claim.idProveedor))
  return provider ? { key: `user:${provider.userId}`, email: provider.email, audience: 'provider' } : null
}

/** The rejected documents (after the event) with the comment stored on each. */
async function rejectedDocuments(tx: Tx, idEvento: number, documents: DocumentStatuses) {
  const rejected = DOCUMENT_TYPES.filter((d) => isRejectedDocument(documents[`${d.tipo}`]))
  if (rejected.length === 0) return []
  const rows = await tx
    .select({ tipo: claimFiles.tipo, comentario: claimFiles.comentario })
    .from(claimFiles)
    .where(and(eq(claimFiles.idEvento, idEvento), inArray(claimFiles.tipo, rejected.map((d) => d.tipo))))
  const comments = new Map(rows.map((row) => [row.tipo, row.comentario]))
  return rejected.map((d) => ({ nombre: d.nombre, comentario: comments.get(d.tipo) ?? null }))
}

/**
 * Writes the notifications of one stage change in the caller's transaction. The caller must already have written
 * what the notification names: the claim's provider (assignment) and the reviewer's comments (claim_files).
 */
export async function writeClaimNotifications(
  tx: Tx,
  change: { idEvento: number; from: number; to: number; event: ClaimLifecycleEvent; actor: string; documents: DocumentStatuses },
): Promise<number> {
  const planned = plannedNotifications(change.from, change.to, change.event)
  let written = 0
  for (const { kind, to } of planned) {
    const documentos = kind === 'documentsRejected' ? await rejectedDocuments(tx, change.idEvento, change.documents) : undefined
    for (const role of to) {
      const recipient = await recipientOf(tx, change.idEvento, role)
      if (!recipient || recipient.key === change.actor) continue
      const texts = notificationTexts(kind, change.idEvento)
      const details: NotificationDetails = { audience: recipient.audience, ...(documentos ? { documentos } : {}) }
      await tx.insert(notifications).values({
        idEvento: change.idEvento,
        kind,
        recipient: recipient.key,
        email: recipient.email,
        subject: texts.subject,
        message: texts.message,
        link: notificationLink(recipient.audience, change.idEvento),
        details,
      })
      written++
    }
  }
  return written
}
