/**
 * The writes of one server-sent event stream, each after the one before so events keep their order. A browser may
 * leave at any moment — even while its stream is still opening — and a write to a closed connection rejects
 * (@fastify/sse's FST_ERR_SSE_CONNECTION_CLOSED): that rejection is the stream's own end, never an unhandled one,
 * which would end the whole process (an e2e run's server died of the first event's write to a page that had left).
 */
export interface SseConnection<M> {
  readonly isConnected: boolean
  send(message: M): Promise<void>
  close(): void
}

export interface OrderedWrites<M> {
  /** Queues a message; it is dropped once the browser has gone. */
  write(message: M): void
  /** Ends the stream after the queued writes. */
  end(): void
}

export function orderedWrites<M>(sse: SseConnection<M>): OrderedWrites<M> {
  let writing: Promise<unknown> = Promise.resolve()
  const after = (step: () => unknown) => {
    writing = writing.then(step).catch(() => {})
  }
  return {
    write: (message) => after(() => (sse.isConnected ? sse.send(message) : undefined)),
    end: () => after(() => sse.close()),
  }
}
