/**
 * A fake API behind `fetch` for view tests: routes "METHOD /path" to handlers that answer like the server
 * (envelope bodies, status, headers) and records every request with its headers and JSON body.
 */
import { vi } from 'vitest'
import { COUNT_LIMIT } from '../../../domain/paging'

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
}

export interface FakeAnswer {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

export type Handler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>

export function ok(response: unknown, headers?: Record<string, string>): FakeAnswer {
  return { status: 200, body: { success: true, response, reason: null }, headers }
}

export function fail(status: number, reason: string): FakeAnswer {
  return { status, body: { success: false, response: null, reason } }
}

export interface FakeApi {
  requests: RecordedRequest[]
  /** Replaces or adds a route. */
  on(route: string, handler: Handler): void
  restore(): void
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  new Headers(init?.headers).forEach((value, key) => {
    out[key.toLowerCase()] = value
  })
  return out
}

export function installFakeApi(routes: Record<string, Handler> = {}): FakeApi {
  const table = new Map(Object.entries(routes))
  const requests: RecordedRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    let body: unknown = init?.body ?? null
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        // keep the raw text
      }
    }
    const request: RecordedRequest = { method, path: url.pathname, query: url.searchParams, headers: headersOf(init), body }
    requests.push(request)
    const handler = table.get(`${method} ${url.pathname}`)
    if (!handler) return new Response(JSON.stringify({ success: false, reason: 'Ruta no encontrada' }), { status: 404, headers: { 'content-type': 'application/json' } })
    const answer = await handler(request)
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    requests,
    on: (route, handler) => void table.set(route, handler),
    restore: () => vi.unstubAllGlobals(),
  }
}

/**
 * Like the server's paged lists: the items matching the `q` parameter, page `page` (1) of `pageSize` (10) items,
 * counted up to `countLimit` (COUNT_LIMIT; a view test passes a small one to see «Más de …»).
 */
export function pagedAnswer<T>(
  request: RecordedRequest,
  all: readonly T[],
  matches: (item: T, q: string) => boolean,
  countLimit: number = COUNT_LIMIT,
): FakeAnswer {
  const q = request.query.get('q') ?? ''
  const page = Number(request.query.get('page') ?? 1)
  const pageSize = Number(request.query.get('pageSize') ?? 10)
  const matching = all.filter((item) => matches(item, q))
  const totalCapped = matching.length > countLimit
  const total = totalCapped ? countLimit : matching.length
  return ok({ items: matching.slice((page - 1) * pageSize, page * pageSize), total, totalCapped, page, pageSize })
}

/** `pagedAnswer`'s usual search: claims whose number contains the digits of `q`. */
export const claimNumberContains = (item: { idEvento: number }, q: string) => String(item.idEvento).includes(q)
