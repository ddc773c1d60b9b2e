/**
 * Row-level policy for claims, shared by every route that touches one:
 * - administrators read and change every claim; the retail partner reads every claim and changes none;
 * - an executive reads and changes only the claims that executive created;
 * - a collaborator reads and changes only the claim of the session;
 * - a provider reads and changes only the claims assigned to that provider.
 * Which changes a role may make at all is the route's role list; this only decides "whose row is it".
 *
 * The rule is written twice, side by side below: in TypeScript (`claimAllowedFor`, on a loaded row) and in SQL
 * (`claimAllowedSql` with `claimAccessParams`), for the by-id read, which asks for the record and the answer in one
 * query. tests/server/claimById.test.ts checks that both give every caller the same answer.
 */
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
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

/** What the rule reads of a claim row (the event stream gets them with each change, server/live/). */
export type ClaimOwners = Pick<ClaimRow, 'idEvento' | 'idColaborador' | 'idEjecutivo' | 'idProveedor'>

async function canAccessClaim(db: Db | Tx, session: Session, claim: ClaimOwners, mode: AccessMode): Promise<boolean> {
  return claimAllowedFor(session, await providerIdOf(db, session), claim, mode)
}

/**
 * The rule on a loaded row, for a caller that already read the provider record of a provider session
 * (`providerIdOf`, null for every other session): the event stream reads it once per connection.
 */
export function claimAllowedFor(session: Session, sessionProviderId: number | null, claim: ClaimOwners, mode: AccessMode): boolean {
  if (session.kind === 'collaborator') return session.idEvento === claim.idEvento && session.idColaborador === claim.idColaborador
  switch (session.rol) {
    case ROLE.admin:
      return true
    case ROLE.partner:
      return mode === 'read'
    case ROLE.executive:
      return mayOpenClaim(session, claim.idEjecutivo)
    case ROLE.provider:
      return sessionProviderId !== null && claim.idProveedor === sessionProviderId
  }
}

/** Loads the claim or answers 404; answers 403 when the session may not touch it in this mode. */
export async function loadClaimFor(db: Db | Tx, session: Session, idEvento: number, mode: AccessMode): Promise<ClaimRow> {
  const [claim] = await db.select().from(claims).where(eq(claims.idEvento, idEvento))
  if (!claim) throw notFound(CLAIM_NOT_FOUND)
  if (!(await canAccessClaim(db, session, claim, mode))) throw forbidden(CLAIM_FORBIDDEN)
  return claim
}

/**
 * The values `claimAllowedSql` reads, from the session: each is null unless the session's role uses it, so exactly
 * one branch of the SQL can be true. Same rule as `canAccessClaim`.
 */
export interface ClaimAccessParams {
  [name: string]: unknown
  /** Administrators; the partner when only reading. */
  allowAll: boolean
  /** An executive: the claims this user created. */
  executiveId: number | null
  /** A collaborator: the claim of the session, if it is the collaborator's. */
  collaboratorEventId: number | null
  collaboratorId: number | null
  /** A provider: the claims assigned to the provider record whose account this user is. */
  providerUserId: number | null
}

export function claimAccessParams(session: Session, mode: AccessMode): ClaimAccessParams {
  const none = { allowAll: false, executiveId: null, collaboratorEventId: null, collaboratorId: null, providerUserId: null }
  if (session.kind === 'collaborator') return { ...none, collaboratorEventId: session.idEvento, collaboratorId: session.idColaborador }
  switch (session.rol) {
    case ROLE.admin:
      return { ...none, allowAll: true }
    case ROLE.partner:
      return { ...none, allowAll: mode === 'read' }
    case ROLE.executive:
      return { ...none, executiveId: session.idUser }
    case ROLE.provider:
      return { ...none, providerUserId: session.idUser }
  }
}

// The providers table under its own name, so the subquery never meets the record query's join of providers.
const accessProvider = alias(providers, 'access_provider')

/**
 * Whether the session may touch the claim row of the query, as a boolean column, over placeholders named as the
 * fields of `ClaimAccessParams` (so a prepared statement can hold it). The casts give PostgreSQL the parameters'
 * types, which a null value alone would not. A null comparison makes its branch null, and coalesce turns an all-null
 * answer into false. The provider branch looks the provider record up by its unique user_id, as `providerIdOf` does.
 */
export const claimAllowedSql = () =>
  sql<boolean>`coalesce(
    ${sql.placeholder('allowAll')}::boolean
    or ${claims.idEjecutivo} = ${sql.placeholder('executiveId')}::integer
    or (${claims.idEvento} = ${sql.placeholder('collaboratorEventId')}::integer and ${claims.idColaborador} = ${sql.placeholder('collaboratorId')}::integer)
    or exists (select 1 from ${providers} ${accessProvider} where ${accessProvider.userId} = ${sql.placeholder('providerUserId')}::integer and ${accessProvider.idProveedor} = ${claims.idProveedor}),
    false)`
