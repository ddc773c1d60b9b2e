/**
 * The search box of the claim lists (Mis trámites, the provider's claims, the invoices): `q` is a claim number (a
 * leading C/c ignored, spec 2.7, 2.11) or other text matched against names. Every form is answered from an index
 * (docs/decisions/paged-lists.md, "Claim-number search"):
 * - the whole number is an equality on the primary key, and that claim is listed first;
 * - the claims whose number contains the digits (spec 2.7: "match is on the event number containing the text") come
 *   from the trigram index on the number's text, claims_id_text_trgm_idx. A trigram index needs 3 characters, so
 *   one or two digits find only the claim with that number.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { claims, collaborators, coverages } from '../../db/schema'
import { MAX_INT4 } from '../../../domain/contract/schema'
import { likeContains } from '../../lib/likeContains'
import { collaboratorFullName } from './claimRecord'

/** pg_trgm extracts no trigram from a shorter pattern, so `like '%12%'` would read every row. */
export const MIN_CONTAINS_DIGITS = 3

/**
 * The search of a claim list. `byName` says that the condition reads the coverage's description and the
 * collaborator's name, so the query must join coverages and collaborators; a claim-number search reads `claims` only.
 * `first`, for a claim number, orders the claim with exactly that number before the others.
 */
export interface ClaimSearch {
  condition: SQL
  byName: boolean
  first?: SQL
}

/** The claim whose number the digits are, if they can be one: no leading zero (C0123 is not C123) and within int4. */
function exactNumber(digits: string): number | undefined {
  const n = Number(digits)
  return !digits.startsWith('0') && n >= 1 && n <= MAX_INT4 ? n : undefined
}

function claimNumberSearch(digits: string): ClaimSearch {
  const exact = exactNumber(digits)
  const conditions: SQL[] = []
  if (exact !== undefined) conditions.push(eq(claims.idEvento, exact))
  // Written exactly as the index's expression (id_evento::text), or PostgreSQL cannot use it.
  if (digits.length >= MIN_CONTAINS_DIGITS) conditions.push(sql`(${claims.idEvento}::text) like ${`%${digits}%`}`)
  return {
    condition: conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`,
    byName: false,
    first: exact === undefined ? undefined : sql`(${claims.idEvento} = ${exact}) desc`,
  }
}

/** `q`: a claim number (a leading C/c ignored) or a name (beneficiary, coverage, collaborator); blank: no search. */
export function claimSearch(q: string | undefined): ClaimSearch | undefined {
  const text = q?.trim() ?? ''
  if (!text) return undefined
  const number = text.replace(/^[cC]\s*/, '')
  if (number === '') return undefined
  if (/^\d+$/.test(number)) return claimNumberSearch(number)
  const pattern = likeContains(text)
  return {
    condition: sql`(${claims.beneficiary} ilike ${pattern} or ${coverages.descripcion} ilike ${pattern} or ${collaboratorFullName()} ilike ${pattern})`,
    byName: true,
  }
}

/** Adds the joins that a name search reads (coverages, collaborators) to a query on `claims`; others need none. */
export function withSearchJoins<Q extends PgSelect>(query: Q, search: ClaimSearch | undefined): Q {
  if (!search?.byName) return query
  return query
    .innerJoin(coverages, eq(coverages.idCobertura, claims.idCobertura))
    .innerJoin(collaborators, eq(collaborators.idColaborador, claims.idColaborador)) as unknown as Q
}
