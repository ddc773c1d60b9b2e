/**
 * JSON-schema pieces built from the shared limits in src/lib/rules, so the server refuses exactly the shapes the
 * forms refuse. The rules that need more than a shape (required-when, password strength, company domains) run in
 * the handlers through the same validateExecutive / validateProvider the forms use.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PHONE_PATTERN } from '../../../src/lib/rules'
import { NO_NUL_PATTERN } from '../../lib/schemaErrors'

export { NO_NUL_PATTERN }

/** Largest PostgreSQL integer: every id is int4, so a bigger one is refused before it reaches a query. */
export const MAX_INT4 = 2_147_483_647

export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_INT4 } as const
export const nullableIdSchema = { type: ['integer', 'null'], minimum: 0, maximum: MAX_INT4 } as const
export const emailSchema = { type: 'string', maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN } as const
// No maxLength: the pattern already stops at 10 digits and answers the phone rule's own 'Valor inválido'.
export const requiredPhoneSchema = { type: 'string', minLength: 1, pattern: PHONE_PATTERN } as const
export const optionalPhoneSchema = { type: ['string', 'null'], pattern: PHONE_PATTERN } as const
export const passwordSchema = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH } as const
/** On edit a blank password means "keep the current one". */
export const optionalPasswordSchema = { type: 'string', maxLength: PASSWORD_MAX_LENGTH } as const
export const activoSchema = { type: 'integer', enum: [0, 1] } as const

/** No NUL characters: PostgreSQL text cannot hold them, so they would fail in the database instead of here. */
export const requiredText = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: NO_NUL_PATTERN }) as const
export const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength, pattern: NO_NUL_PATTERN }) as const

export const pageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 200, pattern: NO_NUL_PATTERN },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  },
} as const

export interface PageQuery {
  q?: string
  page: number
  pageSize: number
}

export const pageOf = (itemSchema: object) =>
  ({
    type: 'object',
    properties: {
      items: { type: 'array', items: itemSchema },
      total: { type: 'integer' },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
    required: ['items', 'total', 'page', 'pageSize'],
  }) as const

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** `%`, `_` and `\` typed in a search box are text, not LIKE wildcards. */
export const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
