/**
 * "The claim number contains these digits" (spec 2.7, 2.11) answered from two indexes of claim numbers, up to the
 * largest claim number.
 *
 * Why: a claim number is an integer, so every number holding the k digits D with j digits after them is
 * (a·10^k + D)·10^j + b, for a prefix a and a suffix b < 10^j. For each prefix and each j ≥ 1 those numbers are one
 * range of the primary key, from (a·10^k + D)·10^j to (a·10^k + D + 1)·10^j − 1. The numbers ending in D (j = 0) are
 * one per prefix, scattered over the whole key; for 4 or 5 digits they are one range of claims_number_tail_idx
 * (id_evento % 10^4, id_evento; migration 0014): the numbers whose last four digits are D's, kept when their last k
 * are D. For a long D there are few ranges whatever the table's size. The trigram index (claims_id_text_trgm_idx)
 * intersects the posting lists of the digits' trigrams instead, and those grow with the table (each 3-digit trigram
 * is in about one number in a thousand per position), hence the limit below. The trigram index stays for the short
 * strings.
 *
 * Until 2026-11-28 every number was generated and probed by `id_evento = any(…)`: PostgreSQL 15 descends the index
 * once per array element, so 4 digits among a million claims cost 300 probes (905 buffers) after generating 1,411
 * numbers; as ranges, 115 index scans (350 buffers); with the numbers ending in D from the tail index, 15 (51
 * buffers; issue 27).
 */
import { sql, type SQL } from 'drizzle-orm'
import { claims } from '../../db/schema'
import type { DbOrTx } from './claimRecord'
import type { Bind } from './searchBind'

/**
 * Above this many numbers in the ranges, the trigram index is the cheaper answer. 1,500 lists 4 digits among a
 * million claims (1,411 numbers, about 300 of them up to the largest number): the listing's plan is the same for
 * every value, so it is planned once and kept, where the trigram search was planned on every call (1.5 ms), and its
 * page and capped total come in one statement (issue 27).
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

/** The digits claims_number_tail_idx holds: its expression is `id_evento % 10000` (migration 0014). */
const TAIL_DIGITS = 4

/**
 * Whether the numbers ending in `digits` are read from claims_number_tail_idx: 4 or 5 digits. The index gives every
 * number ending in the last four (top / 10^4 entries: 100 among a million claims), where the primary key probes
 * top / 10^k numbers, once each: for 4 digits 1 scan against 100 probes, for 5 about even (100 entries, 10 probes),
 * for 6 and more the probes are fewer (a whole number among a million: 1 or 2).
 */
const readsTail = (digits: string) => digits.length >= TAIL_DIGITS && digits.length <= TAIL_DIGITS + 1

/** Whether `digits` overlaps itself: a proper prefix is also a suffix (1111, 1212, 1231), so two of its occurrences
 * can share digits (11111 holds 1111 twice in five digits). */
function overlapsItself(digits: string): boolean {
  for (let b = 1; b < digits.length; b++) if (digits.slice(0, b) === digits.slice(digits.length - b)) return true
  return false
}

/**
 * The smallest number in which `digits` can occur twice without overlapping (2k digits, the first not 0), capped
 * above every int4: numbers below it hold a digit string that does not overlap itself at most once.
 */
const twiceFrom = (digits: string): number => Math.min(10 ** (2 * digits.length - 1), 10 ** MAX_CLAIM_DIGITS)

/**
 * The claims whose number holds `digits` (at most MAX_CLAIM_DIGITS, listable) and that meet `also` (a list's scope,
 * a condition on `claims`), each once, as a SELECT of `claims.id_evento`. Two parts:
 * - the numbers ending in the digits (j = 0), for 4 or 5 digits from claims_number_tail_idx (`readsTail`; its
 *   expression written as the index's, with the literal 10000); for other lengths that part is switched off (a
 *   parameter, so the statement and its kept plan are the same) and the ranges start at j = 0;
 * - for each j ≥ 1 and prefix a, the range of numbers with the digits and then j more, read from the primary key.
 *   The ranges are an array unnested: PostgreSQL guesses ten elements for it, so it scans the key once per range
 *   (its guess for nested generate_series, a million rows, made it read the whole index).
 * A number holding the digits twice (11111 holds 1111 at j = 0 and j = 1) lies in two places and is kept only at its
 * last occurrence (the first of its reversed text); that comparison is written as a difference with 0 so that
 * PostgreSQL cannot hash-join on it (it then read every claim), and the reversed digits are a value of their own so
 * that the kept plan does not reverse them on every row. It is skipped (a parameter, so the plan is the same) when no
 * number can hold the digits twice: they do not overlap themselves and the largest number, read once by the
 * statement, has fewer than twice their length (4 digits among a million claims: the check turned each of the 300
 * numbers into text and cost 55 µs of PostgreSQL's 200 for the listing; issue 27). The largest number is read in the statement itself (one
 * index probe), so a claim created a moment ago is found; a leading zero needs a non-zero prefix (C0123 is in 10123,
 * not in 123). Every value is a parameter and the plan's shape is the same for all, so the plan is kept.
 */
export function listedClaimIds(digits: string, bind: Bind, also?: SQL): SQL {
  const k = bind('digitsLength', digits.length)
  const shift = sql`${bind('digitsShift', 10 ** digits.length)}::int8`
  const value = sql`${bind('digits', digits)}::int8`
  const firstPrefix = sql`${bind('firstPrefix', digits.startsWith('0') ? 1 : 0)}::int8`
  const fromTail = readsTail(digits)
  const alsoMet = also ? sql` and ${also}` : sql``
  const endingIn = sql`select ${claims.idEvento} from ${claims}
    where ${bind('fromTail', fromTail ? 1 : 0)}::int = 1
      and ${claims.idEvento} % ${sql.raw(String(10 ** TAIL_DIGITS))} = ${bind('tail', Number(digits.slice(-TAIL_DIGITS)))}::int
      and ${claims.idEvento} % ${shift} = ${value} and ${claims.idEvento} >= ${firstPrefix} * ${shift}${alsoMet}`
  const start = sql`(a * ${shift} + ${value})`
  const ranges = sql`array(
    select int8range(${start} * width, (${start} + 1) * width)
    from (select max(${claims.idEvento}) as top from ${claims}) largest,
         generate_series(${bind('firstJ', fromTail ? 1 : 0)}::int, length(largest.top::text) - ${k}::int) j,
         lateral (select power(10, j)::int8 as width) widths,
         generate_series(${firstPrefix}, largest.top / (${shift} * width)) a)`
  const inRanges = sql`select ${claims.idEvento} from unnest(${ranges}) as listed_range, ${claims}
    where ${claims.idEvento} >= lower(listed_range) and ${claims.idEvento} < upper(listed_range)
      and (${bind('onceOnly', overlapsItself(digits) ? 0 : 1)}::int = 1 and (select max(${claims.idEvento}) from ${claims}) < ${bind('twiceFrom', twiceFrom(digits))}::int8
        or strpos(reverse(${claims.idEvento}::text), ${bind('reversedDigits', [...digits].reverse().join(''))}::text)
          - length((upper(listed_range) - lower(listed_range))::text) = 0)${alsoMet}`
  return sql`${endingIn} union all ${inRanges}`
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
