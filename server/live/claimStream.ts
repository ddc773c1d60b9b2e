/**
 * One browser's event stream (GET /api/live/events, domain/contract/live.ts): the claims the session may read, as
 * the read decides (server/auth/claimAccess.ts), optionally only one claim — refused like its read when the session
 * may not read it (404 unknown, 403 not the session's) —, resumed from Last-Event-ID, and ended when the token
 * expires (the browser reconnects with its current one) or the user's sessions are revoked.
 */
import type { Db } from '../db/client'
import type { Session } from '../auth/roles'
import { claimAllowedFor, loadClaimFor, providerIdOf } from '../auth/claimAccess'
import type { LiveEventsQuery } from '../../domain/contract/live'
import type { ClaimChange } from './claimChanges'
import type { LiveHub } from './liveHub'

/** Where a stream writes; the route maps each call to a server-sent event. */
interface ClaimStreamSink {
  change: (change: ClaimChange) => void
  resync: () => void
  end: () => void
}

export interface OpenedStream {
  /** Starts delivering into `sink`: first what was missed, then each change as it comes; returns the stop. */
  start: (sink: ClaimStreamSink) => () => void
}

export interface ClaimStreamRequest {
  session: Session
  query: LiveEventsQuery
  lastEventId: string | undefined
  /** When the session's token stops being valid (ms since the epoch). */
  tokenExpiresAt: number
}

export async function openClaimStream(db: Db, hub: LiveHub, request: ClaimStreamRequest): Promise<OpenedStream> {
  const { session, query } = request
  // The same answer as GET /api/event/by-id for a claim the session may not read.
  if (query.idEvento !== undefined) await loadClaimFor(db, session, query.idEvento, 'read')
  const sessionProviderId = await providerIdOf(db, session)
  const accepts = (change: ClaimChange) =>
    (query.idEvento === undefined || change.idEvento === query.idEvento) && claimAllowedFor(session, sessionProviderId, change, 'read')

  return {
    start(sink) {
      let stopped = false
      const stop = () => {
        if (stopped) return
        stopped = true
        clearTimeout(expiry)
        connected.disconnect()
      }
      const end = () => {
        stop()
        sink.end()
      }
      const connected = hub.connect(
        { session, accepts, deliver: (change) => sink.change(change), resync: () => sink.resync(), end },
        request.lastEventId,
      )
      const expiry = setTimeout(end, Math.max(0, request.tokenExpiresAt - Date.now()))
      expiry.unref()
      if (connected.missed === 'resync') sink.resync()
      else for (const change of connected.missed) sink.change(change)
      return stop
    },
  }
}
