/**
 * 'Asignar proveedor' is offered when two answers agree: the documents rule of spec section 4 (exactly three
 * files, all status 2 or 4, not read-only: claimDocuments' `provider.assign`) and the claim's stage (the lifecycle's
 * offer, machines/claimActions.ts). One function so the general page and the documents page say the same thing.
 */
import type { ClaimActionOffer } from '../../../machines/claimActions'
import { GENERAL } from './messages'

export function assignProviderOffer(
  documentsAllow: boolean,
  stage: ClaimActionOffer,
): { canAssign: boolean; hint: string | null } {
  if (!documentsAllow && stage.available) return { canAssign: false, hint: GENERAL.assignNeedsVerified }
  return { canAssign: documentsAllow && stage.available, hint: stage.reason }
}
