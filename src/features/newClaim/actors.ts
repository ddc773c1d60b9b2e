/** The real actors of the new claim machine: collaborator prefill, fund summary, location catalogues, creation. */
import { fromPromise } from 'xstate'
import type { CatalogOption, CollaboratorRecord, FundSummary, NewClaimPayload } from '../../../machines/newClaim.machine'
import { getMunicipalities, getStates } from '../../api/catalogLocations'
import { createClaim, getCollaborator, getFundSummary, unwrap } from '../../api/claims'

export const newClaimActors = {
  loadCollaborator: fromPromise<CollaboratorRecord, { idColaborador: number }>(async ({ input, signal }) =>
    unwrap(await getCollaborator(input.idColaborador, signal)),
  ),
  loadFundSummary: fromPromise<FundSummary, { idColaborador: number; idCobertura: number }>(async ({ input, signal }) =>
    unwrap(await getFundSummary(input.idColaborador, input.idCobertura, signal)),
  ),
  loadStates: fromPromise<CatalogOption[], void>(async ({ signal }) => unwrap(await getStates(signal))),
  loadMunicipalities: fromPromise<CatalogOption[], { estadoId: number }>(async ({ input, signal }) =>
    unwrap(await getMunicipalities(input.estadoId, signal)),
  ),
  createClaim: fromPromise<{ insertId: number }, NewClaimPayload>(async ({ input, signal }) =>
    unwrap(await createClaim(input, signal)),
  ),
}
