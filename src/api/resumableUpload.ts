/**
 * The upload transport of every file the portal sends (a claim document, the dictamen, the invoice, the profile
 * photo): a tus 1.0 resumable upload to /api/uploads (tus-js-client), whose metadata names the multipart call it
 * completes (domain/contract/uploads.ts). Its last answer is that call's envelope, checked like any other answer.
 *
 * - A dropped connection: tus-js-client asks the server where it stopped (HEAD) and sends the rest, retrying for
 *   about two minutes; `onDropped` tells the screen meanwhile.
 * - A closed tab: the upload's address is kept in localStorage under the slot's key (`cargaPendiente:{key}`, the
 *   claim and the slot: `C300:documento-3`), with the file's name and size. Picking the same file again for that slot
 *   continues from the server's offset (`pendingUpload(key)` lets the screen offer it); an address the server no
 *   longer knows (expired, finished, another user's) is answered 404 and a new upload starts.
 * - `signal` aborts: with `keep: true` (pause) the server keeps what it has; otherwise the upload is terminated
 *   (DELETE) and forgotten.
 */
import type { DetailedError, Upload } from 'tus-js-client'
import { ApiError } from '../../domain/contract/envelope'
import type { CallSpec, ResponseOf } from '../../domain/contract/call'
import { OFFSET_CONFLICT, UPLOADS_PATH, type UploadMetadata } from '../../domain/contract/uploads'
import { answerOf, apiUrl, CLIENT_MESSAGES, requestHeaders, type UploadProgress } from './client'

/**
 * Retries after a dropped connection: quick at first, then every 30 s, about two minutes in all. View tests set none,
 * so a failed request fails at once.
 */
export const uploadRetries = { delays: [0, 1_000, 3_000, 5_000, 10_000, 15_000, 20_000, 30_000, 30_000] }
const STORAGE_PREFIX = 'cargaPendiente:'

/**
 * tus-js-client downloads with the first upload or discard, not with every screen that has an upload button: it
 * was 17 KiB gzip of the collaborator's and the provider's first screens (issue 24). Once loaded, the module is held.
 */
const tus = () => import('tus-js-client')

interface PendingUpload {
  url: string
  name: string
  size: number
  /** ISO date the upload was created (it expires 24 h later). */
  createdAt: string
}

export interface ResumableOptions {
  signal?: AbortSignal
  /** Abort pauses instead of cancelling: the server keeps the bytes it has (until the upload expires). */
  keep?: () => boolean
  onProgress?: (progress: UploadProgress) => void
  /** The connection dropped: retrying from the server's offset. */
  onDropped?: () => void
  /** The slot's key in localStorage (claim and slot); without it nothing survives a closed tab. */
  resumeKey?: string
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The unfinished upload of a slot kept from an earlier visit, if any. */
export function pendingUpload(resumeKey: string): PendingUpload | null {
  const raw = storage()?.getItem(STORAGE_PREFIX + resumeKey)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<PendingUpload>
    if (typeof value.url !== 'string' || typeof value.name !== 'string' || typeof value.size !== 'number') return null
    return { url: value.url, name: value.name, size: value.size, createdAt: String(value.createdAt ?? '') }
  } catch {
    return null
  }
}

function keepPending(resumeKey: string | undefined, pending: PendingUpload): void {
  if (resumeKey) storage()?.setItem(STORAGE_PREFIX + resumeKey, JSON.stringify(pending))
}

function forgetPending(resumeKey: string | undefined): void {
  if (resumeKey) storage()?.removeItem(STORAGE_PREFIX + resumeKey)
}

/** Cancels a slot's kept upload (a paused one the user gave up): the server removes its bytes; nothing is kept here. */
export async function discardPending(resumeKey: string): Promise<void> {
  const pending = pendingUpload(resumeKey)
  forgetPending(resumeKey)
  if (!pending) return
  const { Upload: TusUpload } = await tus()
  await TusUpload.terminate(pending.url, {
    retryDelays: [],
    onBeforeRequest: (request) => {
      for (const [name, value] of Object.entries(requestHeaders())) request.setHeader(name, value)
    },
  }).catch(() => undefined)
}

