/**
 * Password hashing: argon2id with the OWASP-recommended minimum (19 MiB memory, 2 passes, 1 lane), which keeps a
 * sign-in near 50 ms on a small server while making offline guessing expensive.
 *
 * Ending sessions: access tokens carry users.tokenVersion and the auth plugin refuses a token whose version is not
 * the row's current one. So WHOEVER CHANGES A PASSWORD OR DEACTIVATES A USER (activo = 1) MUST ALSO INCREMENT
 * users.tokenVersion in the same UPDATE — use `...endExistingSessions()` in the `.set({...})` — or the user's
 * tokens stay valid until they expire. After the change commits, also call `app.sessionCache.forget(idUser)`: the
 * auth plugin keeps each account's token version for 5 s (server/auth/sessionCache.ts), and forgetting it makes
 * this instance refuse the old token at once.
 */
import argon2 from 'argon2'
import { sql, type SQL } from 'drizzle-orm'
import { users } from '../db/schema'

const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS)
}

/** False for a wrong password and for a stored value that is not an argon2 hash (never throws for those). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(storedHash, password)
  } catch {
    return false
  }
}

/** True when the stored hash was made with weaker (or just different) parameters than today's. */
export function passwordNeedsRehash(storedHash: string): boolean {
  try {
    return argon2.needsRehash(storedHash, PASSWORD_HASH_OPTIONS)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | null = null

/**
 * Spends the same work as checking a real password, for an email that has no account, so the answer time does
 * not tell whether the email exists. The hash is made once per process with the production parameters.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await primeDummyHash(), password)
  return false
}

/** Makes the dummy hash ahead of the first sign-in, so that one is not slower than the others. */
export function primeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('cuenta-inexistente-' + Math.random().toString(36))
  return dummyHash
}

/** The `.set()` fragment that ends every token issued so far to the updated user(s). */
export function endExistingSessions(): { tokenVersion: SQL } {
  return { tokenVersion: sql`${users.tokenVersion} + 1` }
}
