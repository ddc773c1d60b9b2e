/**
 * The offer of one lifecycle action (machines/claimActions.ts) for a page outside the claim process frame (the
 * provider's invoice page, the administrator's invoice review): it reads the claim's stage with the claim record
 * machine and answers null while the claim is being read, so nothing is offered before the stage is known.
 */
import { useServerStateReload } from '../../lib/useServerStateReload'
import { serverKeys } from '../../api/serverState'
import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from 'react-router-dom'
import { claimActionOffer, type ClaimAction, type ClaimActionOffer } from '../../../machines/claimActions'
import { claimRecordMachine } from '../../../machines/claimRecord.machine'
import type { DocumentStatuses } from '../../../machines/claimLifecycle.machine'
import { inspect } from '../../lib/inspect'
import { loadClaimActor } from './actors'

export function useClaimActionOffer(
  idEvento: number,
  action: ClaimAction,
  listPath: string,
  documents?: DocumentStatuses,
): ClaimActionOffer | null {
  const statusId = useClaimStage(idEvento, listPath)
  return statusId === null ? null : claimActionOffer(action, statusId, documents ? { documents } : {})
}

/** The claim's stage (statusId), null while it is being read. */
export function useClaimStage(idEvento: number, listPath: string): number | null {
  const navigate = useNavigate()
  const claim = useActorRef(
    claimRecordMachine.provide({
      actors: { loadClaim: loadClaimActor },
      // A claim that does not exist: back to the list, as on the claim process pages (spec 2.10).
      actions: { leaveForList: () => navigate(listPath, { replace: true }) },
    }),
    { input: { idEvento }, inspect },
  )
  // The stage shown is the server's now: reread after the user's own change (an invoice upload) or anyone's.
  useServerStateReload(serverKeys.claim(idEvento), () => claim.send({ type: 'claim.reload' }))
  return useSelector(claim, (s) => s.context.claim?.statusId ?? null)
}
