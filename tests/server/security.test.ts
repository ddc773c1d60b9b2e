/**
 * Cross-cutting security of the API: the fixed client header is checked before anything else (session, schema,
 * rate limit), and every answer carries helmet's headers with a CSP that allows no inline script.
 */
import { describe, expect, it } from 'vitest'
import { TEST_CLIENT_TOKEN, useTestApp } from './helpers/testApp'
import { createUser, sessionOf, tokenFor, TEST_PASSWORD } from './helpers/fixtures'

describe('API security', () => {
  const t = useTestApp()

  describe('the authtoken client header', () => {
    const clientRefused = (res: { statusCode: number; json: () => { success: boolean; response: unknown; reason: string } }) => {
      expect(res.statusCode).toBe(401)
      const body = res.json()
      expect(body.success).toBe(false)
      expect(body.response).toBeNull()
      expect(body.reason).toBe('Cliente no autorizado')
    }

    for (const [what, headers] of [
      ['missing', {}],
      ['wrong', { authtoken: 'otro-cliente' }],
      ['empty', { authtoken: '' }],
    ] as const) {
      it(`${what}: sign-in answers 401 before looking at the body, even a valid one`, async () => {
        const user = await createUser(t.db, 0)
        clientRefused(
          await t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email: user.email, password: TEST_PASSWORD, role: 0 } }),
        )
        clientRefused(await t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { nonsense: true } }))
        clientRefused(
          await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...headers, 'content-type': 'application/json' }, payload: '{' }),
        )
        clientRefused(await t.app.inject({ method: 'POST', url: '/api/auth/login-colaborator', headers, payload: { idColaborador: 1, numProcedure: 1 } }))
        clientRefused(await t.app.inject({ url: '/api/catalog/userRoles', headers }))
      })

      it(`${what}: an authenticated route answers 401 even with a valid bearer token, and rotates nothing`, async () => {
        const user = await createUser(t.db, 1)
        const token = await tokenFor(t.app, sessionOf(user), Date.now() - 8 * 60_000)
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { ...headers, authorization: `Bearer ${token}` } })
        clientRefused(res)
        expect(res.headers['x-new-access-token']).toBeUndefined()
      })
    }

    it('is checked before the per-IP rate limit counts the request', async () => {
      const ip = '10.3.0.1'
      for (let i = 0; i < 40; i++) {
        clientRefused(await t.app.inject({ method: 'POST', url: '/api/auth/login-colaborator', payload: { idColaborador: i, numProcedure: 1 }, remoteAddress: ip }))
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-colaborator',
        headers: { authtoken: TEST_CLIENT_TOKEN },
        payload: { idColaborador: 1, numProcedure: 1 },
        remoteAddress: ip,
      })
      expect(res.statusCode).toBe(401)
      expect(res.json().reason).toBe('Número de trámite y/o colaborador incorrectos')
    })
  })

  describe('security headers', () => {
    // Computed once at build (server/lib/securityHeaders.ts, issue 27); the same eleven on every kind of answer.
    it('sends the same helmet headers on an answer, a refusal and a bad request', async () => {
      const expected = {
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      }
      const answers = [
        await t.app.inject({ url: '/api/catalog/userRoles', headers: { authtoken: TEST_CLIENT_TOKEN } }),
        await t.app.inject({ url: '/api/event/all' }),
        await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { authtoken: TEST_CLIENT_TOKEN }, payload: {} }),
      ]
      expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 400])
      for (const res of answers) {
        expect(res.headers).toMatchObject(expected)
        expect(res.headers['strict-transport-security']).toBeUndefined()
        expect(res.headers['content-security-policy']).toBe(answers[0]!.headers['content-security-policy'])
      }
    })

    const cspOf = (headers: Record<string, unknown>) => {
      const raw = String(headers['content-security-policy'] ?? '')
      return new Map(
        raw
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const [name, ...values] = d.split(/\s+/)
            return [name!, values] as const
          }),
      )
    }

    it('sends a CSP whose script-src is self only, without inline script', async () => {
      for (const res of [
        await t.app.inject({ url: '/api/catalog/userRoles', headers: { authtoken: TEST_CLIENT_TOKEN } }),
        await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
        await t.app.inject({ url: '/api/health' }),
      ]) {
        const csp = cspOf(res.headers)
        expect(csp.get('script-src')).toEqual(["'self'"])
        expect(csp.get('default-src')).toEqual(["'self'"])
        expect(csp.get('object-src')).toEqual(["'none'"])
        expect(csp.get('frame-ancestors')).toEqual(["'none'"])
        expect(csp.get('script-src-attr')).toEqual(["'none'"])
        // The PDF viewer's worker comes from our origin only (no blob:, no eval).
        expect(csp.get('worker-src')).toEqual(["'self'"])
        expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/)
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect(res.headers['x-powered-by']).toBeUndefined()
      }
    })
  })
})
