/**
 * Registers a route from its call in the contract (domain/contract): method, path, the request schemas and the
 * answer's envelope all come from there, so no route restates a shape and the TypeBox type provider types the
 * handler (request.params/query/body, and what it may return) from the same definition.
 */
import { Type, type TSchema } from 'typebox'
import type { CallSpec } from '../../domain/contract/call'
import { Envelope, ErrorEnvelope } from '../../domain/contract/envelope'
import type { FieldLabels } from '../../domain/contract/labels'
import { schemaErrorFormatter } from './schemaErrors'

type Defined<T> = Exclude<T, undefined>

/** The Fastify schema of a call: request parts, the envelope around `response` on 200, the error envelope on 4xx. */
interface CallSchema<C extends CallSpec> {
  tags: string[]
  summary: string
  params: C['params'] extends TSchema ? Defined<C['params']> : undefined
  querystring: C['querystring'] extends TSchema ? Defined<C['querystring']> : undefined
  body: C['body'] extends TSchema ? Defined<C['body']> : undefined
  response: { 200: ReturnType<typeof Envelope<C['response']>>; '4xx': typeof ErrorEnvelope }
}

function present<T extends object>(value: T): T {
  // Fastify and @fastify/swagger read a key that is present as a schema: drop the parts a call does not declare.
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key]
  return value
}

export interface RouteGroup {
  /** The /api/docs section. */
  tags: string[]
  /**
   * Field names in the validation reasons ('Etiqueta: mensaje'). Without them a refusal gets the generic reasons
   * of lib/errorHandler.ts ('Campo requerido: idEvento'): the sign-in routes name no form field, and the /api/file
   * group never has.
   */
  labels?: FieldLabels
}

export function routeOf<const C extends CallSpec>(call: C, { tags, labels }: RouteGroup) {
  const schema = {
    tags,
    summary: call.summary,
    params: call.params,
    querystring: call.querystring,
    body: call.body,
    response: { 200: Envelope(call.response), '4xx': ErrorEnvelope },
  }
  return {
    method: call.method,
    url: call.path,
    ...(labels ? { schemaErrorFormatter: schemaErrorFormatter(labels) } : {}),
    // The one cast of the contract: `present` only removes undefined keys, which CallSchema already types as absent.
    schema: present(schema) as CallSchema<C>,
  }
}

/** A download: the answer is the file; only failures are the envelope. */
export function fileRouteOf<const C extends CallSpec & { file: true }>(call: C, group: RouteGroup) {
  const route = routeOf(call, group)
  const { response, ...schema } = route.schema
  const file = Type.Unknown({ description: 'El archivo (no es JSON)' })
  return { ...route, schema: { ...schema, response: { 200: file, '4xx': response['4xx'] } } }
}

/** A stream of server-sent events: the answer is text/event-stream; only a refusal before it starts is the envelope. */
export function streamRouteOf<const C extends CallSpec & { stream: true }>(call: C, group: RouteGroup) {
  const route = routeOf(call, group)
  const { response, ...schema } = route.schema
  const events = Type.Unknown({ description: 'Eventos del servidor (text/event-stream); cada `data` es la respuesta descrita' })
  return { ...route, schema: { ...schema, response: { 200: events, '4xx': response['4xx'] } } }
}
