/**
 * Row-level policy for claims, shared by every route that touches one:
 * - administrators read and change every claim; the retail partner reads every claim and changes none;
 * - an executive reads and changes only the claims that executive created;
 * - a collaborator reads and changes only the claim of the session;
 * - a provider reads and changes only the claims assigned to that provider.
 * Which changes a role may make at all is the route's role list; this only decides "whose row is it".
 */
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { claims, providers } from '../db/schema'
import { ROLE, type Session } from './roles'
import { forbidden, notFound } from '../lib/errors'
import { mayOpenClaim } from '../../domain/roles'

export type ClaimRow = typeof claims.$inferSelect
export type AccessMode = 'read' | 'write'

export const CLAIM_NOT_FOUND = 'No se encontró el trámite'
export const CLAIM_FORBIDDEN = 'No tiene permiso sobre este trámite'

/** The provider record id of a provider session, or null. */
export async function providerIdOf(db: Db | Tx, session: Session): Promise<number | null> {
  if (session.kind !== 'user' || session.rol !== ROLE.provider) return null
  const [row] = await db.select({ id: providers.idProveedor }).from(providers).where(eq(providers.userId, session.idUser))
  return row?.id ?? null
}

export async function canAccessClaim(db: Db | Tx, session: Session, claim: ClaimRow, mode: AccessMode): Promise<boolean> {
  if (session.kind === 'collaborator') return session.idEvento === claim.idEvento && session.idColaborador === claim.idColaborador
  switch (session.rol) {
    case ROLE.admin:
      return true
    case ROLE.partner:
      return mode === 'read'
    case ROLE.executive:
      return mayOpenClaim(session, claim.idEjecutivo)
    case ROLE.provider: {
      const idProveedor = await providerIdOf(db, session)
      return idProveedor !== null && claim.idProveedor === idProveedor
    }
  }
}

/** Loads the claim or answers 404; answers 403 when the session may not touch it in this mode. */
export async function loadClaimFor(db: Db | Tx, session: Session, idEvento: number, mode: AccessMode): Promise<ClaimRow> {
  const [claim] = await db.select().from(claims).where(eq(claims.idEvento, idEvento))
  if (!claim) throw notFound(CLAIM_NOT_FOUND)
  if (!(await canAccessClaim(db, session, claim, mode))) throw forbidden(CLAIM_FORBIDDEN)
  return claim
}
