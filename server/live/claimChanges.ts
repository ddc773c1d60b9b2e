/**
 * What the bus says when a claim changes (channel `claimChanged`, server/bus/bus.ts), written by the transaction that
 * changed it: applyClaimEvent (server/domain/claimLifecycle.ts) — through which every change of a claim passes —
 * and the creation of a claim. Sent inside the transaction, it reaches the event streams of every instance when,
 * and only if, the change commits.
 *
 * The message carries the ids the read's authorization looks at (server/auth/claimAccess.ts `claimAllowedFor`), as
 * they are after the change, so each stream decides who may hear of it without a query per listener.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { claims } from '../db/schema'
import type { ClaimOwners } from '../auth/claimAccess'
import { BUS_CHANNELS, publish } from '../bus/bus'

export interface ClaimChange extends ClaimOwners {
  /** The event id browsers send back as Last-Event-ID: unique, made by the instance that made the change. */
  id: string
  statusId: number
}

/** A unique event id: the time (so ids read roughly in order in a log) and random bytes. */
const newEventId = () => `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`

/** Announces the claim as the transaction left it (call it after the claim's rows are written). */
export async function publishClaimChange(tx: Tx, idEvento: number): Promise<void> {
  const [row] = await tx
    .select({
      idEvento: claims.idEvento,
      statusId: claims.statusId,
      idColaborador: claims.idColaborador,
      idEjecutivo: claims.idEjecutivo,
      idProveedor: claims.idProveedor,
    })
    .from(claims)
    .where(eq(claims.idEvento, idEvento))
  if (row) await announceClaimChange(tx, row)
}

/**
 * The same announcement for a caller that already holds the claim as the transaction leaves it (applyClaimEvent reads
 * these ids with its `FOR UPDATE` lock, and nothing after it changes them): one statement less on every change.
 */
export async function announceClaimChange(tx: Tx, claim: Omit<ClaimChange, 'id'>): Promise<void> {
  const { idEvento, statusId, idColaborador, idEjecutivo, idProveedor } = claim
  const change: ClaimChange = { id: newEventId(), idEvento, statusId, idColaborador, idEjecutivo, idProveedor }
  await publish(tx, BUS_CHANNELS.claimChanged, JSON.stringify(change))
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value)

/** A bus payload back as a ClaimChange, or null when it is not one (nothing else writes the channel, but it is text). */
export function parseClaimChange(payload: string): ClaimChange | null {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'string' || !isInt(v.idEvento) || !isInt(v.statusId) || !isInt(v.idColaborador) || !isInt(v.idEjecutivo)) return null
  if (v.idProveedor !== null && !isInt(v.idProveedor)) return null
  return { id: v.id, idEvento: v.idEvento, statusId: v.statusId, idColaborador: v.idColaborador, idEjecutivo: v.idEjecutivo, idProveedor: v.idProveedor }
}
