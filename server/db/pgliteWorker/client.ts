/**
 * The main thread's side of a PGlite running in a worker thread (worker.ts): the subset of PGlite's API that the
 * project uses (server/db/pgliteClient.ts), each call a message to the worker and a promise of its reply. The queries
 * run beside the event loop instead of on it, so HTTP parsing, authentication and JSON go on while PostgreSQL (in
 * WebAssembly) works; the worker's PGlite still runs one query or transaction at a time.
 *
 * The worker is TypeScript: a two-line bootstrap.mjs loads it (and what it imports) with tsx's `tsImport`, the same
 * under `tsx` and under vitest, with no build step. A worker that fails or exits rejects every call in flight, and
 * every later one, with the reason.
 */
import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import type { PgliteClient, PgliteQueries } from '../pgliteClient'
import type { Compression, NotificationMessage, Reply, ReplyValues, Request, WorkerSetup } from './protocol'
import { toWireOptions } from './queryOptions'
import { fromWireError, withCallerFrames } from './wireError'

type Operation = Request['op']
type RequestOf<Op extends Operation> = Omit<Extract<Request, { op: Op }>, 'id'>

interface PendingCall {
  resolve: (value: ReplyValues[keyof ReplyValues]) => void
  reject: (error: Error) => void
  callerStack: CallerTrace
}

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url)

/** Where a call was made: its `stack` is formatted only when read, that is when the call fails. */
type CallerTrace = { readonly stack?: string }

/**
 * The stack of whoever called `entry`, so a failed call points at the code that made it, not at this file. Kept
 * unread: formatting it on every call (source maps included, under tsx) took 6 % of the server's main thread.
 */
function callerStack(entry: (...args: never[]) => unknown): CallerTrace {
  const trace: { stack?: string } = {}
  Error.captureStackTrace(trace, entry)
  return trace
}

export class PgliteWorkerClient implements PgliteClient {
  /** The worker thread itself: for tests that stop it, and for diagnostics. */
  readonly thread: Worker
  #nextId = 1
  readonly #pending = new Map<number, PendingCall>()
  readonly #listeners = new Map<string, Set<(payload: string) => void>>()
  #stopped: Error | undefined

  /** Starts the worker and waits until its database is open. */
  static async start(setup: WorkerSetup): Promise<{ client: PgliteWorkerClient; templateToSave: string | undefined }> {
    const stack = callerStack(PgliteWorkerClient.start)
    const client = new PgliteWorkerClient(setup)
    const opened = await new Promise<ReplyValues['open']>((resolve, reject) => {
      client.#pending.set(0, { resolve: resolve as PendingCall['resolve'], reject, callerStack: stack })
    }).catch(async (err: unknown) => {
      client.#rejectAll(err instanceof Error ? err : new Error(String(err)))
      await client.thread.terminate()
      throw err
    })
    return { client, templateToSave: opened.templateToSave }
  }

  /** Calls sent to the worker and not answered yet (queries waiting behind PGlite's one connection included). */
  get queueDepth(): number {
    return this.#pending.size
  }

  private constructor(setup: WorkerSetup) {
    this.thread = new Worker(BOOTSTRAP, { workerData: setup })
    this.thread.on('message', (message: Reply | NotificationMessage) => {
      if ('notification' in message) this.#notify(message.notification)
      else this.#settle(message)
    })
    this.thread.on('error', (err) => this.#stop(new Error(`PGlite (hilo de trabajo) falló: ${err.message}`, { cause: err })))
    this.thread.on('messageerror', (err) => this.#stop(new Error(`PGlite (hilo de trabajo): respuesta ilegible (${err.message})`)))
    this.thread.on('exit', (code) => this.#stop(new Error(`PGlite (hilo de trabajo) terminó con código ${code}`)))
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options, undefined, callerStack(this.query))
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options, undefined, callerStack(this.exec))
  }

  async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const stack = callerStack(this.transaction)
    const begun = this.#send('begin', {}, stack)
    await begun.reply
    const txId = begun.id
    const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      this.#query<R>(text, params, options, txId, callerStack(query))
    const exec = async (text: string, options?: QueryOptions) => this.#exec(text, options, txId, callerStack(exec))
    let result: T
    try {
      result = await callback({ query, exec })
    } catch (err) {
      // The callback's error is the one to report; a rollback that fails too (a dead worker) adds nothing.
      await this.#send('end', { txId, commit: false }, stack).reply.catch(() => {})
      throw err
    }
    await this.#send('end', { txId, commit: true }, stack).reply
    return result
  }

