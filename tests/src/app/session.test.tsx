/**
 * The session wired into the app (spec 4 "Session", 8): bearer token on calls, rotation from
 * x-new-access-token, forced logout on 'Token inválido', and the timed refresh through the real API helper.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callApi } from '../../../src/api/client'
import { eventCalls } from '../../../domain/contract/claims'
import { fail, ok } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'
import { fakeApiForEachTest } from '../helpers/fakeApiForEachTest'

/** Lets pending fetches and actor updates finish on the fake clock (testing-library's waitFor would wait on it). */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
  }
}

// The app imports the token refresh call when it first refreshes (src/lib/session.tsx, issue 24). Loaded here first,
// so the fake clock below times the refresh itself, not the test runner reading and transforming that module.
beforeAll(async () => {
  await import('../../../src/api/auth')
})

const api = fakeApiForEachTest(() => ({ 'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0 }) }))
afterEach(() => {
  vi.useRealTimers()
})

describe('session in the app', () => {
  it('sends the stored token as bearer and rotates it from x-new-access-token', async () => {
    const emptyPage = { items: [], total: 0, totalCapped: false, page: 1, pageSize: 10 }
    api.on('GET /api/event/all', () => ok(emptyPage, { 'x-new-access-token': 'token-nuevo' }))
    const view = renderPortal('/home', { signedInAs: USERS.executive, accessToken: 'token-viejo' })
    const before = Date.now()
    expect(await callApi(eventCalls.allClaims, { query: {} })).toEqual(emptyPage)
    const sent = api.requests.filter((r) => r.path === '/api/event/all')
    expect(sent[0]?.headers.authorization).toBe('Bearer token-viejo')
    expect(sent[0]?.headers.authtoken).toBe('token-de-cliente')
    expect(localStorage.getItem('accessToken')).toBe('token-nuevo')
    expect(Date.parse(localStorage.getItem('lastUpdate') ?? '')).toBeGreaterThanOrEqual(before - 1)
    await callApi(eventCalls.allClaims, { query: {} })
    expect(api.requests.filter((r) => r.path === '/api/event/all')[1]?.headers.authorization).toBe('Bearer token-nuevo')
  })

  it("an answer with 'Token inválido' clears the session and goes to /", async () => {
    api.on('GET /api/event/all', () => fail(401, 'Token inválido o expirado'))
    const view = renderPortal('/mis-tramites', { signedInAs: USERS.executive })
    await act(() => expect(callApi(eventCalls.allClaims, { query: {} })).rejects.toMatchObject({ reason: 'Token inválido o expirado', status: 401 }))
    await waitFor(() => expect(view.pathname()).toBe('/'))
    expect([localStorage.getItem('user'), localStorage.getItem('accessToken'), localStorage.getItem('lastUpdate')]).toEqual([null, null, null])
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
  })

  it('refreshes an 8-minute-old token at the next 60 s check', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-04T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    api.on('POST /api/auth/refresh-token', () => ok({ accessToken: 'token-renovado' }, { 'x-new-access-token': 'token-renovado' }))
    const view = renderPortal('/home', {
      signedInAs: USERS.executive,
      accessToken: 'token-inicial',
      lastUpdate: new Date('2026-05-04T09:53:00Z').toISOString(), // 7 minutes old
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000) // 8 minutes: not older than 8 yet
    })
    expect(api.requests.some((r) => r.path === '/api/auth/refresh-token')).toBe(false)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    const refresh = api.requests.filter((r) => r.path === '/api/auth/refresh-token')
    expect(refresh).toHaveLength(1)
    expect(refresh[0]?.headers.authorization).toBe('Bearer token-inicial')
    await settle()
    expect(localStorage.getItem('accessToken')).toBe('token-renovado')
    expect(localStorage.getItem('lastUpdate')).toBe('2026-05-04T10:02:00.000Z')
    expect(view.pathname()).toBe('/home')
  })

  it('a failed refresh clears the session and goes to /', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-04T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    api.on('POST /api/auth/refresh-token', () => fail(500, 'Error interno'))
    const view = renderPortal('/home-colaborador', {
      signedInAs: USERS.collaborator,
      lastUpdate: new Date('2026-05-04T09:50:00Z').toISOString(), // 10 minutes old: refreshed at once
    })
    await settle()
    expect(api.requests.filter((r) => r.path === '/api/auth/refresh-token')).toHaveLength(1)
    expect(view.pathname()).toBe('/')
    expect(localStorage.getItem('user')).toBeNull()
  })
})
