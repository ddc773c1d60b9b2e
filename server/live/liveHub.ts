/**
 * The open event streams of one instance and what feeds them: the bus's claim changes (to each stream that may
 * hear of the claim), its session revocations (which end that user's streams) and its resyncs (after the
 * listening connection came back: every stream is told to read everything again). One per app (server/routes/live.ts).
 */
import type { Bus } from '../bus/bus'
import { BUS_CHANNELS } from '../bus/bus'
import type { Session } from '../auth/roles'
import { parseClaimChange, type ClaimChange } from './claimChanges'
import { EventLog } from './eventLog'

export interface LiveListener {
  session: Session
  /** Whether this stream may hear of the change (the read's authorization, and the stream's own claim if any). */
  accepts: (change: ClaimChange) => boolean
  deliver: (change: ClaimChange) => void
  resync: () => void
  end: () => void
}

export interface Connected {
  /** What the browser missed since its Last-Event-ID (only what it may hear of), or 'resync' when unknown. */
  missed: ClaimChange[] | 'resync'
  disconnect: () => void
}

export class LiveHub {
  readonly #log = new EventLog()
  readonly #listeners = new Set<LiveListener>()
  #unsubscribe: (() => void)[] = []

  async start(bus: Bus): Promise<void> {
    this.#unsubscribe.push(
      await bus.subscribe(BUS_CHANNELS.claimChanged, (payload) => {
        const change = parseClaimChange(payload)
        if (!change) return
        this.#log.add(change)
        for (const listener of this.#listeners) if (listener.accepts(change)) listener.deliver(change)
      }),
      await bus.subscribe(BUS_CHANNELS.sessionsRevoked, (payload) => {
        const idUser = Number(payload)
        for (const listener of [...this.#listeners]) {
          if (listener.session.kind === 'user' && listener.session.idUser === idUser) listener.end()
        }
      }),
      bus.onResync(() => {
        this.#log.clear()
        for (const listener of this.#listeners) listener.resync()
      }),
    )
  }

  get size(): number {
    return this.#listeners.size
  }

  /**
   * Adds the stream and, in the same step (no change can fall between them), what it missed since `lastEventId`
   * (none without one).
   */
  connect(listener: LiveListener, lastEventId: string | undefined): Connected {
    this.#listeners.add(listener)
    const after = lastEventId ? this.#log.after(lastEventId) : []
    return {
      missed: after === null ? 'resync' : after.filter(listener.accepts),
      disconnect: () => this.#listeners.delete(listener),
    }
  }

  /** Ends every stream (the app closes: browsers reconnect to another instance). */
  stop(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe()
    this.#unsubscribe = []
    for (const listener of [...this.#listeners]) listener.end()
  }
}
