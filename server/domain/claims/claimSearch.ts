/**
 * The search box of the claim lists (Mis trámites, the provider's claims, the invoices): `q` is a claim number (a
 * leading C/c ignored, spec 2.7, 2.11) or other text matched against names. Every form is answered from an index
 * (docs/decisions/paged-lists.md, "Claim-number search"):
 * - the whole number is an equality on the primary key, and that claim is listed first;
 * - the claims whose number contains the digits (spec 2.7: "match is on the event number containing the text") come
 *   from the trigram index on the number's text, claims_id_text_trgm_idx. A trigram index needs 3 characters, so
 *   one or two digits find only the claim with that number;
 * - a name matches the beneficiary, the coverage's description or the collaborator's full name, each through its own
 *   trigram index (migration 0006).
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { claims, collaborators, coverages } from '../../db/schema'
import { MAX_INT4 } from '../../../domain/contract/schema'
import { likeContains } from '../../lib/likeContains'

/** pg_trgm extracts no trigram from a shorter pattern, so `like '%12%'` would read every row. */
export const MIN_CONTAINS_DIGITS = 3

/**
 * The search of a claim list: a condition on `claims` alone. `byName` says it is a name search (else a claim number);
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
  return { condition: nameCondition(likeContains(text)), byName: true }
}

/**
 * A name in the beneficiary, the coverage's description or the collaborator's full name. Not a join with an OR across
 * three tables (PostgreSQL can only filter such a join row by row, reading every claim): the matching coverages and
 * collaborators are found first, each from its trigram index, as arrays; `= any(array)` is then answered by the
 * foreign-key indexes of `claims`, and the three conditions by a BitmapOr.
 */
function nameCondition(pattern: string): SQL {
  const coveragesNamed = sql`array(select ${coverages.idCobertura} from ${coverages} where ${coverages.descripcion} ilike ${pattern})`
  const collaboratorsNamed = sql`array(select ${collaborators.idColaborador} from ${collaborators} where ${collaboratorFullName()} ilike ${pattern})`
  return sql`(${claims.beneficiary} ilike ${pattern} or ${claims.idCobertura} = any(${coveragesNamed}) or ${claims.idColaborador} = any(${collaboratorsNamed}))`
}

/**
 * The collaborator's full name, 'Nombre Nombre2 ApePat ApeMat' without the blanks of empty parts, written as the
 * expression of collaborators_full_name_trgm_idx (the SQL function of migration 0006) so that the index answers it.
 */
const collaboratorFullName = () =>
  sql<string>`collaborator_full_name(${collaborators.nombre}, ${collaborators.nombre2}, ${collaborators.apePat}, ${collaborators.apeMat})`