  async dumpDataDir(compression?: Compression): Promise<Blob> {
    return new Blob([await this.#send('dump', { compression }, callerStack(this.dumpDataDir)).reply])
  }

  /** LISTEN in the worker's PGlite; NOTIFY payloads arrive as messages (they do not keep the process alive). */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel)
    if (!callbacks) this.#listeners.set(channel, (callbacks = new Set()))
    callbacks.add(callback)
    await this.#send('listen', { channel }, callerStack(this.listen)).reply
    return async () => {
      callbacks.delete(callback)
    }
  }

  #notify({ channel, payload }: NotificationMessage['notification']): void {
    for (const callback of this.#listeners.get(channel) ?? []) callback(payload)
  }

  async close(): Promise<void> {
    if (this.#stopped) return
    await this.#send('close', {}, callerStack(this.close)).reply
    this.#rejectAll(new Error('PGlite (hilo de trabajo) ya se cerró'))
    await this.thread.terminate()
  }

  #query<T>(text: string, params: unknown[], options: QueryOptions | undefined, txId: number | undefined, stack: CallerTrace) {
    return this.#send('query', { text, params, options: toWireOptions(options), txId }, stack).reply as Promise<Results<T>>
  }

  #exec(text: string, options: QueryOptions | undefined, txId: number | undefined, stack: CallerTrace) {
    return this.#send('exec', { text, options: toWireOptions(options), txId }, stack).reply
  }

  /** Sends a request; its id names the transaction that a 'begin' opens. */
  #send<Op extends Operation>(
    op: Op,
    fields: Omit<RequestOf<Op>, 'op'>,
    stack: CallerTrace,
  ): { id: number; reply: Promise<ReplyValues[Op]> } {
    const id = this.#nextId++
    if (this.#stopped) return { id, reply: Promise.reject(this.#callerError(this.#stopped, stack)) }
    const reply = new Promise<ReplyValues[Op]>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as PendingCall['resolve'], reject, callerStack: stack })
      // An idle worker must not keep the process alive (PGlite in the main thread did not); a call in flight must.
      if (this.#pending.size === 1) this.thread.ref()
      try {
        this.thread.postMessage({ ...fields, op, id })
      } catch (err) {
        this.#forget(id)
        reject(err instanceof Error ? err : new Error(String(err)))
      }
    })
    return { id, reply }
  }

  #settle(reply: Reply): void {
    const call = this.#pending.get(reply.id)
    if (!call) return
    this.#forget(reply.id)
    if (reply.ok) call.resolve(reply.value)
    else call.reject(fromWireError(reply.error, call.callerStack.stack))
  }

  #forget(id: number): void {
    this.#pending.delete(id)
    if (this.#pending.size === 0) this.thread.unref()
  }

  /** The worker stopped on its own (a crash, or terminated): nothing answers the server's queries any more. */
  #stop(reason: Error): void {
    if (this.#stopped) return
    console.error(`${reason.message}; cada consulta falla desde ahora`)
    this.#rejectAll(reason)
  }

  /** Fails the calls in flight and every later one with `reason`. */
  #rejectAll(reason: Error): void {
    this.#stopped = reason
    const calls = [...this.#pending.values()]
    this.#pending.clear()
    this.thread.unref()
    for (const call of calls) call.reject(this.#callerError(reason, call.callerStack))
  }

  #callerError(reason: Error, stack: CallerTrace): Error {
    const error = new Error(reason.message, { cause: reason.cause })
    error.stack = withCallerFrames(`Error: ${reason.message}`, stack.stack)
    return error
  }
}
