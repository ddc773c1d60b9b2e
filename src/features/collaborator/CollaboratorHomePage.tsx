/**
 * /home-colaborador (spec 2.8): the collaborator's current claim — holder, current stage, claimed sum (es-MX MXN),
 * claim number C{idEvento} — and 'Ir a trámite' to the upload page. The claim is the one of the session (the
 * collaborator signed in with it); the collaboratorClaim actor loads it. Once the dictamen approved the claim, the
 * authorization letter can be read and downloaded here.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { useSessionUser } from '../../lib/session'
import { hasApprovedDictamen } from '../../../domain/claimStages'
import { claimCode, formatDate, formatMoney } from '../../lib/format'
import { ButtonLink, Card, DataList, EmptyState, LoadFailed, LoadingBlock, PageHeader } from '../../ui'
import { LetterPdfActions } from '../documents/LetterPdfActions'
import { loadHomeOverviewActor } from './actors'
import { collaboratorClaimMachine, selectAlert, selectClaim, selectIsLoading, selectNextStep } from '../../../machines/collaboratorClaim.machine'
import { HOME_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'

const uploadPagePath = (idEvento: number) => `/home-colaborador/carga-de-datos/${idEvento}`

export function CollaboratorHomePage() {
  const user = useSessionUser()
  const idEvento = user?.idEvento ?? null
  return (
    <div className={css({ display: 'grid', gap: '2', maxW: '3xl' })}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {idEvento === null ? (
        <EmptyState title={T.noClaim} description={T.noClaimDetail} />
      ) : (
        <CurrentClaim key={idEvento} idEvento={idEvento} />
      )}
    </div>
  )
}

function CurrentClaim({ idEvento }: { idEvento: number }) {
  const actor = useActorRef(collaboratorClaimMachine.provide({ actors: { loadOverview: loadHomeOverviewActor } }), {
    input: { idEvento },
    inspect,
  })
  const loading = useSelector(actor, selectIsLoading)
  const alert = useSelector(actor, selectAlert)
  const claim = useSelector(actor, selectClaim)
  const nextStep = useSelector(actor, (snapshot) => selectNextStep(snapshot, new Date()), (a, b) => a?.text === b?.text && a?.dueAt?.getTime() === b?.dueAt?.getTime())

  if (alert) {
    return <LoadFailed onRetry={() => actor.send({ type: 'claim.reload' })}>{alert}</LoadFailed>
  }
  if (loading || !claim) return <LoadingBlock label={T.loading} lines={4} />

  const code = claimCode(claim.idEvento)
  return (
    <Card as="article" title={T.cardTitle} aria-label={`${T.cardTitle} ${code}`}>
      {nextStep ? (
        <section
          aria-label={T.nextStep}
          className={css({
            mb: '5',
            p: '4',
            borderRadius: 'l2',
            borderWidth: '1px',
            bg: nextStep.yours ? 'bg.warningSubtle' : 'bg.primarySubtle',
            borderColor: nextStep.yours ? 'border.warning' : 'border.primary',
          })}
        >
          <p className={css({ fontSize: 'xs', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted' })}>
            {nextStep.yours ? T.yourNextStep : T.nextStep}
          </p>
          <p className={css({ fontSize: 'lg', fontWeight: 'bold', mt: '1' })}>{nextStep.text}</p>
          {nextStep.dueAt ? <p className={css({ fontSize: 'sm', mt: '1' })}>{T.expectedBy(formatDate(nextStep.dueAt))}</p> : null}
        </section>
      ) : null}
      <DataList
        items={[
          { label: T.holder, value: claim.nombreColaborador || claim.beneficiary || '' },
          { label: T.stage, value: claim.value },
          { label: T.claimedSum, value: formatMoney(claim.montoAutorizado) },
          { label: T.claimNumber, value: code },
          { label: T.reason, value: claim.descripcion },
        ]}
      />
      {hasApprovedDictamen(claim.statusId) ? (
        <div className={css({ mt: '5', pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle' })}>
          <LetterPdfActions idEvento={claim.idEvento} />
        </div>
      ) : null}
      <div className={css({ mt: '5', display: 'flex', justifyContent: { base: 'stretch', sm: 'flex-end' } })}>
        <ButtonLink to={uploadPagePath(claim.idEvento)} className={css({ w: { base: 'full', sm: 'auto' } })}>
          {T.open}
        </ButtonLink>
      </div>
    </Card>
  )
}
