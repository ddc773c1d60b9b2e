/**
 * Access tokens: HS256 JWTs signed with jose. They carry the session and, for users, the token version, so a
 * password change or deactivation (which bumps the version) ends every token issued before it.
 */
import { SignJWT, jwtVerify, errors } from 'jose'
import { ROLE, type Session } from './roles'
import type { StaffRoleCode } from '../../domain/roles'

/** The roles a `u:` token may carry: every role but the collaborator's, whose tokens are `c:`. */
const STAFF_ROLES: readonly number[] = [ROLE.executive, ROLE.admin, ROLE.provider, ROLE.partner]

export interface TokenKeys {
  secret: Uint8Array
  ttlSeconds: number
}

export const tokenKeys = (secret: string, ttlSeconds: number): TokenKeys => ({
  secret: new TextEncoder().encode(secret),
  ttlSeconds,
})

export async function signAccessToken(keys: TokenKeys, session: Session, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000)
  const claims =
    session.kind === 'user'
      ? { rol: session.rol, ver: session.tokenVersion }
      : { rol: ROLE.collaborator, col: session.idColaborador, evt: session.idEvento }
  const sub = session.kind === 'user' ? `u:${session.idUser}` : `c:${session.idColaborador}`
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + keys.ttlSeconds)
    .sign(keys.secret)
}

export interface VerifiedToken {
  session: Session
  issuedAt: number
  expiresAt: number
}

/**
 * Tokens whose signature and claims were already checked, by their exact text, so a token presented again is not
 * verified again: every API call presents one, and the HMAC through WebCrypto (a key import and a thread-pool job
 * per call) was about a sixth of the server's CPU reading one claim (docs/benchmarks.md). The times are still
 * checked on every call, so a cached token expires exactly when it would have. A forged token is a different text,
 * so it is never found here. Bounded: past MAX_VERIFIED the oldest entries go.
 */
const verifiedTokens = new WeakMap<TokenKeys, Map<string, VerifiedToken>>()
const MAX_VERIFIED = 10_000

/** Returns null for anything that is not a valid, unexpired token of ours (forged, `alg: none`, expired…). */
export async function verifyAccessToken(keys: TokenKeys, token: string, now = Date.now()): Promise<VerifiedToken | null> {
  let cache = verifiedTokens.get(keys)
  if (!cache) verifiedTokens.set(keys, (cache = new Map()))
  const known = cache.get(token)
  if (known) return isCurrent(known, now) ? known : null
  const verified = await verifySignedToken(keys, token, now)
  if (!verified) return null
  if (cache.size >= MAX_VERIFIED) cache.delete(cache.keys().next().value!)
  cache.set(token, verified)
  return isCurrent(verified, now) ? verified : null
}

/**
 * Whether a verified token is usable at `now`: not expired (jose's rule: exp must be after the current whole
 * second) and not issued more than a minute in the future.
 */
const isCurrent = (token: VerifiedToken, now: number) => token.expiresAt > Math.floor(now / 1000) && token.issuedAt * 1000 <= now + 60_000

/** The signature and claims check, without the cache. */
async function verifySignedToken(keys: TokenKeys, token: string, now: number): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    })
    const sub = String(payload.sub ?? '')
    const iat = Number(payload.iat)
    const exp = Number(payload.exp)
    // A token must say when it ends, and no later than our lifetime after it was issued: a token signed with the
    // real key but without `exp` (or ten years long) would otherwise live forever.
    if (!Number.isInteger(iat) || !Number.isInteger(exp) || exp - iat > keys.ttlSeconds) return null
    if (sub.startsWith('u:')) {
      const rol = Number(payload.rol)
      if (!STAFF_ROLES.includes(rol)) return null
      return {
        session: { kind: 'user', idUser: Number(sub.slice(2)), rol: rol as StaffRoleCode, tokenVersion: Number(payload.ver) },
        issuedAt: iat,
        expiresAt: exp,
      }
    }
    if (sub.startsWith('c:')) {
      return {
        session: { kind: 'collaborator', idColaborador: Number(payload.col), idEvento: Number(payload.evt), rol: ROLE.collaborator },
        issuedAt: iat,
        expiresAt: exp,
      }
    }
    return null
  } catch (err) {
    if (err instanceof errors.JOSEError) return null
    throw err
  }
}
