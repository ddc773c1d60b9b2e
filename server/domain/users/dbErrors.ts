/**
 * Recognises a unique-index violation (SQLSTATE 23505) whichever driver raised it: node-postgres and PGlite put
 * the code on their error, and Drizzle wraps that error as `cause`.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
