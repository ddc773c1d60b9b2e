/**
 * The ONE way the app talks to the API (spec section 7). Every call carries the fixed `authtoken` client header,
 * any extra headers and `Authorization: Bearer <accessToken>` when a session exists; an `x-new-access-token`
 * response header rotates the stored token; a reason containing 'Token inválido' forces a logout.
 *
 * The transports never throw for HTTP or network errors: they resolve to the server's envelope `{ success, response,
 * reason }` (the error body on failure) or to a synthetic failure envelope. Three share the headers and the session
 * rules: JSON (`apiRequest`), file download (`apiDownload`) and multipart upload with byte progress
 * (`apiUpload`, on XMLHttpRequest because fetch cannot report upload progress). The app calls the contract's calls
 * through `callApi`, `callUpload`, `callForm` and `downloadFile`, which resolve with the checked answer and throw an
 * `ApiError` (domain/contract/envelope.ts) on failure: one error type for every screen.
 */
import { ofetch } from 'ofetch'
import { create, is, type Struct } from 'superstruct'
import { pathOf, type CallInput, type CallSpec, type ResponseOf } from '../../domain/contract/call'
import { ApiError } from '../../domain/contract/envelope'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { formDataOf, type FormCall, type FormInput } from './multipart'
import { EnvelopeStruct } from './schemas'
import { structOf } from './structOf'
import { apiSessionHooks } from './sessionHooks'

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: HttpMethod
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
}

interface ApiSuccess<T> {
  success: true
  response: T
  reason?: string | null
}

interface ApiFailure {
  success: false
  reason: string
  response?: unknown
  /** HTTP status when the server answered; absent for network failures and malformed answers. */
  status?: number
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure

const HEADER_NAMES = {
  client: 'authtoken',
  authorization: 'Authorization',
  newAccessToken: 'x-new-access-token',
} as const

export const CLIENT_MESSAGES = {
  network: 'No fue posible conectar con el servidor',
  malformed: 'Respuesta inesperada del servidor',
  cancelled: 'Solicitud cancelada',
} as const

const TOKEN_INVALID_TEXT = 'Token inválido'

function isTokenInvalidReason(reason: string | null | undefined): boolean {
  return typeof reason === 'string' && reason.includes(TOKEN_INVALID_TEXT)
}

export function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const token = apiSessionHooks().getAccessToken()
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
  if (newToken) apiSessionHooks().onTokenRotated(newToken)

  const ok = status >= 200 && status < 300
  let result: ApiResult<unknown>
  if (is(body, EnvelopeStruct)) {
    result =
      body.success && ok
        ? { success: true, response: body.response, reason: body.reason ?? null }
        : // No reason from the server: '' so the screen shows the spec's fallback text (section 8), never a status code.
          { success: false, reason: body.reason || '', response: body.response, status }
  } else if (ok) {
    result = { success: false, reason: CLIENT_MESSAGES.malformed, response: body, status }
  } else {
    result = { success: false, reason: '', response: body, status }
  }

  if (!result.success && isTokenInvalidReason(result.reason)) apiSessionHooks().onTokenInvalid()
  return result
}

function failureFromThrown(error: unknown, signal?: AbortSignal): ApiFailure {
  const aborted = signal?.aborted || (error instanceof Error && error.name === 'AbortError')
  return { success: false, reason: aborted ? CLIENT_MESSAGES.cancelled : CLIENT_MESSAGES.network }
}

/** A JSON call; the `response` is not checked here (`callApi` checks it against the contract). */
async function apiRequest(path: string, options: RequestOptions = {}): Promise<ApiResult<unknown>> {
  try {
    const response = await ofetch.raw(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      headers: requestHeaders(options.headers),
      signal: options.signal,
      ignoreResponseError: true,
      retry: 0,
    })
    return settle(response.status, (name) => response.headers.get(name), response._data)
  } catch (error) {
    return failureFromThrown(error, options.signal)
  }
}

/** Checks a successful answer against its schema: a malformed answer becomes a failure the screen can show. */
function validated<T>(result: ApiResult<unknown>, struct: Struct<T, unknown>): ApiResult<T> {
  if (!result.success) return result
  try {
    return { ...result, response: create(result.response, struct) }
  } catch {
    return { success: false, reason: CLIENT_MESSAGES.malformed, response: result.response }
  }
}

