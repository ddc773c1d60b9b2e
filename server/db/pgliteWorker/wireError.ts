/**
 * Errors across the thread boundary. Structured cloning would keep only an Error's message and stack, while the
 * server reads PostgreSQL's fields (the error handler maps `code` 22021/22P05 to 400, dbErrors.ts looks for 23505),
 * so a PGlite DatabaseError travels as its fields and is rebuilt as a DatabaseError in the main thread.
 */
import { messages } from '@electric-sql/pglite'

const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const

type DatabaseErrorField = (typeof DATABASE_ERROR_FIELDS)[number]

export interface WireError {
  name: string
  message: string
  /** Present for a DatabaseError: its PostgreSQL fields, and the query PGlite attached to it. */
  database?: {
    length: number
    fields: Partial<Record<DatabaseErrorField, string>>
    query?: string
    params?: unknown[]
  }
}

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) }
  if (!(err instanceof messages.DatabaseError)) return { name: err.name, message: err.message }
  const fields: Partial<Record<DatabaseErrorField, string>> = {}
  for (const field of DATABASE_ERROR_FIELDS) {
    const value = err[field]
    if (value !== undefined) fields[field] = value
  }
  const { query, params } = err as { query?: unknown; params?: unknown }
  return {
    name: err.name,
    message: err.message,
    database: {
      length: err.length,
      fields,
      ...(typeof query === 'string' ? { query } : {}),
      ...(Array.isArray(params) ? { params } : {}),
    },
  }
}

/**
 * The error as the main thread sees it, its stack the caller's (captured when the call was made) so it points at
 * the code that ran the query rather than at the message handler.
 */
export function fromWireError(wire: WireError, callerStack: string | undefined): Error {
  let error: Error
  if (wire.database) {
    const rebuilt = new messages.DatabaseError(wire.message, wire.database.length, 'error')
    Object.assign(rebuilt, wire.database.fields)
    if (wire.database.query !== undefined) Object.assign(rebuilt, { query: wire.database.query, params: wire.database.params })
    error = rebuilt
  } else {
    error = new Error(wire.message)
    error.name = wire.name
  }
  error.stack = withCallerFrames(`${error.name}: ${error.message}`, callerStack)
  return error
}

/** `header` followed by the frames of a stack captured elsewhere (its own first line, the message, dropped). */
export function withCallerFrames(header: string, callerStack: string | undefined): string {
  const frames = callerStack?.split('\n').slice(1) ?? []
  return [header, ...frames].join('\n')
}
