/**
 * Whether a value matches a contract schema (JSON Schema, as domain/contract writes it), without superstruct: the
 * checks the app makes before the API helper is there (the stored session user, the page's role catalogue), so the
 * sign-in page does not download superstruct and the contract's struct builder (issue 24). The rules are those of
 * src/api/structOf.ts, which checks the API's answers (objects accept fields the schema does not list; bounds,
 * lengths and patterns are checked); tests/src/lib/schemaCheck.test.ts holds the two to the same verdicts.
 */
type Json = Record<string, unknown>

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

function inBounds(value: number, schema: Json): boolean {
  const minimum = num(schema.minimum)
  const maximum = num(schema.maximum)
  const exclusiveMinimum = num(schema.exclusiveMinimum)
  return (
    (minimum === undefined || value >= minimum) &&
    (maximum === undefined || value <= maximum) &&
    (exclusiveMinimum === undefined || value > exclusiveMinimum)
  )
}

function isText(value: unknown, schema: Json): boolean {
  if (typeof value !== 'string') return false
  const { length } = value
  const minLength = num(schema.minLength)
  const maxLength = num(schema.maxLength)
  if ((minLength !== undefined && length < minLength) || (maxLength !== undefined && length > maxLength)) return false
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value)
}

function isObject(value: unknown, schema: Json): boolean {
  if (!isJson(value)) return false
  const properties = isJson(schema.properties) ? schema.properties : {}
  if (Object.keys(properties).length === 0 && isJson(schema.patternProperties)) {
    const [valueSchema] = Object.values(schema.patternProperties)
    return Object.values(value).every((item) => !isJson(valueSchema) || matchesSchema(valueSchema, item))
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  return Object.entries(properties).every(([key, propertySchema]) => {
    if (!isJson(propertySchema)) return true
    return (value[key] === undefined && !required.has(key)) || matchesSchema(propertySchema, value[key])
  })
}

function ofType(name: string, value: unknown, schema: Json): boolean {
  switch (name) {
    case 'string':
      return isText(value, schema)
    case 'integer':
      return Number.isInteger(value) && inBounds(value as number, schema)
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value) && inBounds(value, schema)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value) && (!isJson(schema.items) || value.every((item) => matchesSchema(schema.items as Json, item)))
    case 'object':
      return isObject(value, schema)
    default:
      throw new Error(`schemaCheck: tipo de esquema no soportado: ${name}`)
  }
}

/** The value matches the schema. */
export function matchesSchema(schema: object, value: unknown): boolean {
  const rules = schema as Json
  if ('const' in rules) return value === rules.const
  if (Array.isArray(rules.enum)) return rules.enum.includes(value)
  if (Array.isArray(rules.anyOf)) return rules.anyOf.some((member) => isJson(member) && matchesSchema(member, value))
  if (Array.isArray(rules.type)) return rules.type.some((name) => typeof name === 'string' && ofType(name, value, rules))
  if (typeof rules.type === 'string') return ofType(rules.type, value, rules)
  return true
}
