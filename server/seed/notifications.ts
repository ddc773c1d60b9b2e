/**
 * A few demo notifications (issue 14), so the bells and /administrador/notificaciones are not empty on a fresh
 * start. They are written by the outbox itself (server/notifications/outbox.ts) for the last stage change of a few
 * seed claims — the demo executive's and the demo provider's first — and stored as 'kept': demo addresses are never mailed, even when
 * SMTP_URL is set.
 */
import type { Tx } from '../db/client'
import { notifications } from '../db/schema'
import { writeClaimNotifications } from '../notifications/outbox'
import type { ClaimLifecycleEvent, DocumentStatuses } from '../../machines/claimLifecycle.machine'
import { DEMO_PROVIDER_ID, DEMO_USER_IDS, type PlanClaim } from './plan'

/** The stage changes to announce: (from → to) and the event that made it, and how many claims of each. */
const DEMO_CHANGES: { from: number; to: number; event: ClaimLifecycleEvent; claims: number }[] = [
  { from: 3, to: 4, event: { type: 'document.comment', tipo: 2, status: 3 }, claims: 2 },
  { from: 2, to: 3, event: { type: 'document.upload', tipo: 3 }, claims: 2 },
  { from: 5, to: 6, event: { type: 'provider.assign' }, claims: 2 },
  { from: 7, to: 9, event: { type: 'invoice.upload' }, claims: 2 },
  { from: 9, to: 8, event: { type: 'invoice.approve' }, claims: 1 },
  { from: 6, to: 10, event: { type: 'dictamen.save', approved: false }, claims: 1 },
]

/** Claims of the demo executive and the demo provider first, so their bells have something to show. */
const demoScore = (claim: PlanClaim) =>
  Number(claim.idEjecutivo === DEMO_USER_IDS.executive) + Number(claim.idProveedor === DEMO_PROVIDER_ID)

/** Runs inside the seed's transaction on an empty database: every notification row is the seed's own. */
export async function insertDemoNotifications(tx: Tx, claims: readonly PlanClaim[]): Promise<number> {
  let written = 0
  for (const change of DEMO_CHANGES) {
    const inStage = claims
      .filter((c) => c.statusId === change.to)
      .sort((a, b) => demoScore(b) - demoScore(a))
      .slice(0, change.claims)
    for (const claim of inStage) {
      const documents: DocumentStatuses = { '1': 0, '2': 0, '3': 0 }
      for (const file of claim.files) documents[`${file.tipo}` as keyof DocumentStatuses] = file.status
      const { idEvento } = claim
      written += await writeClaimNotifications(tx, { idEvento, from: change.from, to: change.to, event: change.event, actor: 'seed', documents })
    }
  }
  await tx.update(notifications).set({ delivery: 'kept' })
  return written
}
