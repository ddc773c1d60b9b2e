/**
 * The ONE way the app talks to the API (spec section 7). Every call carries the fixed `authtoken` client header,
 * any extra headers and `Authorization: Bearer <accessToken>` when a session exists; an `x-new-access-token`
 * response header rotates the stored token; a reason containing 'Token inválido' forces a logout.
 *
 * Calls never throw for HTTP or network errors: they resolve to the server's envelope `{ success, response,
 * reason }` (the error body on failure) or to a synthetic failure envelope, so every screen handles one shape.
 * Three transports share the headers and the session rules: JSON (`apiRequest`/`apiCall`), file download
 * (`apiDownload`) and multipart upload with byte progress (`apiUpload`, on XMLHttpRequest because fetch cannot
 * report upload progress).
 */
import { ofetch } from 'ofetch'
import { create, is, type Struct } from 'superstruct'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { EnvelopeStruct } from './schemas'
import { clearStoredSession, readStoredSession, writeStoredSession } from './storedSession'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: HttpMethod
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface ApiSuccess<T> {
  success: true
  response: T
  reason?: string | null
}

export interface ApiFailure {
  success: false
  reason: string
  response?: unknown
  /** HTTP status when the server answered; absent for network failures and malformed answers. */
  status?: number
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure

export const HEADER_NAMES = {
  client: 'authtoken',
  authorization: 'Authorization',
  newAccessToken: 'x-new-access-token',
} as const

export const CLIENT_MESSAGES = {
  network: 'No fue posible conectar con el servidor',
  malformed: 'Respuesta inesperada del servidor',
  cancelled: 'Solicitud cancelada',
  httpError: (status: number) => `Error del servidor (${status})`,
} as const

export const TOKEN_INVALID_TEXT = 'Token inválido'

export function isTokenInvalidReason(reason: string | null | undefined): boolean {
  return typeof reason === 'string' && reason.includes(TOKEN_INVALID_TEXT)
}

/** How the helper reaches the session. The app points these at the session actor (src/app/session). */
export interface ApiSessionHooks {
  getAccessToken: () => string | null
  /** A response carried `x-new-access-token`: store it and set lastUpdate to now. */
  onTokenRotated: (accessToken: string) => void
  /** A reason contained 'Token inválido': forced logout. */
  onTokenInvalid: () => void
}

/** Without an app (scripts, early boot) the helper keeps the session in localStorage itself. */
const storageHooks: ApiSessionHooks = {
  getAccessToken: () => readStoredSession().accessToken,
  onTokenRotated: (accessToken) =>
    writeStoredSession({ ...readStoredSession(), accessToken, lastUpdate: new Date().toISOString() }),
  onTokenInvalid: () => clearStoredSession(),
}

let hooks: ApiSessionHooks = storageHooks

/** Installs the session hooks; returns a function that restores the previous ones. */
export function configureApiSession(next: ApiSessionHooks): () => void {
  const previous = hooks
  hooks = next
  return () => {
    hooks = previous
  }
}

export function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const token = hooks.getAccessToken()
  return {
    [HEADER_NAMES.client]: getRuntimeConfig().clientToken,
    ...extra,
    ...(token ? { [HEADER_NAMES.authorization]: `Bearer ${token}` } : {}),
  }
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = getRuntimeConfig().apiBase.replace(/\/+$/, '')
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const search = params.toString()
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`
}

/** Turns whatever came back into the envelope, and applies the session rules (rotation, forced logout). */
function settle(status: number, getHeader: (name: string) => string | null, body: unknown): ApiResult<unknown> {
  const newToken = getHeader(HEADER_NAMES.newAccessToken)
  if (newToken) hooks.onTokenRotated(newToken)

  const ok = status >= 200 && status < 300
  let result: ApiResult<unknown>
  if (is(body, EnvelopeStruct)) {
    result =
      body.success && ok
        ? { success: true, response: body.response, reason: body.reason ?? null }
        : { success: false, reason: body.reason || CLIENT_MESSAGES.httpError(status), response: body.response, status }
  } else if (ok) {
    result = { success: false, reason: CLIENT_MESSAGES.malformed, response: body, status }
  } else {
    result = { success: false, reason: CLIENT_MESSAGES.httpError(status), response: body, status }
  }

  if (!result.success && isTokenInvalidReason(result.reason)) hooks.onTokenInvalid()
  return result
}

function failureFromThrown(error: unknown, signal?: AbortSignal): ApiFailure {
  const aborted = signal?.aborted || (error instanceof Error && error.name === 'AbortError')
  return { success: false, reason: aborted ? CLIENT_MESSAGES.cancelled : CLIENT_MESSAGES.network }
}

/** A JSON call plus the response headers (the refresh endpoint reads its new token from them). */
export async function apiRequestWithHeaders<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<{ result: ApiResult<T>; headers: Headers | null }> {
  try {
    const response = await ofetch.raw(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      headers: requestHeaders(options.headers),
      signal: options.signal,
      ignoreResponseError: true,
      retry: 0,
    })
    const result = settle(response.status, (name) => response.headers.get(name), response._data)
    return { result: result as ApiResult<T>, headers: response.headers }
  } catch (error) {
    return { result: failureFromThrown(error, options.signal), headers: null }
  }
}

/** A JSON call; the `response` is not checked (use `apiCall` with a schema for anything the UI reads). */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return (await apiRequestWithHeaders<T>(path, options)).result
}

/** Checks a successful answer against its schema: a malformed answer becomes a failure the screen can show. */
export function validated<T>(result: ApiResult<unknown>, struct: Struct<T, unknown>): ApiResult<T> {
  if (!result.success) return result
  try {
    return { ...result, response: create(result.response, struct) }
  } catch {
    return { success: false, reason: CLIENT_MESSAGES.malformed, response: result.response }
  }
}

/** A JSON call whose `response` is validated (and coerced) by a superstruct schema. */
export async function apiCall<T>(
  path: string,
  options: RequestOptions,
  struct: Struct<T, unknown>,
): Promise<ApiResult<T>> {
  return validated(await apiRequest(path, options), struct)
}

export type DownloadResult = { success: true; blob: Blob; fileName: string | null } | ApiFailure

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1])
    } catch {
      // fall through to the plain filename
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null
}

/** Downloads a file. A JSON answer (the server's error envelope) becomes a failure with its reason. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<DownloadResult> {
  try {
    const response = await ofetch.raw<Blob, 'blob'>(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      headers: requestHeaders(options.headers),
      signal: options.signal,
      responseType: 'blob',
      ignoreResponseError: true,
      retry: 0,
    })
    const getHeader = (name: string) => response.headers.get(name)
    const blob = response._data
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json')
    const ok = response.status >= 200 && response.status < 300
    if (ok && !isJson && blob) {
      settle(response.status, getHeader, { success: true, response: null })
      return { success: true, blob, fileName: fileNameFrom(response.headers.get('content-disposition')) }
    }
    let body: unknown = null
    try {
      body = blob ? JSON.parse(await blob.text()) : null
    } catch {
      body = null
    }
    const result = settle(response.status, getHeader, body)
    return result.success
      ? { success: false, reason: CLIENT_MESSAGES.malformed, response: result.response }
      : result
  } catch (error) {
    return failureFromThrown(error, options.signal)
  }
}

export interface UploadProgress {
  loaded: number
  total: number
  /** 0–100, rounded down. */
  percent: number
}

export interface UploadOptions {
  method?: 'POST' | 'PUT'
  headers?: Record<string, string>
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
}

/** Multipart upload with byte progress. Resolves (never rejects) like the JSON calls. */
export function apiUpload(path: string, form: FormData, options: UploadOptions = {}): Promise<ApiResult<unknown>> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ success: false, reason: CLIENT_MESSAGES.cancelled })
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open(options.method ?? 'POST', apiUrl(path))
    for (const [name, value] of Object.entries(requestHeaders(options.headers))) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (!options.onProgress || !event.lengthComputable) return
      const total = event.total || 1
      options.onProgress({ loaded: event.loaded, total: event.total, percent: Math.floor((event.loaded / total) * 100) })
    }
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null
      } catch {
        body = xhr.responseText
      }
      resolve(settle(xhr.status, (name) => xhr.getResponseHeader(name), body))
    }
    xhr.onerror = () => resolve({ success: false, reason: CLIENT_MESSAGES.network })
    xhr.onabort = () => resolve({ success: false, reason: CLIENT_MESSAGES.cancelled })
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

/** Multipart upload whose answer is validated by a schema. */
export async function apiUploadCall<T>(
  path: string,
  form: FormData,
  options: UploadOptions,
  struct: Struct<T, unknown>,
): Promise<ApiResult<T>> {
  return validated(await apiUpload(path, form, options), struct)
}
