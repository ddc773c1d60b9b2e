/**
 * The one bus between server instances: PostgreSQL LISTEN/NOTIFY (issue 21 'Live updates', issue 25 token
 * revocation). Whoever changes something that other instances keep in memory or stream to browsers calls
 * `publish` with the executor it is writing with: inside a transaction the notification is sent only if, and when,
 * the transaction commits (PostgreSQL's rule for NOTIFY), so nobody hears of a change that was rolled back, and
 * every listener on every instance hears the notifications in commit order.
 *
 * PostgreSQL: each instance listens over one dedicated connection that reconnects by itself
 * (server/db/pgListener.ts); after a reconnection `onResync` handlers run, since what was sent meanwhile is lost.
 * PGlite (one process): its own in-process NOTIFY, through the same calls.
 */
import { sql } from 'drizzle-orm'
import type { Db, DbHandle, Tx } from '../db/client'

/** Every channel of the bus, with what its payload is. */
export const BUS_CHANNELS = {
  /** A claim changed (server/live/claimChanges.ts): JSON of a ClaimChange. */
  claimChanged: 'portal_claim_changed',
  /** A user's sessions were ended (password, deactivation, role): the user id as text (server/auth/plugin.ts). */
  sessionsRevoked: 'portal_sessions_revoked',
} as const
export type BusChannel = (typeof BUS_CHANNELS)[keyof typeof BUS_CHANNELS]

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: ours are a few ids. */
const MAX_PAYLOAD_BYTES = 7_999

/** Sends `payload` on `channel` through `executor` (a transaction: on commit; the database: at once). */
export async function publish(executor: Db | Tx, channel: BusChannel, payload: string): Promise<void> {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`Mensaje del bus demasiado largo (${channel})`)
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`)
}

export interface Bus {
  /** Runs `handler` for each payload on `channel`; returns the unsubscription. */
  subscribe(channel: BusChannel, handler: (payload: string) => void): Promise<() => void>
  /** Runs `handler` after notifications may have been missed (the listening connection came back). */
  onResync(handler: () => void): () => void
  /** Stops every subscription of this bus (the app closes). */
  close(): Promise<void>
}

/** The bus of one app over its database handle. A handler that throws is reported and does not stop the others. */
export function createBus(handle: Pick<DbHandle, 'listen' | 'onListenerReconnect'>, log: (message: string) => void): Bus {
  const resyncHandlers = new Set<() => void>()
  const unlistens = new Set<() => Promise<void>>()
  let closed = false
  handle.onListenerReconnect(() => {
    if (closed) return
    for (const handler of resyncHandlers) handler()
  })
  const guarded = (channel: string, handler: (payload: string) => void) => (payload: string) => {
    if (closed) return
    try {
      handler(payload)
    } catch (err) {
      log(`Bus (${channel}): ${(err as Error).message}`)
    }
  }
  return {
    async subscribe(channel, handler) {
      const unlisten = await handle.listen(channel, guarded(channel, handler))
      unlistens.add(unlisten)
      return () => {
        unlistens.delete(unlisten)
        void unlisten()
      }
    },
    onResync(handler) {
      resyncHandlers.add(handler)
      return () => resyncHandlers.delete(handler)
    },
    async close() {
      closed = true
      resyncHandlers.clear()
      await Promise.all([...unlistens].map((unlisten) => unlisten()))
      unlistens.clear()
    },
  }
}
