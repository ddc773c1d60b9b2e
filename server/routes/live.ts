/**
 * /api/live (issue 21 'Live updates'): the server-sent event stream of the claims the session may read
 * (domain/contract/live.ts), through @fastify/sse. The stream itself — who hears what, resuming, ending — is
 * server/live/claimStream.ts; this only writes its events.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import sse from '@fastify/sse'
import { sessionOf } from '../auth/requestSession'
import { streamRouteOf, type RouteGroup } from '../lib/route'
import { LIVE_EVENTS, liveCalls as call, type ClaimChanged } from '../../domain/contract/live'
import { LiveHub } from '../live/liveHub'
import { openClaimStream } from '../live/claimStream'
import { orderedWrites } from '../live/orderedWrites'

const group: RouteGroup = { tags: ['eventos'] }

/** A browser reconnects this long after a dropped stream (EventSource's `retry`; our client reads it too). */
const RECONNECT_MS = 1_000
/** A comment line this often keeps proxies from closing an idle stream (nginx reads for 1 h, deploy/nginx.conf). */
const HEARTBEAT_MS = 20_000

const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS })
  const hub = new LiveHub()
  await hub.start(app.bus)
  // Open streams end when the instance stops, so the browsers reconnect (to another instance) at once.
  app.addHook('preClose', async () => hub.stop())

  app.route({
    ...streamRouteOf(call.events, group),
    sse: { kind: 'only' },
    handler: async (request, reply) => {
      const stream = await openClaimStream(app.db, hub, {
        session: sessionOf(request),
        query: request.query,
        lastEventId: typeof request.headers['last-event-id'] === 'string' ? request.headers['last-event-id'] : undefined,
        tokenExpiresAt: (request.tokenIssuedAt + app.tokenKeys.ttlSeconds) * 1000,
      })
      const sse = reply.sse
      sse.keepAlive()
      const out = orderedWrites<Parameters<typeof sse.send>[0]>(sse)
      out.write({ event: LIVE_EVENTS.ready, data: {}, retry: RECONNECT_MS })
      const stop = stream.start({
        change: (change) => out.write({ id: change.id, event: LIVE_EVENTS.claim, data: { idEvento: change.idEvento, statusId: change.statusId } satisfies ClaimChanged }),
        resync: () => out.write({ event: LIVE_EVENTS.resync, data: {} }),
        end: () => out.end(),
      })
      sse.onClose(stop)
      // A browser that left while the stream was opening closed it before onClose was listening: stop it now.
      if (!sse.isConnected) stop()
    },
  })
}

export default liveRoutes
