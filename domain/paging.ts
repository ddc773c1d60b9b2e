/**
 * Paging of every list (spec section 9: "Tables show 10 rows per page"). The server answers
 * `{ items, total, totalCapped, page, pageSize }`; the app asks for PAGE_SIZE rows and shows the same number per page.
 *
 * A list counts its rows only up to COUNT_LIMIT and serves pages only within those first COUNT_LIMIT rows
 * (docs/decisions/paged-lists.md, "Counting and deep pages"): past it the answer says «más de 10 000» instead of
 * counting a million rows, and the user narrows the search instead of paging a million rows deep.
 */
export const PAGE_SIZE = 10
/** The largest page an API client may ask for. */
export const MAX_PAGE_SIZE = 100
/**
 * Rows a list counts exactly and lets the user page through; beyond it the total is "more than COUNT_LIMIT". It is
 * also the deepest page number the contract accepts (a 1-row page at the end of the counted rows); the server checks
 * the row window itself.
 */
export const COUNT_LIMIT = 10_000
/** Longest search text of a list. */
export const MAX_SEARCH_LENGTH = 100

/** A list request with its defaults filled in: page 1, PAGE_SIZE rows, no search, counting up to COUNT_LIMIT. */
export interface PageRequest {
  q?: string
  page: number
  pageSize: number
  /** Rows counted exactly and reachable by paging (COUNT_LIMIT; tests inject a small one). */
  countLimit: number
  /** The row the page continues from, when the user stepped to it from the next or the previous page. */
  cursor?: PageCursor
}

export const pageRequestOf = (
  { q, page, pageSize }: { q?: string; page?: number; pageSize?: number },
  countLimit: number = COUNT_LIMIT,
): PageRequest => ({
  q,
  page: page ?? 1,
  pageSize: pageSize ?? PAGE_SIZE,
  countLimit,
})

/**
 * Where a page continues from when the user steps to the next or the previous page: the row just before it (`after`:
 * the last row of the page the user leaves for the next one) or just after it (`before`: the first row of the page
 * the user leaves for the previous one), by its key (a claim number). The server then reads the page from its index
 * at that key instead of skipping the rows before it (docs/decisions/paged-lists.md, "Next and previous by key").
 */
export type PageCursor = { after: number } | { before: number }

/** The page starts within the counted rows (page 1 always does, even of an empty list). */
export const isReachablePage = ({ page, pageSize, countLimit }: PageRequest): boolean => page === 1 || (page - 1) * pageSize < countLimit

/** Pages of a list of `total` rows: at least one, so an empty list still has page 1. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE))
