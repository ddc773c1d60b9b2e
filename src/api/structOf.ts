/**
 * The app's boundary check, generated from the contract: a superstruct struct for a JSON Schema of
 * domain/contract (TypeBox values are plain JSON Schema). The contract is written once; this only reads it.
 *
 * Objects become `type()` structs, which accept fields the contract does not list, so a newer server can add a
 * field without breaking an older app. Bounds and patterns are checked too: an answer that breaks them is a server
 * bug the screen should not display.
 */
import {
  any,
  array,
  boolean,
  define,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  optional,
  pattern,
  record,
  size,
  string,
  type,
  union,
  type Struct,
} from 'superstruct'
import type { Static, TSchema } from '../../domain/contract/schema'

type Json = Record<string, unknown>
type AnyStruct = Struct<unknown, unknown>

const cache = new WeakMap<object, AnyStruct>()

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

function bounded(struct: Struct<number, null>, schema: Json): AnyStruct {
  let result = struct
  const minimum = num(schema.minimum)
  const maximum = num(schema.maximum)
  if (minimum !== undefined) result = min(result, minimum)
  if (maximum !== undefined) result = max(result, maximum)
  const exclusiveMinimum = num(schema.exclusiveMinimum)
  if (exclusiveMinimum !== undefined) result = min(result, exclusiveMinimum, { exclusive: true })
  return result as AnyStruct
}

function text(schema: Json): AnyStruct {
  let result = string()
  const minLength = num(schema.minLength)
  const maxLength = num(schema.maxLength)
  if (minLength !== undefined || maxLength !== undefined) result = size(result, minLength ?? 0, maxLength ?? Infinity)
  if (typeof schema.pattern === 'string') result = pattern(result, new RegExp(schema.pattern, 'u'))
  return result as AnyStruct
}

function ofType(name: string, schema: Json): AnyStruct {
  switch (name) {
    case 'string':
      return text(schema)
    case 'integer':
      return bounded(integer(), schema)
    case 'number':
      return bounded(number(), schema)
    case 'boolean':
      return boolean() as AnyStruct
    case 'null':
      return define<null>('null', (value) => value === null) as AnyStruct
    case 'array':
      return array(isJson(schema.items) ? structOf(schema.items) : any()) as AnyStruct
    case 'object':
      return objectStruct(schema)
    default:
      throw new Error(`structOf: tipo de esquema no soportado: ${name}`)
  }
}

function objectStruct(schema: Json): AnyStruct {
  const properties = isJson(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  if (Object.keys(properties).length === 0 && isJson(schema.patternProperties)) {
    const [valueSchema] = Object.values(schema.patternProperties)
    return record(string(), isJson(valueSchema) ? structOf(valueSchema) : any()) as AnyStruct
  }
  const shape: Record<string, AnyStruct> = {}
  for (const [name, property] of Object.entries(properties)) {
    if (!isJson(property)) continue
    const struct = structOf(property)
    shape[name] = required.has(name) ? struct : (optional(struct) as AnyStruct)
  }
  return type(shape) as AnyStruct
}

function build(schema: Json): AnyStruct {
  if ('const' in schema) return literal(schema.const as string | number | boolean) as AnyStruct
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as (string | number)[]
    return define<string | number>('enum', (value) => values.includes(value as string | number)) as AnyStruct
  }
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf.filter(isJson)
    const nonNull = members.filter((member) => member.type !== 'null')
    if (nonNull.length === members.length - 1 && nonNull.length === 1) return nullable(structOf(nonNull[0]!)) as AnyStruct
    return union(members.map((member) => structOf(member)) as [AnyStruct, ...AnyStruct[]]) as AnyStruct
  }
  if (Array.isArray(schema.type)) {
    const names = schema.type.filter((name): name is string => typeof name === 'string')
    const others = names.filter((name) => name !== 'null')
    const [first] = others
    if (others.length === 1 && first) {
      const struct = ofType(first, schema)
      return names.includes('null') ? (nullable(struct) as AnyStruct) : struct
    }
    return union(names.map((name) => ofType(name, schema)) as [AnyStruct, ...AnyStruct[]]) as AnyStruct
  }
  if (typeof schema.type === 'string') return ofType(schema.type, schema)
  return any() as AnyStruct
}

/** The struct of a schema (built once per schema object). */
export function structOf(schema: object): AnyStruct {
  const known = cache.get(schema)
  if (known) return known
  const struct = build(schema as Json)
  cache.set(schema, struct)
  return struct
}

/** The struct of a contract schema, typed as what the schema describes (`Static`). */
export function structFor<T extends TSchema>(schema: T): Struct<Static<T>, unknown> {
  // The cast only names the type: structOf builds the checks of exactly this schema.
  return structOf(schema) as Struct<Static<T>, unknown>
}
