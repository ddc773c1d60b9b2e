/**
 * Access tokens: refresh, refusal of expired / forged / `alg: none` / missing tokens, revocation by token version
 * and deactivation, and rotation of tokens past half their life. A probe route (any session, answers the session)
 * is added to the real app, because refresh-token always sets the rotation header itself.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { endExistingSessions } from '../../server/auth/passwords'
import { verifyAccessToken } from '../../server/auth/tokens'
import type { Session } from '../../server/auth/roles'
import { ok } from '../../server/lib/envelope'
import { openTestDb, TEST_CLIENT_TOKEN, TEST_JWT_SECRET } from './helpers/testApp'
import { createClaim, createUser, sessionOf, tokenFor } from './helpers/fixtures'

const MINUTE = 60_000

describe('access tokens', () => {
  let app: FastifyInstance
  let db: Db
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-tokens-'))
    const { handle, drop } = await openTestDb()
    const config = loadConfig(
      { NODE_ENV: 'test' },
      { dataDir, clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false },
    )
    app = await buildApp({ config, db: handle, closeDbWithApp: false })
    app.get('/api/test-probe/session', async (request) => ok(request.session))
    await app.ready()
    db = handle.db
    cleanup = async () => {
      await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
  afterAll(async () => cleanup())

  const withBearer = (token: string | null, extra: Record<string, string> = {}) => ({
    authtoken: TEST_CLIENT_TOKEN,
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    ...extra,
  })
  const refresh = (token: string | null) => app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: withBearer(token) })
  const probe = (token: string | null) => app.inject({ url: '/api/test-probe/session', headers: withBearer(token) })

  const expectInvalidToken = (res: Awaited<ReturnType<typeof refresh>>) => {
    expect(res.statusCode).toBe(401)
    const body = res.json()
    expect(body.success).toBe(false)
    expect(body.response).toBeNull()
    expect(body.reason).toContain('Token inválido')
    expect(res.headers['x-new-access-token']).toBeUndefined()
  }

  describe('refresh-token', () => {
    it('answers a fresh token for the same user session, in the body and in x-new-access-token', async () => {
      const user = await createUser(db, 1)
      const before = Date.now()
      const res = await refresh(await tokenFor(app, sessionOf(user), before - 3 * MINUTE))
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.success).toBe(true)
      expect(typeof body.response.accessToken).toBe('string')
      expect(res.headers['x-new-access-token']).toBe(body.response.accessToken)
      const verified = await verifyAccessToken(app.tokenKeys, body.response.accessToken)
      expect(verified?.session).toEqual(sessionOf(user))
      expect(verified!.issuedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000))
      expect(verified!.expiresAt - verified!.issuedAt).toBe(600)
    })

    it('refreshes a collaborator session too', async () => {
      const executive = await createUser(db, 0)
      const { claim, idColaborador } = await createClaim(db, { idEjecutivo: executive.idUser })
      const session: Session = { kind: 'collaborator', idColaborador, idEvento: claim.idEvento, rol: 2 }
      const res = await refresh(await tokenFor(app, session))
      expect(res.statusCode).toBe(200)
      expect((await verifyAccessToken(app.tokenKeys, res.headers['x-new-access-token'] as string))?.session).toEqual(session)
    })
  })

  describe("refusals with 'Token inválido'", () => {
    let user: Awaited<ReturnType<typeof createUser>>
    beforeAll(async () => {
      user = await createUser(db, 0)
    })

    it('a missing token', async () => expectInvalidToken(await refresh(null)))

    it('a token that is not a JWT, or sent with another scheme', async () => {
      expectInvalidToken(await refresh('no-es-un-token'))
      const good = await tokenFor(app, sessionOf(user))
      expectInvalidToken(await app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: withBearer(null, { authorization: `Basic ${good}` }) }))
    })

    it('an expired token (signed 11 minutes ago)', async () => {
      expectInvalidToken(await refresh(await tokenFor(app, sessionOf(user), Date.now() - 11 * MINUTE)))
    })

    it('a token signed with another secret', async () => {
      const forged = await new SignJWT({ rol: 1, ver: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(`u:${user.idUser}`)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('otro-secreto-que-no-es-el-del-servidor'))
      expectInvalidToken(await refresh(forged))
    })

    it("an 'alg: none' token, and a real token whose payload was edited", async () => {
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const now = Math.floor(Date.now() / 1000)
      const payload = { sub: `u:${user.idUser}`, rol: 1, ver: 0, iat: now, exp: now + 600 }
      expectInvalidToken(await refresh(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`))

      const [header, , signature] = (await tokenFor(app, sessionOf(user))).split('.')
      expectInvalidToken(await refresh(`${header}.${b64(payload)}.${signature}`))
    })

    it('a token after a password change (token version bumped)', async () => {
      const victim = await createUser(db, 1)
      const token = await tokenFor(app, sessionOf(victim))
      expect((await refresh(token)).statusCode).toBe(200)
      await db.update(users).set({ passwordHash: 'otra', ...endExistingSessions() }).where(eq(users.idUser, victim.idUser))
      expectInvalidToken(await refresh(token))
      const [after] = await db.select().from(users).where(eq(users.idUser, victim.idUser))
      expect(after!.tokenVersion).toBe(victim.tokenVersion + 1)
      expect((await refresh(await tokenFor(app, sessionOf(after!)))).statusCode).toBe(200)
    })

    it('a token of a user who was deactivated, with or without a version bump', async () => {
      const a = await createUser(db, 0)
      const b = await createUser(db, 3)
      const tokenA = await tokenFor(app, sessionOf(a))
      const tokenB = await tokenFor(app, sessionOf(b))
      await db.update(users).set({ activo: 1, ...endExistingSessions() }).where(eq(users.idUser, a.idUser))
      await db.update(users).set({ activo: 1 }).where(eq(users.idUser, b.idUser))
      expectInvalidToken(await refresh(tokenA))
      expectInvalidToken(await refresh(tokenB))
    })

    it('a token whose role no longer matches the account, or whose account is gone', async () => {
      const changed = await createUser(db, 0)
      const token = await tokenFor(app, sessionOf(changed))
      await db.update(users).set({ rol: 1 }).where(eq(users.idUser, changed.idUser))
      expectInvalidToken(await refresh(token))
      expectInvalidToken(await refresh(await tokenFor(app, { kind: 'user', idUser: 987_654, rol: 1, tokenVersion: 0 })))
    })
  })

  describe('rotation', () => {
    it('adds x-new-access-token to the answer for a token past half its life, and the new token works', async () => {
      const user = await createUser(db, 1)
      const res = await probe(await tokenFor(app, sessionOf(user), Date.now() - 6 * MINUTE))
      expect(res.statusCode).toBe(200)
      expect(res.json().response).toEqual(sessionOf(user))
      const rotated = res.headers['x-new-access-token'] as string
      expect(typeof rotated).toBe('string')
      const verified = await verifyAccessToken(app.tokenKeys, rotated)
      expect(verified?.session).toEqual(sessionOf(user))
      expect(verified!.issuedAt).toBeGreaterThan(Math.floor(Date.now() / 1000) - 5)

      const again = await probe(rotated)
      expect(again.statusCode).toBe(200)
      expect(again.headers['x-new-access-token']).toBeUndefined()
    })

    it('adds nothing for a fresh token (4 minutes old)', async () => {
      const user = await createUser(db, 0)
      const res = await probe(await tokenFor(app, sessionOf(user), Date.now() - 4 * MINUTE))
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-new-access-token']).toBeUndefined()
    })

    it('refresh-token answers one token, the same in body and header, even for an old token', async () => {
      const user = await createUser(db, 0)
      const res = await refresh(await tokenFor(app, sessionOf(user), Date.now() - 9 * MINUTE))
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-new-access-token']).toBe(res.json().response.accessToken)
    })
  })
})
