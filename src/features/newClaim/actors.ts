/** The real actors of the new claim machine: collaborator prefill, fund summary, location catalogues, creation. */
import { fromRequest } from '../../lib/requestActor'
import type { CatalogOption, CollaboratorRecord, FundSummary, NewClaimPayload } from '../../../machines/newClaim.machine'
import { getMunicipalities, getStates } from '../../api/catalogLocations'
import { createClaim, getCollaborator, getFundSummary } from '../../api/claims'

export const newClaimActors = {
  loadCollaborator: fromRequest<CollaboratorRecord, { idColaborador: number }>(({ input, signal }) =>
    getCollaborator(input.idColaborador, signal),
  ),
  loadFundSummary: fromRequest<FundSummary, { idColaborador: number; idCobertura: number }>(async ({ input, signal }) =>
    getFundSummary(input.idColaborador, input.idCobertura, signal),
  ),
  loadStates: fromRequest<CatalogOption[], void>(({ signal }) => getStates(signal)),
  loadMunicipalities: fromRequest<CatalogOption[], { estadoId: number }>(({ input, signal }) =>
    getMunicipalities(input.estadoId, signal),
  ),
  createClaim: fromRequest<{ insertId: number }, NewClaimPayload>(async ({ input, signal }) =>
    createClaim(input, signal),
  ),
}
