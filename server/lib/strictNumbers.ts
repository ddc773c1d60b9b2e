/**
 * Path and query numbers are read strictly: only plain decimal digits. Fastify's ajv coerces the raw text with
 * `Number()`, which accepts '0x10', '1e1', '+7', '7.0' (and turns 'Infinity' or '1e400' into a value PostgreSQL
 * refuses with a 500). Before validation, every value that the route's schema types as a number must be written
 * the way a person writes one. Anything else is replaced by a text no coercion reads as a number, so the route's
 * own validation refuses it with its own field label ('Trámite: El valor ingresado debe de ser un número').
 *
 * A JSON body goes through the same ajv, whose coercion turned `true` into 1, `false` and `null` into 0, and `[5]`
 * into 5: `{ "idProveedor": true }` assigned provider 1. So in a body a number field keeps a JSON number, a text
 * written as a number (as above), or null where the field allows null; anything else is refused the same way, at any
 * depth of the body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

const NOT_A_NUMBER = 'no-es-un-numero'

const INTEGER_TEXT = /^(0|[1-9][0-9]{0,14})$/
const NUMBER_TEXT = /^(0|[1-9][0-9]{0,14})(\.[0-9]{1,6})?$/

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema }

function numericKind(schema: JsonSchema | undefined): 'integer' | 'number' | null {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type]
  if (types.includes('integer')) return 'integer'
  if (types.includes('number')) return 'number'
  return null
}

const patternOf = (kind: 'integer' | 'number') => (kind === 'integer' ? INTEGER_TEXT : NUMBER_TEXT)

function checkPart(values: unknown, schema: JsonSchema | undefined) {
  if (!schema?.properties || typeof values !== 'object' || values === null) return
  const part = values as Record<string, unknown>
  for (const [name, value] of Object.entries(part)) {
    const kind = numericKind(schema.properties[name])
    if (!kind) continue
    const texts = Array.isArray(value) ? value : [value]
    if (texts.some((text) => typeof text !== 'string' || !patternOf(kind).test(text))) part[name] = NOT_A_NUMBER
  }
}

/** A body's value for a number field: a JSON number, a text written as one, or null where the field allows it. */
function isBodyNumber(value: unknown, kind: 'integer' | 'number', schema: JsonSchema): boolean {
  if (typeof value === 'number') return true
  if (value === null) return Array.isArray(schema.type) && schema.type.includes('null')
  return typeof value === 'string' && patternOf(kind).test(value)
}

/** Refuses, at any depth of a JSON body, what coercion would turn into a number nobody wrote (see the top). */
function checkBody(value: unknown, schema: JsonSchema | undefined) {
  if (!schema || typeof value !== 'object' || value === null) return
  const check = (container: unknown[] | Record<string, unknown>, key: string | number, item: unknown, itemSchema: JsonSchema | undefined) => {
    const kind = numericKind(itemSchema)
    if (!kind) checkBody(item, itemSchema)
    else if (!isBodyNumber(item, kind, itemSchema!)) (container as Record<string | number, unknown>)[key] = NOT_A_NUMBER
  }
  if (Array.isArray(value)) value.forEach((item, index) => check(value, index, item, schema.items))
  else for (const [name, item] of Object.entries(value)) check(value as Record<string, unknown>, name, item, schema.properties?.[name])
}

export function registerStrictNumbers(app: FastifyInstance) {
  // A callback hook (every request, nothing to wait for): an async one costs a promise and a microtask turn.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const schema = request.routeOptions.schema as { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema } | undefined
    checkPart(request.params, schema?.params)
    checkPart(request.query, schema?.querystring)
    checkBody(request.body, schema?.body)
    done()
  })
}
