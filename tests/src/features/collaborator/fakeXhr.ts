/**
 * A stand-in for XMLHttpRequest, so view tests drive the app's real upload path (src/api/client apiUpload): each
 * request is recorded with its headers and FormData; the test reports upload progress in bytes, then answers,
 * fails or sees it aborted.
 */
import { act } from '@testing-library/react'
import { vi } from 'vitest'

export class FakeXhr {
  static requests: FakeXhr[] = []

  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  }
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
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
  getResponseHeader(): string | null {
    return null
  }
  send(body: FormData) {
    this.body = body
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
  async respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    await act(async () => {
      this.onload?.()
      await Promise.resolve()
    })
  }
  async networkError() {
    await act(async () => this.onerror?.())
  }
}

export function installFakeXhr(): { requests: FakeXhr[]; last: () => FakeXhr; restore: () => void } {
  FakeXhr.requests = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return {
    requests: FakeXhr.requests,
    last: () => {
      const request = FakeXhr.requests.at(-1)
      if (!request) throw new Error('no upload was sent')
      return request
    },
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