const statusOf = (error: Error | DetailedError): number =>
  'originalResponse' in error && error.originalResponse ? error.originalResponse.getStatus() : 0

function bodyOf(error: Error | DetailedError): unknown {
  if (!('originalResponse' in error) || !error.originalResponse) return null
  try {
    return JSON.parse(error.originalResponse.getBody() || 'null')
  } catch {
    return null
  }
}

/** A dropped connection, a server restarting (5xx, 423 locked) or the offset conflict are worth another try. */
function isRetryable(error: DetailedError): boolean {
  const status = statusOf(error)
  if (status === 0 || status === 423 || status >= 500) return true
  const body = bodyOf(error)
  return status === 409 && typeof body === 'object' && body !== null && 'reason' in body && body.reason === OFFSET_CONFLICT
}

/**
 * Sends `file` as a resumable upload completing `call`; resolves with the call's checked `response`, or throws an
 * `ApiError` with the server's reason ('' without an answer: the screen shows its own fallback text).
 */
export async function sendResumable<C extends CallSpec>(call: C, metadata: UploadMetadata, file: Blob, options: ResumableOptions = {}): Promise<ResponseOf<C>> {
  const { signal, resumeKey } = options
  const { Upload: TusUpload } = await tus()
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(CLIENT_MESSAGES.cancelled))
      return
    }
    let settled = false
    const settle = <T>(finish: (value: T) => void) => (value: T) => {
      settled = true
      finish(value)
    }
    const done = { resolve: settle(resolve), reject: settle(reject) }
    const earlier = resumeKey ? pendingUpload(resumeKey) : null
    const sameFile = earlier !== null && earlier.name === metadata.filename && earlier.size === file.size
    const upload: Upload = new TusUpload(file, {
      endpoint: apiUrl(UPLOADS_PATH),
      uploadUrl: sameFile ? earlier.url : null,
      metadata: Object.fromEntries(Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      uploadSize: file.size,
      retryDelays: uploadRetries.delays,
      // We keep the address ourselves, by claim and slot (tus-js-client's fingerprints know neither).
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      onBeforeRequest: (request) => {
        // Read at each request: a long upload outlives an access token, and the app rotates it meanwhile.
        for (const [name, value] of Object.entries(requestHeaders())) request.setHeader(name, value)
      },
      onUploadUrlAvailable: () => {
        if (upload.url) keepPending(resumeKey, { url: upload.url, name: metadata.filename, size: file.size, createdAt: sameFile ? earlier.createdAt : new Date().toISOString() })
      },
      onProgress: (loaded, total) => options.onProgress?.({ loaded, total, percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 }),
      onShouldRetry: (error) => {
        const retry = isRetryable(error)
        if (retry) options.onDropped?.()
        return retry
      },
      onSuccess: ({ lastResponse }) => {
        forgetPending(resumeKey)
        let body: unknown = null
        try {
          body = JSON.parse(lastResponse.getBody() || 'null')
        } catch {
          body = null
        }
        try {
          done.resolve(answerOf(call, lastResponse.getStatus(), (name) => lastResponse.getHeader(name) ?? null, body))
        } catch (error) {
          done.reject(error)
        }
      },
      onError: (error) => {
        const status = statusOf(error)
        // A refusal is final: the server removed the upload. Without an answer it may still be resumed.
        if (status >= 400 && status < 500) forgetPending(resumeKey)
        try {
          answerOf(call, status, () => null, bodyOf(error))
          done.reject(new ApiError(''))
        } catch (apiError) {
          done.reject(apiError)
        }
      },
    })
    signal?.addEventListener(
      'abort',
      () => {
        // An upload that already finished has nothing left to stop (and its address is gone from the server).
        if (settled) return
        const keep = options.keep?.() ?? false
        if (!keep) forgetPending(resumeKey)
        void upload.abort(!keep).catch(() => undefined)
        done.reject(new ApiError(CLIENT_MESSAGES.cancelled))
      },
      { once: true },
    )
    upload.start()
  })
}
