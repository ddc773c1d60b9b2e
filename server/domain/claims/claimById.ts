/**
 * GET /api/event/by-id/{id} in one round trip (issue 12, docs/decisions/claim-read.md): the claim record of
 * claimRecord.ts plus an `allowed` column holding the row-level rule of server/auth/claimAccess.ts, so one query
 * tells a missing claim (no row: 404) from one the session may not read (allowed false: 403) from the answer.
 *
 * The query is a prepared statement built once per database handle: no Drizzle query building per request, and on
 * PostgreSQL a named statement (`claim_by_id`) that each pooled connection parses and plans once, not on every call.
 * On PGlite, whose driver has no named statements, the same statement is PREPAREd once in its one session
 * (server/db/sessionStatements.ts): planning the record there cost 5.7 ms a call.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { prepareInSession } from '../../db/sessionStatements'
import { getOrMake } from '../../lib/getOrMake'
import { claims } from '../../db/schema'
import { claimAccessParams, claimAllowedSql, CLAIM_FORBIDDEN, CLAIM_NOT_FOUND, type AccessMode } from '../../auth/claimAccess'
import type { Session } from '../../auth/roles'
import { forbidden, notFound } from '../../lib/errors'
import { claimRecordQuery, recordStatement, type ClaimRecord } from './claimRecord'

const buildClaimById = (db: Db) =>
  recordStatement<boolean | null>(
    prepareInSession(db, 'claim_by_id', (name) =>
      claimRecordQuery(db, { allowed: claimAllowedSql() })
        .where(eq(claims.idEvento, sql.placeholder('idEvento')))
        .prepare(name),
    ),
    'allowed',
  )

// Keyed by the handle: tests open many databases in one process, and a statement belongs to its own.
const prepared = new WeakMap<Db, ReturnType<typeof buildClaimById>>()

const claimByIdQuery = (db: Db) => getOrMake(prepared, db, () => buildClaimById(db))

/** The claim record for this session, or 404 'No se encontró el trámite' / 403 'No tiene permiso sobre este trámite'. */
export async function readClaimFor(db: Db, session: Session, idEvento: number, mode: AccessMode): Promise<ClaimRecord> {
  const [row] = await claimByIdQuery(db).execute({ idEvento, ...claimAccessParams(session, mode) })
  if (!row) throw notFound(CLAIM_NOT_FOUND)
  if (row.extra !== true) throw forbidden(CLAIM_FORBIDDEN)
  return row.record
}
