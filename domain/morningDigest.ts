/**
 * The morning digest of the service levels (issue 23, item 4): one mail a business day, at 08:00 in Mexico City, to
 * every office user with claims 'Vencido' or 'Por vencer'. Which day's digest is due at an instant is a rule of the
 * business-day calendar, so it lives here beside it; the server writes the mails (server/domain/serviceLevels/digest.ts).
 */
import { isBusinessDay, mexicoCityDate, mexicoCityStartOf } from './businessDays'

/** The hour of the Mexico City day the digest goes out at. */
const DIGEST_HOUR = 8
const HOUR_MS = 3_600_000

/**
 * The Mexico City day (YYYY-MM-DD) whose digest is due at `now`: that day when it is a business day and its 08:00 has
 * passed, else null (a weekend, a rest day of art. 74, or before 08:00). A server that starts late in the morning
 * still sends that day's digest; the next day's waits for its own 08:00.
 */
export function morningDigestDay(now: Date): string | null {
  const day = mexicoCityDate(now)
  if (!isBusinessDay(day)) return null
  return now.getTime() >= mexicoCityStartOf(day).getTime() + DIGEST_HOUR * HOUR_MS ? day : null
}
