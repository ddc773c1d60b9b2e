/**
 * The recent claim changes an instance heard, in the order it heard them, so a browser that reconnects with
 * `Last-Event-ID` gets what it missed. Every instance hears the bus in the same order (PostgreSQL delivers
 * notifications in commit order to every listener), so whichever instance nginx sends the reconnection to finds
 * the id in the same place of its own log, as long as it was listening then.
 *
 * Bounded: the oldest of `capacity` entries goes first. An id the log does not hold (older than the log, or sent
 * before this instance started or while its listening connection was down — the log is emptied then) answers
 * `null`: the stream tells the browser to read everything again instead of guessing.
 */
import type { ClaimChange } from './claimChanges'

/** About a minute of changes on a busy office day; a reconnection takes a second or two. */
const RECENT_EVENTS = 1_000

export class EventLog {
  readonly #entries: ClaimChange[] = []

  constructor(private readonly capacity = RECENT_EVENTS) {}

  add(change: ClaimChange): void {
    this.#entries.push(change)
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity)
  }

  /** The changes after the one with this id, oldest first; null when the log does not hold the id. */
  after(id: string): ClaimChange[] | null {
    for (let i = this.#entries.length - 1; i >= 0; i--) if (this.#entries[i]!.id === id) return this.#entries.slice(i + 1)
    return null
  }

  clear(): void {
    this.#entries.length = 0
  }
}
