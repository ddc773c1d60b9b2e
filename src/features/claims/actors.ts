/** The real `loadPage` of Mis trámites: executives get their own claims, administrators and the partner all. */
import { fromRequest } from '../../lib/requestActor'
import type { LoadPageInput, PagedListPage } from '../../../machines/pagedList.machine'
import { listAllClaims, listExecutiveClaims } from '../../api/claims'
import type { ClaimArea } from '../../lib/profile'
import { claimListRequestOf, toClaimListItem, type ClaimListItem } from './claimListItem'

export function loadClaimsActor(area: ClaimArea, idUser: number | null | undefined) {
  return fromRequest<PagedListPage<ClaimListItem>, LoadPageInput<ClaimListItem>>(async ({ input, signal }) => {
    const request = claimListRequestOf(input)
    const page =
      area === 'executive' ? await listExecutiveClaims(idUser ?? 0, request, signal) : await listAllClaims(request, signal)
    return { items: page.items.map(toClaimListItem), total: page.total, totalCapped: page.totalCapped }
  })
}
