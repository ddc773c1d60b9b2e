/**
 * One call of the API (spec section 7): method, path (with `:name` parameters), and the schema of each part of the
 * request and of the answer's `response`. The server registers a route from it (server/lib/route.ts), the app calls
 * it (src/api/client.ts `callApi`), /api/docs documents it: nothing restates a shape.
 */
import type { Static, TSchema } from './schema'

type HttpMethod = 'GET' | 'POST' | 'PUT'

export interface CallSpec {
  method: HttpMethod
  path: `/api/${string}`
  /** One Spanish line for /api/docs. */
  summary: string
  params?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** Fields of a multipart form (files are read by the route; the other fields are checked against this). */
  form?: TSchema
  /** The parts a multipart call's file may travel under, and whether the call needs one. */
  fileParts?: FileParts
  /** What `response` holds on success. For a file download, the file is the answer and this is `Type.Null()`. */
  response: TSchema
  /** The answer is a file (a download), not JSON. */
  file?: true
  /** The answer is a stream of server-sent events (text/event-stream); `response` is the data of each event. */
  stream?: true
}

export interface FileParts {
  names: readonly string[]
  required: boolean
}

/** Declares a call, keeping its literal types so handlers and callers are typed from it. */
export const defineCall = <const C extends CallSpec>(spec: C): C => spec

type StaticOf<S> = S extends TSchema ? Static<S> : never

export type ResponseOf<C extends CallSpec> = Static<C['response']>
type ParamsOf<C extends CallSpec> = StaticOf<C['params']>
type QueryOf<C extends CallSpec> = StaticOf<C['querystring']>
type BodyOf<C extends CallSpec> = StaticOf<C['body']>
export type FormOf<C extends CallSpec> = StaticOf<C['form']>
export type FilePartOf<C extends CallSpec> = C['fileParts'] extends FileParts ? C['fileParts']['names'][number] : never

/** What a caller passes: the parts the call declares, nothing else. */
export type CallInput<C extends CallSpec> = (C['params'] extends TSchema ? { params: ParamsOf<C> } : { params?: never }) &
  (C['querystring'] extends TSchema ? { query?: QueryOf<C> } : { query?: never }) &
  (C['body'] extends TSchema ? { body: BodyOf<C> } : { body?: never })

/** The path with its parameters filled in (encoded). */
export function pathOf(call: CallSpec, params?: Record<string, string | number>): string {
  return call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${call.path}`)
    return encodeURIComponent(String(value))
  })
}
