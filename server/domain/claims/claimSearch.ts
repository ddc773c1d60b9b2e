/**
 * The search box of the claim lists (Mis trámites, the provider's claims, the invoices): `q` is a claim number (a
 * leading C/c ignored, spec 2.7, 2.11) or other text matched against names. Every form is answered from an index
 * (docs/decisions/paged-lists.md, "Claim-number search"):
 * - the whole number is an equality on the primary key, and that claim is listed first;
 * - the claims whose number contains the digits (spec 2.7: "match is on the event number containing the text") are
 *   read as ranges of two indexes of claim numbers when they are few (claimNumberContains.ts: a whole number, or a
 *   long part of one), else come from the trigram index on the number's text, claims_id_text_trgm_idx. A trigram
 *   index needs 3 characters, so one or two digits find only the claim with that number;
 * - a name matches the beneficiary, the coverage's description or the collaborator's full name, each through its own
 *   trigram index (migration 0006).
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { claims, collaborators, coverages } from '../../db/schema'
import { MAX_INT4 } from '../../../domain/contract/schema'
import { likeContains } from '../../lib/likeContains'
import type { DbOrTx } from './claimRecord'
import { largestClaimNumber, listable, listedClaimIds, MAX_CLAIM_DIGITS } from './claimNumberContains'
import { inline, placeholdersInto, type Bind } from './searchBind'
import { getOrMake } from '../../lib/getOrMake'

/** pg_trgm extracts no trigram from a shorter pattern, so `like '%12%'` would read every row. */
const MIN_CONTAINS_DIGITS = 3

/**
 * The search of a claim list: a condition on `claims` alone. `byName` says it is a name search (else a claim number);
 * `first`, for a claim number, orders the claim with exactly that number before the others. `shape` names the form
 * of the SQL (which conditions, not their values): two searches of one shape differ only in their values, so a list
 * can keep one prepared statement per shape (claimList.ts). `valueFreePlan` says whether the best plan is the same
 * whatever the values (index ranges of the numbers that contain a claim number), so PostgreSQL may keep one plan
 * for the shape; a pattern (a trigram search, a name) matches three claims or thirty thousand, so it is planned with
 * its values each time. `listedIds`, for a number whose matches are listed, selects the ids of the matches that also
 * meet a condition (a list's scope) straight from the indexes; `condition` tests a claim against those ids, which
 * probes the primary key once more per match (fine for the invoices, not for the claim lists: claimList.ts reads
 * `listedIds`).
 */
export interface ClaimSearch {
  condition: SQL
  listedIds?: (also?: SQL) => SQL
  byName: boolean
  first?: SQL
  /** The whole number `first` puts first, as its parameter: a listed search moves it to the front of its matches. */
  exact?: SQL | Placeholder
  shape: string
  valueFreePlan: boolean
}

/** The claim whose number the digits are, if they can be one: no leading zero (C0123 is not C123) and within int4. */
function exactNumber(digits: string): number | undefined {
  const n = Number(digits)
  return !digits.startsWith('0') && n >= 1 && n <= MAX_INT4 ? n : undefined
}

/** The numbers containing `digits`: ranges of numbers when few (the whole number among them), else the trigram index. */
function containsCondition(digits: string, top: number, bind: Bind): { condition: SQL; shape: string; listedIds?: (also?: SQL) => SQL } | undefined {
  if (digits.length < MIN_CONTAINS_DIGITS) return undefined
  if (digits.length > MAX_CLAIM_DIGITS) return { condition: sql`false`, shape: 'none' }
  if (listable(digits, top)) {
    const listedIds = (also?: SQL) => listedClaimIds(digits, bind, also)
    return { condition: sql`${claims.idEvento} = any(array(${listedIds()}))`, listedIds, shape: 'listed' }
  }
  // Written exactly as the index's expression (id_evento::text), or PostgreSQL cannot use it.
  return { condition: sql`(${claims.idEvento}::text) like ${bind('containsPattern', `%${digits}%`)}`, shape: 'trigram' }
}

