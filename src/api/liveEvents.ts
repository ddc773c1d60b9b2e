/**
 * The app's end of the server's event stream (GET /api/live/events, domain/contract/live.ts; issue 21 'Live
 * updates'): while someone is signed in, one stream per tab tells the server state (./serverState.ts) which claim
 * changed, whoever changed it, and the screens that show it reload within a moment. The notification bell hears of
 * its new notifications the same way (a notification is always about a claim its reader may see).
 *
 * Why fetch and not EventSource: EventSource cannot send headers, and every call needs the `authtoken` client
 * header and the bearer token (src/api/client.ts); putting the token in the URL would write it into logs. So the
 * stream is read with fetch, and what EventSource does by itself is done here: parse the events, remember the last
 * id, reconnect after a drop (after RECONNECT_MS, growing to MAX_RECONNECT_MS while it keeps failing) with
 * `Last-Event-ID`. A `resync` event, or a reconnection with no id to resume from, invalidates everything.
 */
import { LIVE_EVENTS, liveCalls } from '../../domain/contract/live'
import { apiUrl, requestHeaders } from './client'
import { claimChanged, invalidateServerState, serverKeys } from './serverState'

const RECONNECT_MS = 1_000
const MAX_RECONNECT_MS = 30_000

interface ServerSentEvent {
  event: string
  id: string | undefined
  data: string
}

/**
 * Splits a text stream into server-sent events (the EventSource rules the server uses: `event:`, `id:`, `data:`
 * lines, a blank line ends an event, `:` starts a comment). Keeps what is left of a partial event between chunks.
 */
function sseParser(onEvent: (event: ServerSentEvent) => void): (chunk: string) => void {
  let buffer = ''
  return (chunk) => {
    buffer += chunk.replaceAll('\r\n', '\n')
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const event: ServerSentEvent = { event: 'message', id: undefined, data: '' }
      let fields = 0
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event.event = value
        else if (field === 'id') event.id = value
        else if (field === 'data') event.data = fields > 0 && event.data ? `${event.data}\n${value}` : value
        else continue
        fields++
      }
      if (fields > 0) onEvent(event)
    }
  }
}

/** What an event means for the server state. */
function applyLiveEvent(event: ServerSentEvent): void {
  if (event.event === LIVE_EVENTS.resync) return invalidateServerState(serverKeys.all)
  if (event.event !== LIVE_EVENTS.claim) return
  try {
    const { idEvento } = JSON.parse(event.data) as { idEvento?: unknown }
    if (typeof idEvento === 'number') claimChanged(idEvento)
  } catch {
    // Not ours to guess: an unreadable event changes nothing.
  }
}

/** Opens the stream and keeps it open until the returned stop is called. */
export function startLiveUpdates(): () => void {
  const controller = new AbortController()
  let lastEventId: string | undefined
  let connections = 0
  let failures = 0

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })

  async function connectOnce(): Promise<'again' | 'stop'> {
    const headers = requestHeaders({ accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) })
    const response = await fetch(apiUrl(liveCalls.events.path), { headers, signal: controller.signal, cache: 'no-store' })
    // A server without the stream (an older one): nothing to wait for.
    if (response.status === 404) return 'stop'
    if (response.status !== 200 || !response.body) return 'again'
    failures = 0
    // Back after a drop with nothing to resume from: what changed meanwhile is unknown, so everything is read again.
    if (connections++ > 0 && !lastEventId) invalidateServerState(serverKeys.all)
    const parse = sseParser((event) => {
      if (event.id) lastEventId = event.id
      applyLiveEvent(event)
    })
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return 'again'
      parse(value)
    }
  }

  void (async () => {
    while (!controller.signal.aborted) {
      let outcome: 'again' | 'stop' = 'again'
      try {
        outcome = await connectOnce()
      } catch {
        // A dropped connection (the instance stopped, the network): reconnect below.
      }
      if (outcome === 'stop' || controller.signal.aborted) return
      await wait(Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** failures++))
    }
  })()

  return () => controller.abort()
}
