/**
 * A real SMTP server on a free loopback port (the smtp-server package) that keeps every mail it accepts, for the
 * notification tests (API and end-to-end). `stop()` closes it (a worker's next attempt then fails to connect) and
 * `start()` opens it again on the same port (nothing if it is running). Mails are decoded just enough to read them: headers, subject, and the
 * text and HTML parts (quoted-printable or base64).
 */
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  messageId: string
  subject: string
  text: string
  html: string
  raw: string
}

export interface SmtpSink {
  url: string
  port: number
  mails: ReceivedMail[]
  start(): Promise<void>
  stop(): Promise<void>
  /** Resolves when `count` mails have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, mode: string, data: string) =>
    mode.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQp(data.replace(/_/g, ' ')),
  )
}

function decodeQp(value: string): string {
  const bytes: number[] = []
  const text = value.replace(/=\r?\n/g, '')
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const at = part.indexOf('\r\n\r\n')
  const head = at < 0 ? part : part.slice(0, at)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: at < 0 ? '' : part.slice(at + 4) }
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQp(body)
  return body
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers, body } = splitHeaders(raw)
  let text = ''
  let html = ''
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map((p) => p.replace(/^\r\n/, '')) : [raw]
  for (const part of parts) {
    const parsed = boundary ? splitHeaders(part) : { headers, body }
    const partType = parsed.headers.get('content-type') ?? 'text/plain'
    if (partType.startsWith('text/plain')) text = decodeBody(parsed.headers, parsed.body)
    if (partType.startsWith('text/html')) html = decodeBody(parsed.headers, parsed.body)
  }
  return {
    ...envelope,
    messageId: headers.get('message-id') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text,
    html,
    raw,
  }
}

/** `refuse`: recipients answered 550 (a permanent refusal). */
export async function startSmtpSink(options: { refuse?: string[] } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  let server: SMTPServer | undefined
  let port = 0

  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve()
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: 1_000,
        onRcptTo(address, _session, callback) {
          if (options.refuse?.includes(address.address)) {
            return callback(Object.assign(new Error('Buzón inexistente'), { responseCode: 550 }))
          }
          callback()
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            const envelope = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            }
            mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope))
            for (const wake of waiters.splice(0)) wake()
            callback()
          })
        },
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.server.address() as AddressInfo).port
        resolve()
      })
    })

  await open()
  const sink: SmtpSink = {
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    get port() {
      return port
    },
    mails,
    start: open,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve()
        const closing = server
        server = undefined
        closing.close(() => resolve())
      }),
    async waitFor(count, ms = 10_000) {
      const deadline = Date.now() + ms
      while (mails.length < count) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`Se esperaban ${count} correos y llegaron ${mails.length}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200))
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return mails
    },
  }
  return sink
}
