/**
 * The cache of verified tokens (server/auth/tokens.ts): a token presented again is answered without a second
 * signature check, yet still expires on its second, and nothing that is not the same text rides on it.
 */
import { describe, expect, it } from 'vitest'
import { signAccessToken, tokenKeys, verifyAccessToken } from '../../server/auth/tokens'
import type { Session } from '../../server/auth/roles'

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256'
const session: Session = { kind: 'user', idUser: 7, rol: 0, tokenVersion: 3 }
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0)

describe('verified tokens are remembered', () => {
  it('answers the same token again from the cache (the same object, no second check)', async () => {
    const keys = tokenKeys(SECRET, 600)
    const token = await signAccessToken(keys, session, T0)
    const first = await verifyAccessToken(keys, token, T0 + 1_000)
    expect(first?.session).toEqual(session)
    expect(await verifyAccessToken(keys, token, T0 + 2_000)).toBe(first)
  })

  it('still refuses a cached token from the second it expires (600 s after it was issued)', async () => {
    const keys = tokenKeys(SECRET, 600)
    const token = await signAccessToken(keys, session, T0)
    expect(await verifyAccessToken(keys, token, T0)).not.toBeNull()
    expect(await verifyAccessToken(keys, token, T0 + 599_999)).not.toBeNull()
    expect(await verifyAccessToken(keys, token, T0 + 600_000)).toBeNull()
  })

  it('refuses a token first seen after its expiry, and one issued more than a minute ahead', async () => {
    const keys = tokenKeys(SECRET, 600)
    expect(await verifyAccessToken(keys, await signAccessToken(keys, session, T0), T0 + 601_000)).toBeNull()
    const ahead = await signAccessToken(keys, session, T0 + 120_000)
    expect(await verifyAccessToken(keys, ahead, T0)).toBeNull()
    expect(await verifyAccessToken(keys, ahead, T0 + 120_000)).not.toBeNull()
  })

  it('refuses a tampered copy of a cached token, and the same token under another secret', async () => {
    const keys = tokenKeys(SECRET, 600)
    const token = await signAccessToken(keys, session, T0)
    expect(await verifyAccessToken(keys, token, T0)).not.toBeNull()
    const [header, , signature] = token.split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'u:1', rol: 1, ver: 3, iat: T0 / 1000, exp: T0 / 1000 + 600 })).toString('base64url')
    expect(await verifyAccessToken(keys, `${header}.${forgedPayload}.${signature}`, T0)).toBeNull()
    expect(await verifyAccessToken(tokenKeys('another-secret-that-is-long-enough-for-hs256', 600), token, T0)).toBeNull()
  })

  it('keeps at most 10,000 tokens: the oldest is verified again after that many others', async () => {
    const keys = tokenKeys(SECRET, 600)
    const tokens = await Promise.all(Array.from({ length: 10_001 }, (_, k) => signAccessToken(keys, { ...session, idUser: k + 1 }, T0)))
    const first = await verifyAccessToken(keys, tokens[0]!, T0)
    expect(await verifyAccessToken(keys, tokens[0]!, T0)).toBe(first)
    for (const token of tokens.slice(1)) await verifyAccessToken(keys, token, T0)
    const again = await verifyAccessToken(keys, tokens[0]!, T0)
    expect(again?.session).toEqual(first?.session)
    expect(again).not.toBe(first)
  })
})
