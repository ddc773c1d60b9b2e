/**
 * The messages between the main thread (client.ts) and the PGlite worker (worker.ts). Every request carries an id
 * that its reply repeats; request 0 is implicit: the worker answers it once its database is open. A transaction is
 * named by the id of the request that began it, and its queries carry that id.
 */
import type { PGlite, Results, RowMode } from '@electric-sql/pglite'
import type { WireError } from './wireError'

export interface WorkerSetup {
  dataDir: string
  migrationsFolder: string
}

/** Query options that can cross threads: parsers become the type OIDs whose text is kept as it is. */
export interface WireQueryOptions {
  rowMode?: RowMode
  paramTypes?: number[]
  identityParserOids?: number[]
}

export type Compression = NonNullable<Parameters<PGlite['dumpDataDir']>[0]>

export type Request =
  | { op: 'query'; id: number; txId?: number; text: string; params: unknown[]; options: WireQueryOptions }
  | { op: 'exec'; id: number; txId?: number; text: string; options: WireQueryOptions }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; txId: number; commit: boolean }
  | { op: 'dump'; id: number; compression?: Compression }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'close'; id: number }

/** What each request (and the implicit opening, id 0) answers. */
export interface ReplyValues {
  open: { templateToSave: string | undefined }
  query: Results
  exec: Results[]
  begin: null
  end: null
  dump: ArrayBuffer
  listen: null
  close: null
}

export type Reply = { id: number; ok: true; value: ReplyValues[keyof ReplyValues] } | { id: number; ok: false; error: WireError }

/** Not a reply: a NOTIFY on a channel the main thread listens to, sent by the worker as it arrives. */
export interface NotificationMessage {
  notification: { channel: string; payload: string }
}
