import type { PageQuery } from '../../domain/contract/schema'

/** A list screen's request for one page. */
export interface ListRequest {
  /** '' for no search. */
  q: string
  page: number
  pageSize: number
}

/** The query of a list call: a blank search is no search. */
export function pageQueryOf({ q, page, pageSize }: ListRequest): PageQuery {
  const text = q.trim()
  return { ...(text ? { q: text } : {}), page, pageSize }
}
