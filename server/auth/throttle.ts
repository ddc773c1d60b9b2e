/**
 * Sign-in throttling: after 5 failed attempts for one key (an email, or 'colaborador:{id}') within 15 minutes,
 * every further attempt for that key answers 429 'Score de captcha insuficiente' — even with the right password —
 * until fewer than 5 failures remain inside the window.
 *
 * Decisions:
 * - Race-free: each attempt first writes its own row, then counts the rows up to its own id, both in one short
 *   transaction under an advisory lock on the key, so of N parallel guesses only the first 5 get to check a password.
 *   Without the lock, on PostgreSQL a lower id could commit after a higher one had counted (ids are taken in one
 *   order, committed in another): 6 of 12 parallel guesses once got through. The lock is released before the
 *   password is checked: one held across argon2 would stall PGlite and every other sign-in for the key.
 * - An attempt that turns out right removes its own row; earlier failures stay (a success does not clear the
 *   history), so a guesser cannot reset the counter by interleaving a known account's sign-ins.
 * - A refused (throttled) attempt removes its own row, so hammering does not extend the block: it lifts 15 minutes
 *   after the failures, not after the last try.
 * - The key is throttled whether or not the account exists, so the 429 reveals nothing either.
 * - Rows older than the window are pruned for the key on each attempt; the table stays small.
 * Times are the database's now(), the same clock that stamps the rows.
 */
import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginFailures } from '../db/schema'
import { AppError } from '../lib/errors'

export const THROTTLE_MAX_FAILURES = 5
const THROTTLE_WINDOW_MINUTES = 15
export const CAPTCHA_REASON = 'Score de captcha insuficiente'

export const throttleKeyForEmail = (email: string) => email.trim().toLowerCase()
export const throttleKeyForCollaborator = (idColaborador: number) => `colaborador:${idColaborador}`

const windowStart = sql.raw(`now() - interval '${THROTTLE_WINDOW_MINUTES} minutes'`)

/**
 * Runs one sign-in attempt under the throttle for `key`. `attempt` resolves to the signed-in result, or null for
 * wrong credentials (which is recorded and answered 401 with `failReason`).
 */
export async function withLoginThrottle<T>(db: Db, key: string, failReason: string, attempt: () => Promise<T | null>): Promise<T> {
  const { ownId, failures } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`)
    await tx.delete(loginFailures).where(and(eq(loginFailures.email, key), lt(loginFailures.createdAt, windowStart)))
    const [own] = await tx.insert(loginFailures).values({ email: key }).returning({ id: loginFailures.id })
    const [row] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, key), gte(loginFailures.createdAt, windowStart), lte(loginFailures.id, own!.id)))
    return { ownId: own!.id, failures: Number(row?.n ?? 0) }
  })
  const removeOwn = () => db.delete(loginFailures).where(eq(loginFailures.id, ownId))

  if (failures > THROTTLE_MAX_FAILURES) {
    await removeOwn()
    throw new AppError(429, CAPTCHA_REASON)
  }

  let result: T | null
  try {
    result = await attempt()
  } catch (err) {
    // Not the caller's fault (database down…): do not count it against them.
    await removeOwn().catch(() => undefined)
    throw err
  }
  if (result === null) throw new AppError(401, failReason)
  await removeOwn()
  return result
}
