/**
 * Path and query numbers are read strictly: only plain decimal digits. Fastify's ajv coerces the raw text with
 * `Number()`, which accepts '0x10', '1e1', '+7', '7.0' (and turns 'Infinity' or '1e400' into a value PostgreSQL
 * refuses with a 500). Before validation, every value that the route's schema types as a number must be written
 * the way a person writes one. Anything else is replaced by a text no coercion reads as a number, so the route's
 * own validation refuses it with its own field label ('Trámite: El valor ingresado debe de ser un número').
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

const NOT_A_NUMBER = 'no-es-un-numero'

const INTEGER_TEXT = /^(0|[1-9][0-9]{0,14})$/
const NUMBER_TEXT = /^(0|[1-9][0-9]{0,14})(\.[0-9]{1,6})?$/

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema> }

function numericKind(schema: JsonSchema | undefined): 'integer' | 'number' | null {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type]
  if (types.includes('integer')) return 'integer'
  if (types.includes('number')) return 'number'
  return null
}

function checkPart(values: unknown, schema: JsonSchema | undefined) {
  if (!schema?.properties || typeof values !== 'object' || values === null) return
  const part = values as Record<string, unknown>
  for (const [name, value] of Object.entries(part)) {
    const kind = numericKind(schema.properties[name])
    if (!kind) continue
    const texts = Array.isArray(value) ? value : [value]
    const pattern = kind === 'integer' ? INTEGER_TEXT : NUMBER_TEXT
    if (texts.some((text) => typeof text !== 'string' || !pattern.test(text))) part[name] = NOT_A_NUMBER
  }
}

export function registerStrictNumbers(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema as { params?: JsonSchema; querystring?: JsonSchema } | undefined
    checkPart(request.params, schema?.params)
    checkPart(request.query, schema?.querystring)
  })
}
