/**
 * Sign-in API: the role catalogue, role sign-in for every role, collaborator sign-in, the refusals (all with one
 * reason), the schema refusals (400, never 500) and the per-IP rate limit.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, TEST_CLIENT_TOKEN, type TestApp, useTestApp } from './helpers/testApp'
import { createClaim, createProvider, createUser, TEST_PASSWORD } from './helpers/fixtures'
import { users } from '../../server/db/schema'
import { verifyAccessToken } from '../../server/auth/tokens'
import { COLLABORATOR_LOGIN_FAILED, LOGIN_FAILED, LOGIN_RATE_LIMIT_PER_MINUTE } from '../../server/routes/auth'

let ipCounter = 0
/** Each call from its own client address, so the per-IP rate limit stays out of tests that are not about it. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

describe('sign-in API', () => {
  const t = useTestApp()

  const login = (payload: unknown, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { authtoken: TEST_CLIENT_TOKEN }, payload: payload as object, remoteAddress })
  const loginCollaborator = (payload: unknown, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login-colaborator',
      headers: { authtoken: TEST_CLIENT_TOKEN },
      payload: payload as object,
      remoteAddress,
    })
  const refresh = (accessToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authtoken: TEST_CLIENT_TOKEN, authorization: `Bearer ${accessToken}` },
      remoteAddress: freshIp(),
    })

  describe('role catalogue', () => {
    it('maps the display names to role codes, with the partner name from configuration', async () => {
      const res = await t.app.inject({ url: '/api/catalog/userRoles', headers: { authtoken: TEST_CLIENT_TOKEN } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        success: true,
        response: { Ejecutivo: 0, Administrativo: 1, Proveedores: 3, [t.config.partnerName]: 4 },
        reason: '',
      })
      expect(t.config.partnerName).toBe('Coppel')
    })

    it('uses another partner name when configured', async () => {
      const other = await buildTestApp({ partnerName: 'Liverpool' })
      try {
        const res = await other.app.inject({ url: '/api/catalog/userRoles', headers: { authtoken: TEST_CLIENT_TOKEN } })
        expect(res.json().response).toEqual({ Ejecutivo: 0, Administrativo: 1, Proveedores: 3, Liverpool: 4 })
      } finally {
        await other.close()
      }
    })

    it('needs the client header but no session', async () => {
      expect((await t.app.inject({ url: '/api/catalog/userRoles' })).statusCode).toBe(401)
    })
  })

  describe('role sign-in', () => {
    const cases = [
      { rol: 0, userType: 'Ejecutivo' },
      { rol: 1, userType: 'Administrador' },
      { rol: 4, userType: 'Socio' },
    ] as const

    for (const { rol, userType } of cases) {
      it(`signs in a ${userType} (role ${rol}) and answers the stored-session record and a working token`, async () => {
        const user = await createUser(t.db, rol, { nombre2: 'Segundo', apeMat: 'Materno' })
        const res = await login({ email: user.email, password: TEST_PASSWORD, role: rol })
        expect(res.statusCode).toBe(200)
        const body = res.json()
        expect(body.success).toBe(true)
        expect(body.reason).toBe('')
        expect(body.response.user).toEqual({
          idUser: user.idUser,
          nombre: user.nombre,
          nombre2: 'Segundo',
          apePat: user.apePat,
          apeMAt: 'Materno',
          email: user.email,
          foto: null,
          userType,
          rol: String(rol),
          idColaborador: null,
          idEvento: null,
          idProveedor: null,
        })
        const verified = await verifyAccessToken(t.app.tokenKeys, body.response.accessToken)
        expect(verified?.session).toEqual({ kind: 'user', idUser: user.idUser, rol, tokenVersion: 0 })
        expect(verified!.expiresAt - verified!.issuedAt).toBe(600)
        expect((await refresh(body.response.accessToken)).statusCode).toBe(200)
        // A sign-in answer is not an authenticated answer: no rotation header.
        expect(res.headers['x-new-access-token']).toBeUndefined()
      })
    }

    it('signs in a provider (role 3) with its provider id', async () => {
      const { user, provider } = await createProvider(t.db)
      const res = await login({ email: user.email, password: TEST_PASSWORD, role: 3 })
      expect(res.statusCode).toBe(200)
      expect(res.json().response.user).toMatchObject({
        idUser: user.idUser,
        userType: 'Proveedor',
        rol: '3',
        idProveedor: provider.idProveedor,
        idColaborador: null,
      })
    })

    it('answers the photo URL when the user has one', async () => {
      const fotoKey = '2026/01/0b5d7c62-8f8e-4a59-9d8a-2f1c6d0c9a11.jpg'
      const user = await createUser(t.db, 0, { fotoKey })
      const res = await login({ email: user.email, password: TEST_PASSWORD, role: 0 })
      expect(res.json().response.user.foto).toBe(`/api/file/photo/${fotoKey}`)
    })

    it('matches the email without regard to case or surrounding spaces', async () => {
      const user = await createUser(t.db, 0)
      const res = await login({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD, role: 0 })
      expect(res.statusCode).toBe(200)
      expect(res.json().response.user.idUser).toBe(user.idUser)
    })

    it('upgrades a hash made with weaker parameters on a successful sign-in, and the password keeps working', async () => {
      const user = await createUser(t.db, 0)
      expect(user.passwordHash).toContain('m=1024')
      expect((await login({ email: user.email, password: TEST_PASSWORD, role: 0 })).statusCode).toBe(200)
      const [after] = await t.db.select().from(users).where(eq(users.idUser, user.idUser))
      const params = after!.passwordHash.split('$')[3]!.split(',').sort()
      expect(after!.passwordHash.startsWith('$argon2id$')).toBe(true)
      expect(params).toEqual(['m=19456', 'p=1', 't=2'])
      expect(after!.tokenVersion).toBe(user.tokenVersion)
      expect((await login({ email: user.email, password: TEST_PASSWORD, role: 0 })).statusCode).toBe(200)
    })
  })

  describe('role sign-in refusals all answer the same 401 reason', () => {
    const expectRefused = async (res: Awaited<ReturnType<typeof login>>) => {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, response: null, reason: LOGIN_FAILED })
    }

    it("the one reason names the role too (issue 21: a right password under another role said 'Correo o contraseña incorrectos')", () => {
      expect(LOGIN_FAILED).toBe('Correo, contraseña o rol incorrectos')
    })

    for (const rol of [0, 1, 3, 4] as const) {
      it(`wrong password for role ${rol}`, async () => {
        const user = await createUser(t.db, rol)
        await expectRefused(await login({ email: user.email, password: 'Otra#2026', role: rol }))
      })
    }

    it('unknown email', async () => {
      await expectRefused(await login({ email: 'nadie@coppel.com', password: TEST_PASSWORD, role: 0 }))
    })

    it('right password but another role than the account has', async () => {
      const executive = await createUser(t.db, 0)
      for (const role of [1, 2, 3, 4]) await expectRefused(await login({ email: executive.email, password: TEST_PASSWORD, role }))
      const admin = await createUser(t.db, 1)
      await expectRefused(await login({ email: admin.email, password: TEST_PASSWORD, role: 0 }))
    })

    it('inactive user with the right password and role', async () => {
      const user = await createUser(t.db, 0, { activo: 1 })
      await expectRefused(await login({ email: user.email, password: TEST_PASSWORD, role: 0 }))
    })

    it('a stored value that is not an argon2 hash never matches (and never fails with 500)', async () => {
      const user = await createUser(t.db, 0, { passwordHash: TEST_PASSWORD })
      await expectRefused(await login({ email: user.email, password: TEST_PASSWORD, role: 0 }))
    })
  })

  describe('collaborator sign-in', () => {
    it('signs in the collaborator who owns the claim, with a collaborator session for that claim', async () => {
      const executive = await createUser(t.db, 0)
      const { claim, idColaborador } = await createClaim(t.db, { idEjecutivo: executive.idUser })
      const res = await loginCollaborator({ idColaborador, numProcedure: claim.idEvento })
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.success).toBe(true)
      expect(body.response.user).toEqual({
        idUser: 0,
        nombre: 'María',
        nombre2: 'Elena',
        apePat: 'López',
        apeMAt: 'García',
        email: `maria${idColaborador}@correo.com`,
        foto: null,
        userType: 'Colaborador',
        rol: '2',
        idColaborador,
        idEvento: claim.idEvento,
        idProveedor: null,
      })
      const verified = await verifyAccessToken(t.app.tokenKeys, body.response.accessToken)
      expect(verified?.session).toEqual({ kind: 'collaborator', idColaborador, idEvento: claim.idEvento, rol: 2 })
      expect((await refresh(body.response.accessToken)).statusCode).toBe(200)
    })

    it('accepts the numbers as numeric strings (the form sends what was typed)', async () => {
      const executive = await createUser(t.db, 0)
      const { claim, idColaborador } = await createClaim(t.db, { idEjecutivo: executive.idUser })
      const res = await loginCollaborator({ idColaborador: String(idColaborador), numProcedure: String(claim.idEvento) })
      expect(res.statusCode).toBe(200)
    })

    it("refuses another collaborator's claim, an unknown claim and an unknown collaborator with one reason", async () => {
      const executive = await createUser(t.db, 0)
      const mine = await createClaim(t.db, { idEjecutivo: executive.idUser })
      const theirs = await createClaim(t.db, { idEjecutivo: executive.idUser })
      for (const payload of [
        { idColaborador: mine.idColaborador, numProcedure: theirs.claim.idEvento },
        { idColaborador: mine.idColaborador, numProcedure: theirs.claim.idEvento + 1000 },
        { idColaborador: 12345, numProcedure: mine.claim.idEvento },
      ]) {
        const res = await loginCollaborator(payload)
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ success: false, response: null, reason: COLLABORATOR_LOGIN_FAILED })
      }
    })
  })

  describe('schema refusals answer 400 with a Spanish envelope', () => {
    const valid = { email: 'alguien@coppel.com', password: TEST_PASSWORD, role: 0 }
    const badLogins: [string, unknown][] = [
      ['an extra field', { ...valid, captcha: 'x' }],
      ['a missing field', { email: valid.email, password: valid.password }],
      ['a role that is not a number', { ...valid, role: 'Ejecutivo' }],
      ['a role out of range', { ...valid, role: 9 }],
      ['a password that is an object', { ...valid, password: { $ne: '' } }],
      ['an empty password', { ...valid, password: '' }],
      ['an email far too long', { ...valid, email: `${'a'.repeat(300)}@coppel.com` }],
      ['a password far too long', { ...valid, password: 'A'.repeat(10_000) }],
      ['an array instead of an object', [valid]],
    ]
    for (const [what, payload] of badLogins) {
      it(`login with ${what}`, async () => {
        const res = await login(payload)
        expect(res.statusCode).toBe(400)
        const body = res.json()
        expect(body.success).toBe(false)
        expect(body.response).toBeNull()
        expect(body.reason).toMatch(/^(Campo|Tipo|El |Datos|Formato)/)
      })
    }

    it('login with an extra field names it', async () => {
      expect((await login({ ...valid, extra: 1 })).json().reason).toBe('Campo no permitido: extra')
    })

    const badCollaborator: [string, unknown][] = [
      ['a collaborator number that is text', { idColaborador: 'abc', numProcedure: 1 }],
      ['a claim number with decimals', { idColaborador: 1, numProcedure: 1.5 }],
      ['a claim number beyond the database range', { idColaborador: 1, numProcedure: 99_999_999_999 }],
      ['a negative collaborator number', { idColaborador: -1, numProcedure: 1 }],
      ['an extra field', { idColaborador: 1, numProcedure: 1, role: 2 }],
    ]
    for (const [what, payload] of badCollaborator) {
      it(`collaborator login with ${what}`, async () => {
        const res = await loginCollaborator(payload)
        expect(res.statusCode).toBe(400)
        expect(res.json().success).toBe(false)
        expect(res.json().reason).not.toBe('')
      })
    }

    it('malformed JSON and a missing body', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authtoken: TEST_CLIENT_TOKEN, 'content-type': 'application/json' },
        payload: '{"email": ',
        remoteAddress: freshIp(),
      })
      expect(broken.statusCode).toBe(400)
      expect(broken.json()).toMatchObject({ success: false, response: null })
      const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { authtoken: TEST_CLIENT_TOKEN }, remoteAddress: freshIp() })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().success).toBe(false)
    })
  })

  describe('per-IP rate limit', () => {
    it(`answers 429 after ${LOGIN_RATE_LIMIT_PER_MINUTE} sign-in attempts a minute from one address, other addresses unaffected`, async () => {
      const ip = '10.200.0.1'
      for (let i = 0; i < LOGIN_RATE_LIMIT_PER_MINUTE; i++) {
        // distinct collaborator numbers so the per-account throttle does not interfere
        const res = await loginCollaborator({ idColaborador: 500_000 + i, numProcedure: 1 }, ip)
        expect(res.statusCode).toBe(401)
      }
      const limited = await loginCollaborator({ idColaborador: 600_000, numProcedure: 1 }, ip)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({ success: false, response: null, reason: 'Demasiadas solicitudes; hay que esperar unos minutos para intentarlo de nuevo' })
      const limitedLogin = await login({ email: 'x@coppel.com', password: 'x', role: 0 }, ip)
      expect(limitedLogin.statusCode).toBe(401) // each sign-in route has its own budget
      const elsewhere = await loginCollaborator({ idColaborador: 600_001, numProcedure: 1 }, '10.200.0.2')
      expect(elsewhere.statusCode).toBe(401)
    })
  })
})
