/**
 * Named statements for PGlite, where Drizzle's `.prepare(name)` is not one (issue 12; docs/decisions/claim-read.md).
 *
 * Why: PGlite runs every query as an unnamed statement, so PostgreSQL, compiled to WebAssembly, parses and plans it
 * on every call. For the claim record (five joins and a subquery) planning is most of the work: 5.7 ms a call on
 * 100 000 claims against 1.2 ms for the same statement prepared once in the session (measured on this machine with
 * `.tmp/bench/pglite-100000`). PGlite has one session for its whole life, so a statement PREPAREd once stays there.
 *
 * How: the Drizzle prepared query keeps building nothing per call and still maps the rows (its fields and decoders);
 * only the driver call under it changes, from `query(sql, params)` to `EXECUTE name(v1, v2, …)`. EXECUTE takes no
 * bind parameters, so the values are written into the text, which is only done for values whose text cannot carry
 * anything else: safe integers, arrays of them, booleans and null. A call with any other value, or a PREPARE that fails, runs the
 * plain query as before.
 */
import type { QueryOptions, Results } from '@electric-sql/pglite'
import type { PgliteQueries } from './pgliteClient'

type Query = PgliteQueries['query']

// The PGlite client (PGlite, or its worker's proxy) of each Drizzle database opened on PGlite (server/db/client.ts).
const pgliteClients = new WeakMap<object, PgliteQueries>()

export function registerPgliteClient(db: object, client: PgliteQueries): void {
  pgliteClients.set(db, client)
}

/** A value whose SQL text is exactly itself (an array of integers: its array literal), or undefined. */
function literalOf(value: unknown): string | undefined {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isSafeInteger(item))) return `'{${value.join(',')}}'`
  return undefined
}

/** The driver of a Drizzle prepared query on PGlite, answering its one SQL text from a statement named in the session. */
function sessionStatementDriver(client: PgliteQueries, name: string, text: string): { query: Query } {
  let prepared: Promise<boolean> | undefined
  const prepare = () =>
    (prepared ??= client.exec(`PREPARE ${name} AS ${text}`).then(
      () => true,
      () => false,
    ))
  const query = async <T>(sqlText: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const literals = (params ?? []).map(literalOf)
    if (sqlText === text && literals.every((l) => l !== undefined) && (await prepare())) {
      // exec, PostgreSQL's simple protocol: one message into WebAssembly instead of query's parse, bind, describe and
      // execute; the claim record took 0.20 ms this way against 0.38 ms (same rows, same fields).
      // A statement without parameters is executed without parentheses (`EXECUTE name()` is a syntax error).
      const [result] = await client.exec(`EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`, options)
      return result as Results<T>
    }
    return client.query<T>(sqlText, params, options)
  }
  return { query: query as Query }
}

/**
 * On PGlite, makes `preparedQuery` (the result of Drizzle's `.prepare(name)` on `db`) run as a statement named `name`
 * in PGlite's session; elsewhere (PostgreSQL, where Drizzle's name already makes it one) returns it unchanged.
 */
export function inSession<T extends object>(db: object, preparedQuery: T, name: string): T {
  const client = pgliteClients.get(db)
  if (!client) return preparedQuery
  // Drizzle's PglitePreparedQuery keeps its driver and SQL in these fields (drizzle-orm/pglite/session.js); the
  // claim-by-id tests run on PGlite and fail if a Drizzle upgrade renames them.
  const target = preparedQuery as unknown as { client: unknown; queryString: unknown }
  if (typeof target.queryString !== 'string' || !target.client) return preparedQuery
  target.client = sessionStatementDriver(client, name, target.queryString)
  return preparedQuery
}

/**
 * `prepare(name)` (a Drizzle `.prepare(name)` call) made a statement named `name` in PGlite's session too (inSession):
 * the name written once, so Drizzle's and the session's cannot drift apart.
 */
export const prepareInSession = <T extends object>(db: object, name: string, prepare: (name: string) => T): T =>
  inSession(db, prepare(name), name)
