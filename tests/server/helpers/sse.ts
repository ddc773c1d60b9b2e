/**
 * Reads a server-sent event stream over real HTTP (fetch), as a browser would: events are parsed per the
 * EventSource rules that matter here (event, id, data lines, a blank line ends one; comments ignored).
 */
export interface SseEvent {
  event: string
  id: string | undefined
  data: string
}

export interface SseClient {
  status: number
  /** The JSON body of a refusal (when status is not 200). */
  body: unknown
  events: SseEvent[]
  /** Resolves with the first event (from the start of the stream) that matches, or rejects after `timeoutMs`. */
  next: (match: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close: () => void
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal })
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  if (response.status !== 200) {
    const body: unknown = await response.json()
    return { status: response.status, body, events, next: () => Promise.reject(new Error('sin flujo')), ended: Promise.resolve(), close: () => {} }
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  const ended = (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event: SseEvent = { event: 'message', id: undefined, data: '' }
          let isEvent = false
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue
            const [field, ...rest] = line.split(':')
            const text = rest.join(':').replace(/^ /, '')
            if (field === 'event') event.event = text
            else if (field === 'id') event.id = text
            else if (field === 'data') event.data = event.data ? `${event.data}\n${text}` : text
            else continue
            isEvent = true
          }
          if (isEvent) {
            events.push(event)
            for (const wake of [...waiters]) wake()
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    status: 200,
    body: null,
    events,
    ended,
    next: (match, timeoutMs = 3_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (!found) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`ningún evento coincidió en ${timeoutMs} ms; llegaron: ${JSON.stringify(events)}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    close: () => controller.abort(),
  }
}
