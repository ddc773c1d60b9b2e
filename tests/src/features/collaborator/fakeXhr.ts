/**
 * A stand-in for XMLHttpRequest, so view tests drive the app's real upload path (src/api/resumableUpload.ts on
 * tus-js-client, which sends with XMLHttpRequest). It plays the tus server's easy part itself: a creation (POST
 * /api/uploads) is answered 201 with a new address at once and recorded in `creations`; the PATCH that sends the
 * bytes is recorded in `requests` with the metadata of its creation, and the test reports its progress in bytes,
 * then answers, fails or sees it aborted. A termination (DELETE) is answered 204 and recorded in `terminations`; a
 * HEAD (resuming a kept address) 404, so the client starts a new upload.
 */
import { act, waitFor } from '@testing-library/react'
import { vi } from 'vitest'
import { uploadRetries } from '../../../../src/api/resumableUpload'

const decodeMetadata = (header: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key, value = ''] = pair.trim().split(' ')
        return [key!, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))]
      }),
  )

export class FakeXhr {
  static requests: FakeXhr[] = []
  static creations: FakeXhr[] = []
  static terminations: FakeXhr[] = []

  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  }
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: Blob | FormData | null = null
  /** The Upload-Metadata of the upload this request belongs to (decoded). */
  metadata: Record<string, string> = {}
  status = 0
  responseText = ''
  responseHeaders: Record<string, string> = {}
  aborted = false
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }
  send(body: Blob | FormData | null) {
    this.body = body
    if (this.method === 'POST' && this.path === '/api/uploads') {
      this.metadata = decodeMetadata(this.headers['upload-metadata'])
      FakeXhr.creations.push(this)
      const location = `/api/uploads/prueba${FakeXhr.creations.length}`
      queueMicrotask(() => {
        this.status = 201
        this.responseHeaders = { location, 'tus-resumable': '1.0.0' }
        this.onload?.()
      })
      return
    }
    if (this.method === 'HEAD') {
      // An address kept from an earlier attempt: this fake server has forgotten it, so the client starts anew.
      queueMicrotask(() => {
        this.status = 404
        this.onload?.()
      })
      return
    }
    if (this.method === 'DELETE') {
      FakeXhr.terminations.push(this)
      queueMicrotask(() => {
        this.status = 204
        this.onload?.()
      })
      return
    }
    const creation = FakeXhr.creations.find((c) => this.path === c.responseHeaders.location)
    this.metadata = creation?.metadata ?? {}
    FakeXhr.requests.push(this)
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }

  get path(): string {
    return new URL(this.url, 'http://localhost').pathname
  }

  /** Bytes sent so far, as the browser reports them. */
  async progress(loaded: number, total: number) {
    await act(async () => this.upload.onprogress?.({ lengthComputable: true, loaded, total }))
  }
  /** The server's answer to the PATCH: a 2xx means every byte arrived (Upload-Offset is the whole body). */
  async respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    const size = this.body instanceof Blob ? this.body.size : 0
    this.responseHeaders = { 'tus-resumable': '1.0.0', ...(status < 300 ? { 'upload-offset': String(size) } : {}) }
    await act(async () => {
      this.onload?.()
      // tus-js-client settles the upload a few promise turns later (no timers: some tests run fake ones).
      for (let turn = 0; turn < 20; turn += 1) await Promise.resolve()
    })
  }
  async networkError() {
    await act(async () => this.onerror?.())
  }
}

export function installFakeXhr(): {
  requests: FakeXhr[]
  creations: FakeXhr[]
  terminations: FakeXhr[]
  last: () => FakeXhr
  /** The last PATCH, once the upload's creation was answered and its bytes are on their way. */
  sent: () => Promise<FakeXhr>
  restore: () => void
} {
  // A failed request fails at once here (the app retries a dropped connection for about two minutes).
  uploadRetries.delays = []
  FakeXhr.requests = []
  FakeXhr.creations = []
  FakeXhr.terminations = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return {
    requests: FakeXhr.requests,
    creations: FakeXhr.creations,
    terminations: FakeXhr.terminations,
    last: () => {
      const request = FakeXhr.requests.at(-1)
      if (!request) throw new Error('no upload was sent')
      return request
    },
    sent: () =>
      waitFor(() => {
        const request = FakeXhr.requests.at(-1)
        if (!request || request.status !== 0) throw new Error('no upload on its way')
        return request
      }),
    restore: () => vi.unstubAllGlobals(),
  }
}

/** A PDF-looking File (type and name; the server sniffs the bytes, the app only reads the type). */
/** A picked PDF of `size` bytes (it starts like one, so the preview's fake engine opens it). */
export function pdfFile(name: string, size = 2048): File {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.4').subarray(0, size))
  return new File([bytes], name, { type: 'application/pdf' })
}
