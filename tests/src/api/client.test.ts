/**
 * The one API helper (spec 7): headers, envelope in and out (never throws), token rotation, forced logout,
 * schema validation, downloads and uploads with byte progress.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiDownload, apiUpload, callApi } from '../../../src/api/client'
import { configureApiSession, type ApiSessionHooks } from '../../../src/api/sessionHooks'
import { authCalls } from '../../../domain/contract/auth'
import { catalogCalls } from '../../../domain/contract/catalog'
import { eventCalls } from '../../../domain/contract/claims'
import { login, refreshToken } from '../../../src/api/auth'
import { ApiError } from '../../../domain/contract/envelope'
import { setRuntimeConfigForTests } from '../../../src/lib/runtimeConfig'
import { fail, installFakeApi, ok, type FakeApi } from '../helpers/fakeApi'
import { USERS } from '../helpers/renderPortal'

let api: FakeApi
let restoreHooks: () => void
let hooks: ApiSessionHooks & { token: string | null; rotated: string[]; invalid: number }

beforeEach(() => {
  setRuntimeConfigForTests({ apiBase: 'http://api.test/', clientToken: 'cliente-123' })
  api = installFakeApi()
  const state = {
    token: 'tok-1' as string | null,
    rotated: [] as string[],
    invalid: 0,
    getAccessToken: () => state.token,
    onTokenRotated: (t: string) => {
      state.rotated.push(t)
      state.token = t
    },
    onTokenInvalid: () => {
      state.invalid++
    },
  }
  hooks = state
  restoreHooks = configureApiSession(state)
})
afterEach(() => {
  restoreHooks()
  api.restore()
  setRuntimeConfigForTests(null)
})

/** An empty page of the claim list, as the contract describes it. */
const EMPTY_PAGE = { items: [], total: 0, totalCapped: false, page: 1, pageSize: 10 }

describe('callApi', () => {
  it('sends authtoken, the extra headers and the bearer token, the JSON body and the query', async () => {
    api.on('POST /api/auth/login', () => ok({ user: USERS.admin, accessToken: 'jwt' }))
    api.on('GET /api/event/all', () => ok(EMPTY_PAGE))
    await callApi(authCalls.login, { body: { email: 'a@b.co', password: 'x', role: 1 } }, { headers: { 'x-extra': 'sí' } })
    expect(await callApi(eventCalls.allClaims, { query: { q: 'uno', page: undefined, pageSize: 10 } })).toEqual(EMPTY_PAGE)
    const [post, get] = api.requests
    expect(post?.headers).toMatchObject({ authtoken: 'cliente-123', authorization: 'Bearer tok-1', 'x-extra': 'sí' })
    expect(post?.headers['content-type']).toContain('application/json')
    expect(post?.body).toEqual({ email: 'a@b.co', password: 'x', role: 1 })
    expect([...get!.query.entries()]).toEqual([
      ['q', 'uno'],
      ['pageSize', '10'],
    ])
  })

  it('defaults to GET and sends no Authorization without a token', async () => {
    hooks.token = null
    api.on('GET /api/catalog/userRoles', () => ok({}))
    await callApi(catalogCalls.userRoles, {})
    expect(api.requests[0]?.method).toBe('GET')
    expect(api.requests[0]?.headers.authorization).toBeUndefined()
  })

  it("throws an ApiError with the server's reason and status on failure", async () => {
    api.on('GET /api/event/all', () => ({ status: 403, body: { success: false, response: { x: 1 }, reason: 'Sin permiso' } }))
    await expect(callApi(eventCalls.allClaims, { query: {} })).rejects.toMatchObject({ name: 'ApiError', reason: 'Sin permiso', status: 403 })
  })

  it('an error status without an envelope gives no reason (the screen shows the spec fallback), never the status code', async () => {
    api.on('GET /api/event/all', () => ({ status: 502, body: undefined }))
    await expect(callApi(eventCalls.allClaims, { query: {} })).rejects.toMatchObject({ reason: '', status: 502 })
  })

  it("a 2xx answer that is not an envelope is an unexpected answer; an envelope whose response is not the contract's gives no reason", async () => {
    api.on('GET /api/event/all', () => ({ status: 200, body: ['no', 'envelope'] }))
    await expect(callApi(eventCalls.allClaims, { query: {} })).rejects.toMatchObject({ reason: 'Respuesta inesperada del servidor', status: 200 })
    api.on('GET /api/event/all', () => ok({ items: 'no es una lista' }))
    await expect(callApi(eventCalls.allClaims, { query: {} })).rejects.toMatchObject({ reason: '' })
  })

  it('a network failure or a cancelled call throws an ApiError without a reason or status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(callApi(catalogCalls.userRoles, {})).rejects.toMatchObject({ name: 'ApiError', reason: '', status: undefined })
    const controller = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    )
    const pending = callApi(catalogCalls.userRoles, {}, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ reason: '', status: undefined })
  })

  it('rotates the token from x-new-access-token, on success and on failure', async () => {
    api.on('GET /api/catalog/userRoles', () => ok({}, { 'x-new-access-token': 'tok-2' }))
    api.on('GET /api/event/all', () => ({ ...fail(400, 'Dato inválido'), headers: { 'x-new-access-token': 'tok-3' } }))
    await callApi(catalogCalls.userRoles, {})
    await callApi(eventCalls.allClaims, { query: {} }).catch(() => undefined)
    expect(hooks.rotated).toEqual(['tok-2', 'tok-3'])
    await callApi(catalogCalls.userRoles, {})
    expect(api.requests[2]?.headers.authorization).toBe('Bearer tok-3')
  })

  it("forces the logout when a reason contains 'Token inválido', and only then", async () => {
    api.on('GET /api/catalog/userRoles', () => fail(401, 'Token inválido'))
    api.on('GET /api/event/all', () => fail(401, 'Correo, contraseña o rol incorrectos'))
    await callApi(eventCalls.allClaims, { query: {} }).catch(() => undefined)
    expect(hooks.invalid).toBe(0)
    await callApi(catalogCalls.userRoles, {}).catch(() => undefined)
    expect(hooks.invalid).toBe(1)
  })
})

