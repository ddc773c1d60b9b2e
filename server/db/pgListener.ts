/**
 * LISTEN on PostgreSQL over one dedicated connection that reconnects by itself (the bus, server/bus/bus.ts).
 *
 * Why a connection of its own: a LISTEN belongs to the session that issued it, and the pool hands its connections to
 * whichever query comes next (and may close idle ones), so a pooled LISTEN would stop hearing at random.
 *
 * When the connection drops (PostgreSQL restarted, an administrator ended it, the network), notifications sent
 * meanwhile are lost for this instance: the listener reconnects with a growing delay (RECONNECT_DELAYS_MS, then
 * the last one), LISTENs again on every channel and then calls `onReconnect`, so whoever keeps state fed by the
 * notifications can drop it (the session cache empties itself, the event streams tell their browsers to read
 * everything again).
 */
import pg from 'pg'

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000] as const

export interface PgListenerOptions {
  connectionString: string
  /** Called after a reconnection (not after the first connection). */
  onReconnect?: () => void
  /** Where a lost connection is reported (default console.error). */
  log?: (message: string) => void
}

type Callback = (payload: string) => void

/** A channel name as an SQL identifier (ours are fixed lower-case words; quoting keeps any other one safe). */
const identifier = (channel: string) => `"${channel.replaceAll('"', '""')}"`

export class PgListener {
  readonly #options: PgListenerOptions
  readonly #callbacks = new Map<string, Set<Callback>>()
  #client: pg.Client | null = null
  #connecting: Promise<void> | null = null
  #closed = false
  #attempt = 0
  #timer: NodeJS.Timeout | null = null
  #everConnected = false

  constructor(options: PgListenerOptions) {
    this.#options = options
  }

  /** LISTEN on `channel`; resolves once the first connection listens (or at once if it already does). */
  async listen(channel: string, callback: Callback): Promise<() => Promise<void>> {
    let callbacks = this.#callbacks.get(channel)
    const isNew = !callbacks
    if (!callbacks) this.#callbacks.set(channel, (callbacks = new Set()))
    callbacks.add(callback)
    if (!this.#client && !this.#connecting) await this.#connect()
    else if (this.#connecting) await this.#connecting
    else if (isNew && this.#client) await this.#client.query(`LISTEN ${identifier(channel)}`)
    return async () => {
      callbacks.delete(callback)
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    const client = this.#client
    this.#client = null
    await client?.end().catch(() => {})
  }

  #connect(): Promise<void> {
    this.#connecting = this.#open().finally(() => {
      this.#connecting = null
    })
    return this.#connecting
  }

  async #open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#options.connectionString })
    // Without a listener an 'error' (the server ended the connection) would crash the process; 'end' follows it.
    client.on('error', (err) => this.#log(`PostgreSQL (LISTEN): ${err.message}`))
    client.on('notification', (message) => {
      for (const callback of this.#callbacks.get(message.channel) ?? []) callback(message.payload ?? '')
    })
    try {
      await client.connect()
      for (const channel of this.#callbacks.keys()) await client.query(`LISTEN ${identifier(channel)}`)
    } catch (err) {
      await client.end().catch(() => {})
      if (!this.#everConnected) throw err
      this.#log(`PostgreSQL (LISTEN): no se pudo reconectar (${(err as Error).message})`)
      this.#scheduleReconnect()
      return
    }
    if (this.#closed) {
      await client.end().catch(() => {})
      return
    }
    client.once('end', () => {
      if (this.#client !== client || this.#closed) return
      this.#client = null
      this.#scheduleReconnect()
    })
    this.#client = client
    this.#attempt = 0
    const reconnected = this.#everConnected
    this.#everConnected = true
    if (reconnected) this.#options.onReconnect?.()
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#timer) return
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#attempt, RECONNECT_DELAYS_MS.length - 1)]
    this.#attempt++
    this.#timer = setTimeout(() => {
      this.#timer = null
      if (!this.#closed) void this.#connect()
    }, delay)
    // A process that is otherwise done must not stay alive to reconnect.
    this.#timer.unref()
  }

  #log(message: string): void {
    if (!this.#closed) (this.#options.log ?? console.error)(message)
  }
}
