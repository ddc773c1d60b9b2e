/**
 * The search box of the claim lists (Mis trámites, the provider's claims, the invoices): `q` is a claim number (a
 * leading C/c ignored, spec 2.7, 2.11) or other text matched against names. Every form is answered from an index
 * (docs/decisions/paged-lists.md, "Claim-number search"):
 * - the whole number is an equality on the primary key, and that claim is listed first;
 * - the claims whose number contains the digits (spec 2.7: "match is on the event number containing the text") are
 *   listed arithmetically and read by primary key when they are few (claimNumberContains.ts: a whole number, or a
 *   long part of one), else come from the trigram index on the number's text, claims_id_text_trgm_idx. A trigram
 *   index needs 3 characters, so one or two digits find only the claim with that number;
 * - a name matches the beneficiary, the coverage's description or the collaborator's full name, each through its own
 *   trigram index (migration 0006).
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { claims, collaborators, coverages } from '../../db/schema'
import { MAX_INT4 } from '../../../domain/contract/schema'
import { likeContains } from '../../lib/likeContains'
import type { DbOrTx } from './claimRecord'
import { largestClaimNumber, listable, listedNumbersCondition } from './claimNumberContains'

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

/** The numbers containing `digits`: listed when few (the whole number among them), else the trigram index. */
function containsCondition(digits: string, top: number): SQL | undefined {
  if (digits.length < MIN_CONTAINS_DIGITS) return undefined
  if (listable(digits, top)) return listedNumbersCondition(digits)
  // Written exactly as the index's expression (id_evento::text), or PostgreSQL cannot use it.
  return sql`(${claims.idEvento}::text) like ${`%${digits}%`}`
}

function claimNumberSearch(digits: string, top: number): ClaimSearch {
  const exact = exactNumber(digits)
  const contains = containsCondition(digits, top)
  const conditions: SQL[] = []
  if (exact !== undefined) conditions.push(eq(claims.idEvento, exact))
  if (contains) conditions.push(contains)
  return {
    condition: conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`,
    byName: false,
    first: exact === undefined ? undefined : sql`(${claims.idEvento} = ${exact}) desc`,
  }
}

/** The digits of a claim-number search (a leading C/c ignored), or undefined for a name or a blank. */
function claimNumberOf(text: string): string | undefined {
  const number = text.replace(/^[cC]\s*/, '')
  return /^\d+$/.test(number) ? number : undefined
}

/**
 * `q`: a claim number (a leading C/c ignored) or a name (beneficiary, coverage, collaborator); blank: no search.
 * `top`, the largest claim number, chooses how a partial number is found (`searchOf` reads it).
 */
export function claimSearch(q: string | undefined, top: number): ClaimSearch | undefined {
  const text = q?.trim() ?? ''
  if (!text || /^[cC]\s*$/.test(text)) return undefined
  const digits = claimNumberOf(text)
  if (digits !== undefined) return claimNumberSearch(digits, top)
  return { condition: nameCondition(likeContains(text)), byName: true }
}

/** The search of a list's `q` on `db`, reading the largest claim number only for a claim-number search. */
export async function searchOf(db: DbOrTx, q: string | undefined): Promise<ClaimSearch | undefined> {
  const text = q?.trim() ?? ''
  const top = claimNumberOf(text) === undefined ? 0 : await largestClaimNumber(db)
  return claimSearch(text, top)
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