function claimNumberSearch(digits: string, top: number, bind: Bind): ClaimSearch {
  const exact = exactNumber(digits)
  const contains = containsCondition(digits, top, bind)
  const conditions: SQL[] = []
  const exactValue = exact === undefined ? undefined : bind('exactNumber', exact)
  // The listed numbers include the whole number itself (no prefix, no suffix), so its equality would only turn the
  // primary-key probes into a BitmapOr that reads the table's pages; it still orders the claim first.
  if (exactValue && contains?.shape !== 'listed') conditions.push(eq(claims.idEvento, exactValue))
  if (contains) conditions.push(contains.condition)
  return {
    condition: conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`,
    listedIds: contains?.listedIds,
    byName: false,
    first: exactValue === undefined ? undefined : sql`(${claims.idEvento} = ${exactValue}) desc`,
    exact: exactValue,
    shape: `number_${exactValue ? 'exact' : 'inexact'}_${contains?.shape ?? 'alone'}`,
    valueFreePlan: contains?.shape !== 'trigram',
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
export function claimSearch(q: string | undefined, top: number, bind: Bind = inline): ClaimSearch | undefined {
  const text = q?.trim() ?? ''
  if (!text || /^[cC]\s*$/.test(text)) return undefined
  const digits = claimNumberOf(text)
  if (digits !== undefined) return claimNumberSearch(digits, top, bind)
  return { condition: nameCondition(bind('namePattern', likeContains(text))), byName: true, shape: 'name', valueFreePlan: false }
}

/** The largest claim number for a claim-number search (it chooses how a partial number is found); 0 for any other. */
const topFor = async (db: DbOrTx, text: string): Promise<number> => (claimNumberOf(text) === undefined ? 0 : largestClaimNumber(db))

/** The search of a list's `q` on `db`, reading the largest claim number only for a claim-number search. */
export async function searchOf(db: DbOrTx, q: string | undefined, bind: Bind = inline): Promise<ClaimSearch | undefined> {
  const text = q?.trim() ?? ''
  return claimSearch(text, await topFor(db, text), bind)
}

/** A list's search with its values, each under the name of its placeholder in the search's SQL. */
export interface BoundSearch {
  search: ClaimSearch | undefined
  values: Readonly<Record<string, unknown>>
}

/** Searches kept per database; past this many the kept ones are dropped (a list is searched by few texts at a time). */
const BOUND_SEARCHES_KEPT = 500
const boundSearches = new WeakMap<DbOrTx, Map<string, BoundSearch>>()

/**
 * `searchOf` with every value a named placeholder (claimList.ts prepares one statement per shape and passes the
 * values), kept per text and largest claim number: the same text searched again builds no SQL. Building the search
 * only to collect its values was 2.5 % of the server's CPU under the 4-digit search's load (issue 27). The values
 * depend on the text alone, and its shape on the text and the largest number (whether a partial number is listed).
 */
export async function boundSearchOf(db: DbOrTx, q: string | undefined): Promise<BoundSearch> {
  const text = q?.trim() ?? ''
  const top = await topFor(db, text)
  const key = `${top} ${text}`
  const kept = getOrMake(boundSearches, db, () => new Map<string, BoundSearch>())
  const known = kept.get(key)
  if (known) return known
  const values: Record<string, unknown> = {}
  const bound = { search: claimSearch(text, top, placeholdersInto(values)), values }
  if (kept.size >= BOUND_SEARCHES_KEPT) kept.clear()
  kept.set(key, bound)
  return bound
}

/**
 * A name in the beneficiary, the coverage's description or the collaborator's full name. Not a join with an OR across
 * three tables (PostgreSQL can only filter such a join row by row, reading every claim): the matching coverages and
 * collaborators are found first, each from its trigram index, as arrays; `= any(array)` is then answered by the
 * foreign-key indexes of `claims`, and the three conditions by a BitmapOr.
 */
function nameCondition(pattern: SQL | Placeholder): SQL {
  const coveragesNamed = sql`array(select ${coverages.idCobertura} from ${coverages} where ${coverages.descripcion} ilike ${pattern})`
  const collaboratorsNamed = sql`array(select ${collaborators.idColaborador} from ${collaborators} where ${collaboratorFullName()} ilike ${pattern})`
  return sql`(${claims.beneficiary} ilike ${pattern} or ${claims.idCobertura} = any(${coveragesNamed}) or ${claims.idColaborador} = any(${collaboratorsNamed}))`
}

/**
 * The collaborator's full name, 'Nombre Nombre2 ApePat ApeMat' without the blanks of empty parts, written as the
 * expression of collaborators_full_name_trgm_idx (the SQL function of migration 0006, which also fills
 * claims.collaborator_name) so that the index answers a name search of it (here and procedures.ts).
 */
export const collaboratorFullName = () =>
  sql<string>`collaborator_full_name(${collaborators.nombre}, ${collaborators.nombre2}, ${collaborators.apePat}, ${collaborators.apeMat})`
