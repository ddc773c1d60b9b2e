/** The real `loadClaims` of Mis trámites: executives get their own claims, administrators and the partner all. */
import { fromRequest } from '../../lib/requestActor'
import type { ClaimListPage, LoadClaimsInput } from '../../../machines/claimList.machine'
import { listAllClaims, listExecutiveClaims, unwrap } from '../../api/claims'
import type { ClaimArea } from '../../lib/profile'

export function loadClaimsActor(area: ClaimArea, idUser: number | null | undefined) {
  return fromRequest<ClaimListPage, LoadClaimsInput>(async ({ input, signal }) => {
    const request = { q: input.q, page: input.page, pageSize: input.pageSize }
    const page = unwrap(
      area === 'executive' ? await listExecutiveClaims(idUser ?? 0, request, signal) : await listAllClaims(request, signal),
    )
    // Only what a card shows: the machine's context stays small.
    const items = page.items.map(({ idEvento, idColaborador, descripcion, monto, montoDisponible, montoUtilizado, value }) => ({
      idEvento,
      idColaborador,
      descripcion,
      monto,
      montoDisponible,
      montoUtilizado,
      value: value ?? null,
    }))
    return { items, total: page.total }
  })
}
