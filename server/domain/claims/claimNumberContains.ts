/**
 * "The claim number contains these digits" (spec 2.7, 2.11) answered from the primary key: the numbers that contain
 * a digit string are listed arithmetically, up to the largest claim number, and looked up by `id_evento = any(…)`.
 *
 * Why: a claim number is an integer, so every number holding the k digits D with j digits after them is
 * (a·10^k + D)·10^j + b, for a prefix a and a suffix b < 10^j. For a long D there are few such numbers: with a
 * million claims a whole number (6 digits) gives 12 candidates, each one primary-key probe, whatever the table's
 * size. The trigram index (claims_id_text_trgm_idx) intersects the posting lists of the digits' trigrams instead,
 * and those grow with the table (each 3-digit trigram is in about one number in a thousand per position): on
 * 1,000,300 claims 0.18 ms listed against 0.3 ms by trigram for a whole number, and 1.0 against 0.8 ms for 4 digits
 * (411 candidates), hence the limit below. The trigram index stays for the short strings.
 */
import { sql, type SQL } from 'drizzle-orm'
import { claims } from '../../db/schema'
import type { DbOrTx } from './claimRecord'
import type { Bind } from './searchBind'

/**
 * Above this many numbers generated, the trigram index is the cheaper answer. 1,500 lists 4 digits among a million
 * claims (1,411 generated, about 411 of them up to the largest number, each one primary-key probe): 1.0 ms against
 * 0.8 ms by trigram, but the listing's plan is the same for every value, so it is planned once and kept, where the
 * trigram search was planned on every call (1.5 ms), and its page and capped total come in one statement (issue 27).
 */
const MAX_LISTED_NUMBERS = 1_500

/** A digit string longer than the largest int4 (10 digits) is in no claim number, and would overflow int8 below. */
export const MAX_CLAIM_DIGITS = 10

/**
 * How many numbers from 1 to `top` contain `digits`, counted as the listing yields them (a number holding the
 * digits twice counts twice): for each count j of digits after them, the prefixes a = 0…⌊top / 10^(k+j)⌋ times the
 * 10^j suffixes.
 */
export function listedNumbersCount(digits: string, top: number): number {
  const k = digits.length
  let total = 0
  for (let j = 0; k + j <= String(top).length; j++) total += (Math.floor(top / 10 ** (k + j)) + 1) * 10 ** j
  return total
}

/** Whether the numbers containing `digits` are few enough to list when the largest claim number is `top`. */
export const listable = (digits: string, top: number): boolean => listedNumbersCount(digits, top) <= MAX_LISTED_NUMBERS

/**
 * The condition on `claims` for a listable `digits` of at most MAX_CLAIM_DIGITS. The largest number is read in the
 * statement itself (one index probe), so a claim created a moment ago is found; a leading zero needs a non-zero
 * prefix (C0123 is in 10123, not in 123).
 */
export function listedNumbersCondition(digits: string, bind: Bind): SQL {
  const k = bind('digitsLength', digits.length)
  const shift = bind('digitsShift', 10 ** digits.length)
  const firstPrefix = bind('firstPrefix', digits.startsWith('0') ? 1 : 0)
  const base = sql`((a * ${shift}::int8 + ${bind('digits', digits)}::int8) * power(10, j)::int8)`
  const number = sql`(${base} + b)`
  // The suffixes stop at the largest number: for 4 digits among a million claims 1,411 numbers were generated to keep
  // 300 (a whole block of 1,000 suffixes lay past it), a third of the statement's time.
  return sql`${claims.idEvento} = any(array(
    select ${number}
    from (select max(${claims.idEvento}) as top from ${claims}) largest,
         generate_series(0, length(largest.top::text) - ${k}::int) j,
         generate_series(${firstPrefix}::int8, largest.top / power(10, ${k}::int + j)::int8) a,
         generate_series(0::int8, least(power(10, j)::int8 - 1, largest.top - ${base})) b
    where ${number} between 1 and largest.top))`
}

const TOP_TTL_MS = 60_000
const tops = new WeakMap<object, { top: number; at: number }>()

/**
 * The largest claim number, read at most once a minute per database: it only chooses between listing and the
 * trigram index (the listing itself reads the live maximum), so a stale value costs time, never results.
 */
export async function largestClaimNumber(db: DbOrTx, now = Date.now()): Promise<number> {
  const cached = tops.get(db)
  if (cached && now - cached.at < TOP_TTL_MS) return cached.top
  const [row] = await db.select({ top: sql<number>`coalesce(max(${claims.idEvento}), 0)`.mapWith(Number) }).from(claims)
  const top = row?.top ?? 0
  tops.set(db, { top, at: now })
  return top
}
