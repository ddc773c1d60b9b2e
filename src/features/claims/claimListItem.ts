import type { LoadPageInput } from '../../../machines/pagedList.machine'
import type { ClaimListRequest } from '../../api/pageQuery'

/** One claim card of a paged claim list: Mis trámites and the provider's claims (spec 3 'Claim (evento)'). */
export interface ClaimListItem {
  idEvento: number
  idColaborador: number
  /** The coverage description: the claim's reason. */
  descripcion: string
  /** Coverage figures: authorized (the coverage total), available and used. */
  monto: number
  montoDisponible: number
  montoUtilizado: number
  /** Current stage: what a card offers depends on it (the provider's 'Cargar factura'). */
  statusId: number
  /** Current stage name. */
  value: string | null
}

type ClaimRow = Omit<ClaimListItem, 'value'> & { value?: string | null }

/** Only what a card shows, so the list's context stays small. */
export const toClaimListItem = ({ idEvento, idColaborador, descripcion, monto, montoDisponible, montoUtilizado, statusId, value }: ClaimRow): ClaimListItem => ({
  idEvento,
  statusId,
  idColaborador,
  descripcion,
  monto,
  montoDisponible,
  montoUtilizado,
  value: value ?? null,
})

/**
 * The request of a claim list's page: the search and the page, and the claim number it continues from when the user
 * stepped to it from the page beside (the claim lists read such a page by that key, domain/paging.ts).
 */
export const claimListRequestOf = ({ q, page, pageSize, beside }: LoadPageInput<ClaimListItem>): ClaimListRequest => ({
  q,
  page,
  pageSize,
  cursor: beside && ('after' in beside ? { after: beside.after.idEvento } : { before: beside.before.idEvento }),
})
