/**
 * server/live/orderedWrites.ts: the writes of one event stream keep their order, and a browser that has gone — even
 * before the first event — ends its stream quietly instead of leaving a rejected write unhandled (which ends a Node
 * process: an e2e run's server died of it when a page left while its stream was opening).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { orderedWrites, type SseConnection } from '../../server/live/orderedWrites'

/** A connection as @fastify/sse's: send rejects once the browser has gone. */
function connection() {
  const sent: string[] = []
  let closes = 0
  const sse: SseConnection<string> & { gone(): void } = {
    isConnected: true,
    async send(message) {
      if (!this.isConnected) throw new Error('SSE connection is closed')
      await new Promise((resolve) => setTimeout(resolve, message === 'slow' ? 20 : 0))
      sent.push(message)
    },
    close() {
      closes++
    },
    gone() {
      ;(this as { isConnected: boolean }).isConnected = false
    },
  }
  return { sse, sent, closes: () => closes }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
let unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeEach(() => {
  unhandled = []
  process.on('unhandledRejection', onUnhandled)
})
afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
})

describe('orderedWrites', () => {
  it('writes in the order asked, a slow write before a quick one', async () => {
    const { sse, sent } = connection()
    const out = orderedWrites(sse)
    out.write('slow')
    out.write('quick')
    out.write('last')
    await settle()
    expect(sent).toEqual(['slow', 'quick', 'last'])
  })

  it('a browser gone before the first event: nothing written, no unhandled rejection', async () => {
    const { sse, sent } = connection()
    sse.gone()
    const out = orderedWrites(sse)
    out.write('ready')
    out.write('claim')
    out.end()
    await settle()
    expect(sent).toEqual([])
    expect(unhandled).toEqual([])
  })

  it('a send that rejects (the browser left during it) ends quietly, and the next writes are dropped', async () => {
    const { sse, sent } = connection()
    const out = orderedWrites(sse)
    // isConnected still true when checked, then gone before the send: the send itself rejects.
    const send = sse.send.bind(sse)
    sse.send = async (message) => {
      sse.gone()
      return send(message)
    }
    out.write('ready')
    out.write('claim')
    await settle()
    expect(sent).toEqual([])
    expect(unhandled).toEqual([])
  })

  it('end closes the stream after the writes queued before it', async () => {
    const { sse, sent, closes } = connection()
    const out = orderedWrites(sse)
    out.write('slow')
    out.end()
    expect(closes()).toBe(0)
    await settle()
    expect(sent).toEqual(['slow'])
    expect(closes()).toBe(1)
  })
})
