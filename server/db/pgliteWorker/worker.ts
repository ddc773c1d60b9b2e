/**
 * The PGlite worker thread: opens the database (server/db/pgliteOpen.ts) and answers the main thread's requests
 * (protocol.ts). Each request is served as it arrives, without waiting for the ones before: PGlite's own locks queue
 * them, so a query waits for an open transaction exactly as it would in the main thread. A transaction stays open,
 * inside `pg.transaction`, until the main thread says commit or rollback; a rollback throws out of the callback, so
 * PGlite rolls it back itself.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { openPglite } from '../pgliteOpen'
import type { NotificationMessage, Reply, ReplyValues, Request, WorkerSetup } from './protocol'
import { textKeepingOptions } from './queryOptions'
import { toWireError } from './wireError'

if (!parentPort) throw new Error('server/db/pgliteWorker/worker.ts se carga como hilo de trabajo (client.ts)')
const port = parentPort
const setup = workerData as WorkerSetup

class RolledBack extends Error {}

interface Ending {
  decide: (commit: boolean) => void
  finished: Promise<void>
}
const openTransactions = new Map<number, Transaction>()
const listening = new Set<string>()
const endings = new Map<number, Ending>()

function answer(id: number, value: ReplyValues[keyof ReplyValues], transfer: ArrayBuffer[] = []): void {
  try {
    port.postMessage({ id, ok: true, value } satisfies Reply, transfer)
  } catch (err) {
    // A value that cannot be cloned must still settle its call.
    fail(id, err)
  }
}

function fail(id: number, err: unknown): void {
  port.postMessage({ id, ok: false, error: toWireError(err) } satisfies Reply)
}

function queriesOf(pg: PGlite, txId: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (txId === undefined) return pg
  const tx = openTransactions.get(txId)
  if (!tx) throw new Error(`La transacción ${txId} ya terminó`)
  return tx
}

function begin(pg: PGlite, id: number): void {
  let opened = false
  let decide: (commit: boolean) => void = () => {}
  const decision = new Promise<boolean>((resolve) => (decide = resolve))
  const finished = pg
    .transaction(async (tx) => {
      opened = true
      openTransactions.set(id, tx)
      answer(id, null)
      if (!(await decision)) throw new RolledBack()
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err
    })
  endings.set(id, { decide, finished })
  // A transaction that never opened answers its begin; one that did answers its end (end() awaits `finished`).
  finished.catch((err: unknown) => {
    if (opened) return
    endings.delete(id)
    fail(id, err)
  })
}

async function end(txId: number, commit: boolean): Promise<null> {
  const ending = endings.get(txId)
  if (!ending) throw new Error(`La transacción ${txId} ya terminó`)
  endings.delete(txId)
  openTransactions.delete(txId)
  ending.decide(commit)
  await ending.finished
  return null
}

async function serve(pg: PGlite, fromWireOptions: ReturnType<typeof textKeepingOptions>, request: Request): Promise<void> {
  const { id } = request
  try {
    switch (request.op) {
      case 'query':
        return answer(id, await queriesOf(pg, request.txId).query(request.text, request.params, fromWireOptions(request.options)))
      case 'exec':
        return answer(id, await queriesOf(pg, request.txId).exec(request.text, fromWireOptions(request.options)))
      case 'begin':
        return begin(pg, id)
      case 'end':
        return answer(id, await end(request.txId, request.commit))
      case 'dump': {
        const dump = await (await pg.dumpDataDir(request.compression)).arrayBuffer()
        return answer(id, dump, [dump])
      }
      case 'listen':
        // One LISTEN per channel: the main thread hands each payload to its own listeners (client.ts).
        if (!listening.has(request.channel)) {
          listening.add(request.channel)
          await pg.listen(request.channel, (payload) => {
            port.postMessage({ notification: { channel: request.channel, payload } } satisfies NotificationMessage)
          })
        }
        return answer(id, null)
      case 'close':
        await pg.close()
        answer(id, null)
        return port.close()
    }
  } catch (err) {
    fail(id, err)
  }
}

const opening = openPglite(setup.dataDir, setup.migrationsFolder).then((opened) => ({ ...opened, fromWireOptions: textKeepingOptions(opened.client) }))
opening.then(
  ({ templateToSave }) => answer(0, { templateToSave }),
  (err: unknown) => fail(0, err),
)
port.on('message', (request: Request) => {
  void opening.then(
    ({ client, fromWireOptions }) => serve(client, fromWireOptions, request),
    (err: unknown) => fail(request.id, err),
  )
})
