import type { PageQuery } from '../../domain/contract/schema'
import type { ClaimPageQuery } from '../../domain/contract/claims'
import type { PageCursor } from '../../domain/paging'

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

/** A claim list's request: a list request, and the claim the page continues from when the user stepped to it. */
export interface ClaimListRequest extends ListRequest {
  cursor?: PageCursor
}

/** The query of a claim list call: the list's query, and `after` or `before` when the page lies beside a claim. */
export const claimPageQueryOf = ({ cursor, ...request }: ClaimListRequest): ClaimPageQuery => ({ ...pageQueryOf(request), ...cursor })
