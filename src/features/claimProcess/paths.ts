/**
 * Where the claim process pages live for each area (spec 2.5, 2.6, 2.9). The executive pages answer under two
 * prefixes (/mis-tramites/… and /ejecutivo/mis-tramites/proceso-general-tramites/…); links always use the second,
 * which has every page, so the tabs never leave the family of routes the user is in.
 */
import type { ClaimArea } from '../../lib/profile'
import { partnerDashboardPath } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'

const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

function prefixOf(area: ClaimArea): string {
  switch (area) {
    case 'admin':
      return `/administrador/${CLAIM_PROCESS}`
    case 'partner':
      return `/${getRuntimeConfig().partnerPrefix}/${CLAIM_PROCESS}`
    default:
      return `/ejecutivo/${CLAIM_PROCESS}`
  }
}

export interface ClaimPaths {
  general: string
  documents: string
  verification: string
  letter: string
  /** Absent for the partner: the read-only area has no assignment page. */
  assignProvider: string | null
  /** The area's claim list: where a missing claim sends the user (spec 2.10). */
  list: string
}

export function claimPaths(area: ClaimArea, idEvento: number | string): ClaimPaths {
  const prefix = prefixOf(area)
  return {
    general: `${prefix}/${idEvento}`,
    documents: `${prefix}/validacion-documentos/${idEvento}`,
    verification: `${prefix}/verificacion-documentos/${idEvento}`,
    letter: `${prefix}/carta-dictaminacion/${idEvento}`,
    assignProvider: area === 'partner' ? null : `${prefix}/asignar-proveedor/${idEvento}`,
    list: claimListPath(area),
  }
}

export function claimListPath(area: ClaimArea): string {
  switch (area) {
    case 'admin':
      return '/administrador/mis-tramites'
    case 'partner':
      return partnerDashboardPath(getRuntimeConfig().partnerPrefix)
    default:
      return '/mis-tramites'
  }
}

/** The route's idEvento, or null when it is not a positive integer (such a claim cannot exist). */
export function parseIdEvento(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null
}
