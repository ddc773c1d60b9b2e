/**
 * Building blocks of the API contract. The contract is written once, in TypeBox: its values ARE JSON Schema (the
 * server validates requests and serialises answers with them, /api/docs publishes them) and `Static<>` gives their
 * TypeScript types (handlers are typed from them, the app reads answers as them). The app checks every answer at its
 * boundary with superstruct structs generated from the same schemas (src/api/structOf.ts).
 */
import { Type, type Static, type TSchema } from 'typebox'
import { COUNT_LIMIT, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../paging'

export { Type, type Static, type TSchema }

/** PostgreSQL integer: the largest id a column holds. */
export const MAX_INT4 = 2_147_483_647
/** numeric(12,2): the largest amount a column holds. */
export const MAX_AMOUNT = 9_999_999_999.99

/** A row id: a positive integer within the column's range. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_INT4 })
export const Int = Type.Integer()
export const Num = Type.Number()
export const Text = Type.String()
/**
 * The schema or null. A primitive becomes `{ type: ['string', 'null'] }` rather than `anyOf`, because ajv's type
 * coercion would turn a null into '' (or 0) by the first branch of an `anyOf` before trying the null branch.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const type: unknown = (schema as { type?: unknown }).type
  const nullable = typeof type === 'string' ? { ...schema, type: [type, 'null'] } : Type.Union([schema, Type.Null()])
  return Type.Unsafe<Static<T> | null>(nullable)
}
export const NullableInt = Nullable(Type.Integer())
export const NullableNumber = Nullable(Type.Number())
export const NullableText = Nullable(Type.String())
/** A calendar date as the API exchanges it: AAAA-MM-DD. */
export const IsoDate = Type.String({ format: 'date', maxLength: 10 })
/** An amount in MXN with at most two decimals (the cents rule is checked by the route: JSON Schema cannot). */
export const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT })

/**
 * An integer out of a fixed set ({ type: 'integer', enum }): query and form values are coerced to integers first,
 * so '2' is read as 2 and 'x' is told it is not a number.
 */
export const IntEnum = <const T extends readonly number[]>(values: T) => Type.Unsafe<T[number]>({ type: 'integer', enum: [...values] })
/** A text out of a fixed set ({ type: 'string', enum }): a number or an object is told its type, a stray text the set. */
export const TextEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] })

/** Text fields refuse NUL, which PostgreSQL text cannot hold (the insert would fail as a 500 instead of a 400). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$'

/** A request object refuses unknown fields, so a typo is a 400 instead of being silently dropped. */
export const Strict = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false })

/** `?q&page&pageSize` of every list; the server fills page 1 and PAGE_SIZE when absent. */
export const PageQuery = Strict({
  q: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH, pattern: NO_NUL_PATTERN })),
  // The deepest page: a 1-row page at the end of the counted rows (domain/paging.ts).
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: COUNT_LIMIT })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
})
export type PageQuery = Static<typeof PageQuery>

/**
 * One page of a list: the rows, how many match in all, and which page this is. Rows are counted only up to a limit
 * (COUNT_LIMIT, domain/paging.ts): when more match, `total` is that limit and `totalCapped` is true («Más de 10 000»),
 * and pages reach only that far.
 */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), totalCapped: Type.Boolean(), page: Type.Integer(), pageSize: Type.Integer() })
export interface Page<T> {
  items: T[]
  /** Rows that match, or the count limit when `totalCapped`. */
  total: number
  /** More than `total` rows match: they were not counted. */
  totalCapped: boolean
  page: number
  pageSize: number
}

/** The route parameter of every claim route. */
export const ClaimParams = Strict({ idEvento: Id })
export const UserParams = Strict({ idUser: Id })