describe('endpoint functions validate answers', () => {
  it('login resolves with the session the contract describes', async () => {
    api.on('POST /api/auth/login', () => ok({ user: USERS.admin, accessToken: 'jwt' }))
    expect(await login({ email: 'a@b.co', password: 'x', role: 1 })).toEqual({ user: USERS.admin, accessToken: 'jwt' })
  })

  it('a malformed login answer (a numeric role code, a user without type) throws an ApiError without a reason, so the screen shows its fallback', async () => {
    api.on('POST /api/auth/login', () => ok({ user: { ...USERS.admin, rol: 1 }, accessToken: 'jwt' }))
    await expect(login({ email: 'a@b.co', password: 'x', role: 1 })).rejects.toMatchObject({ reason: '' })
    api.on('POST /api/auth/login', () => ok({ user: { nombre: 'sin tipo' }, accessToken: 'jwt' }))
    await expect(login({ email: 'a@b.co', password: 'x', role: 0 })).rejects.toBeInstanceOf(ApiError)
  })

  it('refresh-token resolves with the new token, which the x-new-access-token header also rotates', async () => {
    api.on('POST /api/auth/refresh-token', () => ok({ accessToken: 'tok-nuevo' }, { 'x-new-access-token': 'tok-nuevo' }))
    expect(await refreshToken()).toEqual({ accessToken: 'tok-nuevo' })
    expect(hooks.rotated).toEqual(['tok-nuevo'])
    api.on('POST /api/auth/refresh-token', () => fail(401, 'Token inválido: inicie sesión de nuevo'))
    await expect(refreshToken()).rejects.toMatchObject({ reason: 'Token inválido: inicie sesión de nuevo', status: 401 })
  })
})

describe('apiDownload', () => {
  it('returns the file and its name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="factura C12.pdf"', 'x-new-access-token': 'tok-9' },
      })),
    )
    const result = await apiDownload('/api/event/invoices/12')
    expect(result.success).toBe(true)
    if (result.success) {
      expect(result.fileName).toBe('factura C12.pdf')
      expect(await result.blob.text()).toBe('%PDF-1.4')
    }
    expect(hooks.rotated).toEqual(['tok-9'])
  })

  it('turns a JSON error into a failure with the reason', async () => {
    api.on('GET /api/event/invoices/12', () => fail(404, 'Factura no encontrada'))
    expect(await apiDownload('/api/event/invoices/12')).toMatchObject({ success: false, reason: 'Factura no encontrada', status: 404 })
  })
})

/** A scriptable XMLHttpRequest: records what was sent and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | undefined
  method = ''
  url = ''
  headers: Record<string, string> = {}
  sent: unknown
  status = 0
  responseText = ''
  responseHeaders: Record<string, string> = {}
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }
  send(body: unknown) {
    this.sent = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.responseHeaders = headers
    this.onload?.()
  }
}

describe('apiUpload', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr))

  it('posts the form with the same headers, reports byte progress and returns the envelope', async () => {
    const form = new FormData()
    form.append('idEvento', '12')
    const progress: number[] = []
    const pending = apiUpload('/api/file/add-files-to-event', form, { onProgress: (p) => progress.push(p.percent) })
    const xhr = FakeXhr.last!
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://api.test/api/file/add-files-to-event'])
    expect(xhr.headers).toMatchObject({ authtoken: 'cliente-123', authorization: 'Bearer tok-1' })
    expect(xhr.sent).toBe(form)
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 2048 })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2048, total: 2048 })
    xhr.answer(200, { success: true, response: { ok: 1 }, reason: null }, { 'x-new-access-token': 'tok-up' })
    expect(await pending).toEqual({ success: true, response: { ok: 1 }, reason: null })
    expect(progress).toEqual([25, 100])
    expect(hooks.rotated).toEqual(['tok-up'])
  })

  it('returns the server reason, forces logout on Token inválido, and resolves network errors and aborts', async () => {
    const failing = apiUpload('/api/x', new FormData())
    FakeXhr.last!.answer(401, { success: false, response: null, reason: 'Token inválido' })
    expect(await failing).toMatchObject({ success: false, reason: 'Token inválido', status: 401 })
    expect(hooks.invalid).toBe(1)

    const offline = apiUpload('/api/x', new FormData())
    FakeXhr.last!.onerror?.()
    expect(await offline).toEqual({ success: false, reason: 'No fue posible conectar con el servidor' })

    const controller = new AbortController()
    const cancelled = apiUpload('/api/x', new FormData(), { signal: controller.signal })
    controller.abort()
    expect(await cancelled).toEqual({ success: false, reason: 'Solicitud cancelada' })
  })
})
