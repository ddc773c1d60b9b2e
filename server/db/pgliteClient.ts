/**
 * What the project uses of a PGlite client: Drizzle's pglite driver and its migrator (query, transaction with a tx
 * offering query and exec), sessionStatements.ts (query, exec) and pgliteTemplate.ts (dumpDataDir), plus close.
 * PGlite itself has it, and so does the proxy of a PGlite running in a worker thread (server/db/pgliteWorker/).
 */
import type { PGlite } from '@electric-sql/pglite'

export interface PgliteQueries {
  query: PGlite['query']
  exec: PGlite['exec']
}

export interface PgliteClient extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>
  dumpDataDir(compression?: Parameters<PGlite['dumpDataDir']>[0]): Promise<Blob>
  /** LISTEN on a channel: `callback` gets each NOTIFY payload once its transaction commits (server/bus/). */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** Where PGlite runs: in a worker thread, so its queries leave the event loop free (the server), or in this one. */
export type PgliteThread = 'worker' | 'main'
