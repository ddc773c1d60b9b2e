/**
 * Paging of every list (spec section 9: "Tables show 10 rows per page"). The server answers
 * `{ items, total, page, pageSize }`; the app asks for PAGE_SIZE rows and shows the same number per page.
 */
export const PAGE_SIZE = 10
/** The largest page an API client may ask for. */
export const MAX_PAGE_SIZE = 100
/** Deepest page number accepted (keeps OFFSET bounded). */
export const MAX_PAGE = 100_000
/** Longest search text of a list. */
export const MAX_SEARCH_LENGTH = 100

/** A list request with its defaults filled in: page 1, PAGE_SIZE rows, no search. */
export interface PageRequest {
  q?: string
  page: number
  pageSize: number
}

export const pageRequestOf = ({ q, page, pageSize }: { q?: string; page?: number; pageSize?: number }): PageRequest => ({
  q,
  page: page ?? 1,
  pageSize: pageSize ?? PAGE_SIZE,
})

/** Pages of a list of `total` rows: at least one, so an empty list still has page 1. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE))
