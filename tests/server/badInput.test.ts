/**
 * Bad input never reaches the database and never gets a 500: path and query numbers are plain digits, report dates
 * are real calendar dates within 1900–2100 before any byte is sent, Fastify's own refusals answer the envelope, every
 * API answer says `Cache-Control: no-store`, and a token must end no later than 10 minutes after it was issued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { buildTestApp, TEST_CLIENT_TOKEN, TEST_JWT_SECRET, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createUser, sessionOf } from './helpers/fixtures'

let t: TestApp
let headers: Record<string, string>
let idEvento: number

beforeAll(async () => {
  t = await buildTestApp()
  const admin = await createUser(t.db, 1)
  headers = await authHeaders(t.app, sessionOf(admin))
  idEvento = (await createClaim(t.db, { idEjecutivo: admin.idUser })).claim.idEvento
})
afterAll(async () => t.close())

const get = (url: string, extra: Record<string, string> = headers) => t.app.inject({ method: 'GET', url, headers: extra })

describe('numbers in the path and the query', () => {
  it.each(['Infinity', '-Infinity', '1e400', '0x10', '1e1', '+7', '7.0', '-1', ' 7', '99999999999999999999'])(
    'refuses %j as a claim id with a 400 in the envelope',
    async (raw) => {
      const response = await get(`/api/event/by-id/${encodeURIComponent(raw)}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ success: false, response: null, reason: 'Trámite: El valor ingresado debe de ser un número' })
    },
  )

  it.each(['Infinity', '1e400', '2.5', '0x2'])('refuses page=%j with a 400', async (raw) => {
    const response = await get(`/api/event/all?page=${encodeURIComponent(raw)}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().reason).toBe('Página: El valor ingresado debe de ser un número')
  })

  it('still reads plain digits', async () => {
    expect((await get(`/api/event/by-id/${idEvento}`)).statusCode).toBe(200)
    expect((await get('/api/event/all?page=1&pageSize=10')).statusCode).toBe(200)
  })
})

describe('numbers in a JSON body', () => {
  const send = (method: 'PUT' | 'POST', url: string, payload: unknown) => t.app.inject({ method, url, headers, payload: payload as object })
  const providerOf = async () => (await get(`/api/event/by-id/${idEvento}`)).json().response.idProveedor

  // ajv's coercion read true as 1, false and null as 0, and [5] as 5: `{ "idProveedor": true }` assigned provider 1.
  it.each([true, false, null, [1], { id: 1 }, '0x1', '1e0'])('refuses idProveedor %j with a 400, and assigns nothing', async (value) => {
    const before = await providerOf()
    const response = await send('PUT', '/api/event/assign-provider', { idEvento, idProveedor: value })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, response: null, reason: 'Proveedor: El valor ingresado debe de ser un número' })
    expect(await providerOf()).toBe(before)
  })

  it('refuses the same inside a list of the body', async () => {
    const preguntas = [1, 2, 3].map((tipo) => ({ tipo, idStatus: tipo === 2 ? true : 2 }))
    const response = await send('POST', '/api/file/verify-file', { idEvento, preguntas })
    expect(response.statusCode).toBe(400)
    expect(response.json().reason).toBe('Tipo de dato inválido en preguntas.1.idStatus')
  })
})

describe('report dates', () => {
  it.each([
    ['0000-01-01', '2026-01-01'],
    ['1899-12-31', '2026-01-01'],
    ['2026-01-01', '2101-01-01'],
    ['2026-02-30', '2026-03-01'],
  ])('refuses %s – %s before sending anything', async (initDate, endDate) => {
    const response = await get(`/api/event/report?initDate=${initDate}&endDate=${endDate}`)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json().reason).toBe('Fecha inválida: use el formato AAAA-MM-DD')
  })
})

describe("Fastify's own refusals answer the envelope", () => {
  it('a malformed percent-encoding', async () => {
    const response = await get('/api/event/by-id/%E0%A4%A')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, response: null, reason: 'La dirección solicitada no es válida' })
  })

  it('a path parameter over 100 characters', async () => {
    const response = await get(`/api/event/by-id/${'1'.repeat(120)}`)
    expect(response.statusCode).toBe(414)
    expect(response.json().success).toBe(false)
  })

  it('an unknown method or route', async () => {
    const response = await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/event/all', headers })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ success: false, response: null, reason: 'Ruta no encontrada' })
  })
})

describe('caching', () => {
  it.each(['/api/event/all', '/api/catalog/userRoles', '/api/nothing'])('%s answers Cache-Control: no-store', async (url) => {
    expect((await get(url)).headers['cache-control']).toBe('no-store')
  })
})

describe('token lifetime', () => {
  const secret = new TextEncoder().encode(TEST_JWT_SECRET)
  const admin = () => createUser(t.db, 1)
  const tokenWith = async (sub: string, ver: number, exp: number | null) => {
    const iat = Math.floor(Date.now() / 1000)
    const jwt = new SignJWT({ rol: 1, ver }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub).setIssuedAt(iat)
    if (exp !== null) jwt.setExpirationTime(iat + exp)
    return jwt.sign(secret)
  }
  const withToken = (token: string) => ({ authtoken: TEST_CLIENT_TOKEN, authorization: `Bearer ${token}` })

  it('refuses a token signed with the real key but without exp', async () => {
    const user = await admin()
    const response = await get('/api/event/all', withToken(await tokenWith(`u:${user.idUser}`, user.tokenVersion, null)))
    expect(response.statusCode).toBe(401)
  })

  it('refuses a token whose exp is ten years after iat, and accepts one of 10 minutes', async () => {
    const user = await admin()
    const tenYears = 10 * 365 * 24 * 3600
    expect((await get('/api/event/all', withToken(await tokenWith(`u:${user.idUser}`, user.tokenVersion, tenYears)))).statusCode).toBe(401)
    expect((await get('/api/event/all', withToken(await tokenWith(`u:${user.idUser}`, user.tokenVersion, 600)))).statusCode).toBe(200)
    expect((await get('/api/event/all', withToken(await tokenWith(`u:${user.idUser}`, user.tokenVersion, 601)))).statusCode).toBe(401)
  })
})
