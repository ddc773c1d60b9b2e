/**
 * Where the claim screens lead, by the area they are shown in (spec 2.5, 2.6, 2.9, 2.11): executives open a claim
 * under /ejecutivo, administrators under /administrador, the retail partner under its own prefix.
 */
import type { ClaimArea, StaffArea } from '../../lib/profile'

const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

/** The general-data page of a claim ('Abrir el trámite', 'Ver trámite', after 'Iniciar trámite'). */
export function claimGeneralPath(area: ClaimArea, idEvento: number, partnerPrefix: string): string {
  const prefix = area === 'admin' ? 'administrador' : area === 'partner' ? partnerPrefix : 'ejecutivo'
  return `/${prefix}/${CLAIM_PROCESS}/${idEvento}`
}

/** 'Crear nuevo trámite'. */
export function newClaimPath(area: StaffArea, idColaborador: number, idCobertura: number): string {
  const base = area === 'admin' ? '/administrador/inicio-de-cobertura' : ''
  return `${base}/nuevo-tramite/${idColaborador}/${idCobertura}`
}

/** Inicio de trámite (the new claim page's back arrow). */
export function coverageSearchPath(area: StaffArea): string {
  return area === 'admin' ? '/administrador/inicio-de-cobertura' : '/home'
}
