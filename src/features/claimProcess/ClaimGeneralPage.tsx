/**
 * General data of a claim (spec 2.11 'General data'): tracking number, collaborator number, claim reason, type
 * 'Digital', support amounts (es-MX MXN), service, provider, the stage timeline, and 'Asignar proveedor' (enabled
 * by the documents rule of machines/claimDocuments.machine.ts and a stage that accepts it; hidden read-only).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  claimDocumentsMachine,
  selectCanAssignProvider,
  selectShowAssignProvider,
} from '../../../machines/claimDocuments.machine'
import { LifecycleDiagramSection } from '../flows/LifecycleDiagram'
import { claimCode, formatDate, formatMoney } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import type { ClaimArea } from '../../lib/profile'
import { Button, Card, DataList, Highlight } from '../../ui'
import { loadDocumentsActor } from './actors'
import { ClaimProcessLayout, useClaimProcess } from './ClaimProcessLayout'
import { GENERAL } from './messages'
import { assignProviderOffer } from './rules'
import { ClaimStagesCard } from '../stages/ClaimStagesCard'

export function ClaimGeneralPage({ area }: { area: ClaimArea }) {
  return (
    <ClaimProcessLayout area={area} active="general">
      <GeneralData />
    </ClaimProcessLayout>
  )
}

const grid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' },
  alignItems: 'start',
})

function GeneralData() {
  const { claim, idEvento, readOnly, paths, offers } = useClaimProcess()
  const navigate = useNavigate()
  const documents = useActorRef(
    claimDocumentsMachine.provide({
      actors: { loadDocuments: loadDocumentsActor },
      actions: {
        emitAssignProvider: () => {
          if (paths.assignProvider) navigate(paths.assignProvider)
        },
      },
    }),
    { input: { idEvento, readOnly }, inspect },
  )
  const showAssign = useSelector(documents, selectShowAssignProvider)
  const documentsAllow = useSelector(documents, selectCanAssignProvider)
  const { canAssign, hint } = assignProviderOffer(documentsAllow, offers.providerAssign)

  return (
    <div className={grid}>
      <div className={css({ display: 'grid', gap: '4', minW: 0 })}>
        <Card title={GENERAL.dataTitle}>
          <DataList
            items={[
              { label: GENERAL.trackingNumber, value: claimCode(claim.idEvento) },
              { label: GENERAL.collaboratorNumber, value: String(claim.idColaborador) },
              { label: GENERAL.holder, value: claim.beneficiary },
              { label: GENERAL.reason, value: claim.descripcion },
              { label: GENERAL.type, value: GENERAL.typeValue },
              { label: GENERAL.entryDate, value: formatDate(claim.fechaIngreso) },
            ]}
          />
        </Card>
        <Card title={GENERAL.amountsTitle}>
          <DataList
            items={[
              { label: GENERAL.authorizedSum, value: formatMoney(claim.monto) },
              { label: GENERAL.claimAmount, value: formatMoney(claim.montoAutorizado) },
              { label: GENERAL.usedSum, value: formatMoney(claim.montoUtilizado) },
              { label: GENERAL.availableSum, value: formatMoney(claim.montoDisponible) },
            ]}
          />
        </Card>
        <Card title={GENERAL.providerTitle}>
          <DataList
            items={[
              { label: GENERAL.service, value: claim.servicio ?? GENERAL.notAssigned },
              { label: GENERAL.provider, value: claim.nombreProveedor ?? GENERAL.notAssigned },
            ]}
          />
          {showAssign ? (
            <div className={css({ display: 'grid', gap: '2', mt: '4', justifyItems: { base: 'stretch', md: 'start' } })}>
              <Button
                onClick={() => documents.send({ type: 'provider.assign' })}
                disabled={!canAssign}
                aria-describedby={hint ? 'assign-provider-hint' : undefined}
              >
                {GENERAL.assignProvider}
              </Button>
              {hint ? (
                <p id="assign-provider-hint" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  <Highlight text={hint} />
                </p>
              ) : null}
            </div>
          ) : null}
        </Card>
      </div>
      <ClaimStagesCard idEvento={idEvento} statusId={claim.statusId} />
      <div className={css({ gridColumn: '1 / -1', minW: 0 })}>
        <LifecycleDiagramSection statusId={claim.statusId} />
      </div>
    </div>
  )
}