/**
 * The answer of a successful call, or the `ApiError` of a failed one: the one way to unwrap an answer. Without a
 * server answer (no connection, cancelled, an answer that is not the contract's) there is no reason to show, so the
 * error carries '' and the screen shows the spec's own fallback text (spec 8: 'Error al subir el archivo' when the
 * upload fails).
 */
function unwrap<T>(result: ApiResult<T>): T {
  if (!result.success) throw apiErrorOf(result)
  return result.response
}

function apiErrorOf(failure: ApiFailure): ApiError {
  return new ApiError(failure.status === undefined ? '' : failure.reason, failure.status)
}

export interface CallOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
}

/**
 * Calls the API as the contract declares it (domain/contract): fills the path, sends the query and body, checks the
 * answer's `response` against the call's schema and resolves with it. A failure throws an `ApiError` with the
 * server's Spanish reason.
 */
export async function callApi<C extends CallSpec>(
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown }
  const result = await apiRequest(pathOf(call, params), { method: call.method, query, body, ...options })
  return unwrap(validated(result, responseStruct(call)))
}

// structOf builds the struct from the very schema `ResponseOf` reads its type from.
const responseStruct = <C extends CallSpec>(call: C) => structOf(call.response) as Struct<ResponseOf<C>, unknown>

/**
 * The checked `response` of a call whose answer came back by another road (the last PATCH of a resumable upload,
 * src/api/resumableUpload.ts), or its `ApiError`: the same session rules and checks as every other answer.
 */
export function answerOf<C extends CallSpec>(call: C, status: number, getHeader: (name: string) => string | null, body: unknown): ResponseOf<C> {
  return unwrap(validated(settle(status, getHeader, body), responseStruct(call)))
}

/** A multipart call whose progress nobody watches (a form without a file): sent like the JSON calls. */
export async function callForm<C extends FormCall>(call: C, input: FormInput<C>, options: CallOptions = {}): Promise<ResponseOf<C>> {
  const result = await apiRequest(pathOf(call), { method: call.method, body: formDataOf(input.form, input.file), ...options })
  return unwrap(validated(result, responseStruct(call)))
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

type StreamResult = { success: true; body: ReadableStream<Uint8Array> } | ApiFailure

/**
 * Starts a download and hands over its body as it arrives, unread (Reportes writes it to a file chunk by chunk). A
 * JSON answer (the server's error envelope) becomes a failure with its reason, as in `apiDownload`.
 */
async function apiStream(path: string, options: RequestOptions = {}): Promise<StreamResult> {
  try {
    const response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: requestHeaders(options.headers),
      signal: options.signal,
    })
    const getHeader = (name: string) => response.headers.get(name)
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json')
    if (response.ok && !isJson && response.body) {
      settle(response.status, getHeader, { success: true, response: null })
      return { success: true, body: response.body }
    }
    let body: unknown = null
    try {
      body = JSON.parse(await response.text())
    } catch {
      body = null
    }
    const result = settle(response.status, getHeader, body)
    return result.success ? { success: false, reason: CLIENT_MESSAGES.malformed, response: result.response } : result
  } catch (error) {
    return failureFromThrown(error, options.signal)
  }
}

/** `apiStream` that throws the `ApiError` of a failure. */
export async function streamFile(path: string, options: RequestOptions = {}): Promise<ReadableStream<Uint8Array>> {
  const result = await apiStream(path, options)
  if (!result.success) throw apiErrorOf(result)
  return result.body
}

export interface DownloadedFile {
  blob: Blob
  /** The name the server gave (Content-Disposition), if any. */
  fileName: string | null
}

/**
 * Downloads the file at a path the server gave (the `url` of an answer: a download call of the contract, filled in
 * by the server), or throws the `ApiError` of the failure.
 */
export async function downloadFile(path: string, options: CallOptions = {}): Promise<DownloadedFile> {
  const result = await apiDownload(path, options)
  if (!result.success) throw apiErrorOf(result)
  return { blob: result.blob, fileName: result.fileName }
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
