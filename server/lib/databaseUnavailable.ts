/**
 * A request that needs PostgreSQL while it restarts (or is unreachable) answers 503 with a Spanish reason, at once,
 * instead of hanging or answering 500 (issue 25, item 5). The pool gives up connecting after
 * CONNECT_TIMEOUT_MS (server/db/client.ts), so no request waits longer than that for a connection; a query cut by the
 * server's shutdown fails at once. Nothing is half-written: each write is one transaction, which PostgreSQL rolls
 * back when its connection dies, and a 503 tells the client that this request did not happen.
 */

export const DATABASE_UNAVAILABLE = 'La base de datos no está disponible en este momento; intenta de nuevo en unos segundos'

/** How long a request may wait for a database connection before it is refused (well under the 2 s promised). */
export const CONNECT_TIMEOUT_MS = 1_500

/** Socket errors of a server that is gone or restarting. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** PostgreSQL's: class 08 (connection exception) and 57P01–57P03 (admin/crash shutdown, cannot connect now). */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3])$/
/** node-postgres' own messages for a connection that ended or never came. */
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout/i

/** Whether `err` (or what it wraps: Drizzle puts the driver's error in `cause`) says the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true
    if (typeof message === 'string' && MESSAGES.test(message)) return true
  }
  return false
}
