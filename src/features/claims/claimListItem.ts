import type { PageBeside } from '../../../machines/pagedList.machine'
import type { PageCursor } from '../../../domain/paging'

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
  /** Current stage name. */
  value: string | null
}

type ClaimRow = Omit<ClaimListItem, 'value'> & { value?: string | null }

/** Only what a card shows, so the list's context stays small. */
export const toClaimListItem = ({ idEvento, idColaborador, descripcion, monto, montoDisponible, montoUtilizado, value }: ClaimRow): ClaimListItem => ({
  idEvento,
  idColaborador,
  descripcion,
  monto,
  montoDisponible,
  montoUtilizado,
  value: value ?? null,
})

/** The claim number a page continues from (the claim lists page by it, domain/paging.ts), when it lies beside one. */
export const claimCursorOf = (beside: PageBeside<ClaimListItem> | undefined): PageCursor | undefined =>
  beside && ('after' in beside ? { after: beside.after.idEvento } : { before: beside.before.idEvento })
