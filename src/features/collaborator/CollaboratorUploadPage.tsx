/**
 * /home-colaborador/carga-de-datos/{idEvento} (spec 2.8, 4 'Claim documents', 5 'Uploads', 8): Ark tabs
 * 'Proceso actual' (the three documents, driven by the collaboratorUpload machine) and 'Tiempo' (the stage
 * timeline, from the collaboratorClaim machine). After each stored upload the claim is reloaded, so the timeline
 * shows the stage the upload reached.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { collaboratorUploadMachine } from '../../../machines/collaboratorUpload.machine'
import { documentUploadMachine } from '../../../machines/documentUpload.machine'
import { claimCode } from '../../lib/format'
import { useSessionUser } from '../../lib/session'
import { ButtonLink, EmptyState, PageHeader, Tabs } from '../../ui'
import { loadDocumentsActor, loadOverviewActor, uploadDocumentActor } from './actors'
import { collaboratorClaimMachine, type CollaboratorTab } from '../../../machines/collaboratorClaim.machine'
import { UPLOAD_TEXTS as T } from './messages'
import { ProcessTab } from './ProcessTab'
import { TimelineTab } from './TimelineTab'
import { inspect } from '../../lib/inspect'

export function CollaboratorUploadPage() {
  const { idEvento: param } = useParams()
  const idEvento = Number(param)
  const ownClaim = useSessionUser()?.idEvento ?? null
  if (!Number.isInteger(idEvento) || idEvento < 1) {
    return (
      <div>
        <PageHeader title={T.title} backTo="/home-colaborador" backLabel={T.backLabel} />
        <EmptyState title="Trámite no encontrado" />
      </div>
    )
  }
  // A collaborator signs in with one claim and may see only that one: another claim's address would only bring
  // the server's refusal, and a 'Reintentar' that can never work. Say so and lead to the claim of the session.
  if (ownClaim !== null && ownClaim !== idEvento) return <NotYourClaim ownClaim={ownClaim} />
  // One workflow per claim: another claim number starts fresh actors.
  return <UploadScreen key={idEvento} idEvento={idEvento} />
}

function NotYourClaim({ ownClaim }: { ownClaim: number }) {
  return (
    <div className={css({ display: 'grid', gap: '2', maxW: '5xl' })}>
      <PageHeader title={T.title} backTo="/home-colaborador" backLabel={T.backLabel} />
      <EmptyState
        title={T.notYours}
        description={T.notYoursDetail(claimCode(ownClaim))}
        action={
          <ButtonLink to={`/home-colaborador/carga-de-datos/${ownClaim}`} variant="secondary">
            {T.toYourClaim}
          </ButtonLink>
        }
      />
    </div>
  )
}

function UploadScreen({ idEvento }: { idEvento: number }) {
  const claimActor = useActorRef(collaboratorClaimMachine.provide({ actors: { loadOverview: loadOverviewActor } }), {
    input: { idEvento },
    inspect,
  })
  const uploadActor = useActorRef(
    collaboratorUploadMachine.provide({
      actors: {
        loadDocuments: loadDocumentsActor,
        // Each slot's upload is its own actor on the resumable transport (issue 22: side by side).
        documentUpload: documentUploadMachine.provide({
          actors: { uploadDocument: uploadDocumentActor(() => claimActor.send({ type: 'claim.reload' })) },
        }),
      },
    }),
    { input: { idEvento }, inspect },
  )
  const tab = useSelector(claimActor, (s) => s.context.tab)

  return (
    <div className={css({ display: 'grid', gap: '2', maxW: '5xl' })}>
      <PageHeader
        title={T.title}
        pageTitle={[T.title, T.subtitle(claimCode(idEvento))]}
        subtitle={T.subtitle(claimCode(idEvento))}
        backTo="/home-colaborador"
        backLabel={T.backLabel}
      />
      <Tabs
        label={T.tabsLabel}
        value={tab}
        onValueChange={(value) => claimActor.send({ type: 'tab.select', tab: value as CollaboratorTab })}
        tabs={[
          { value: 'proceso', label: T.tabProcess, content: <ProcessTab actor={uploadActor} /> },
          { value: 'tiempo', label: T.tabTime, content: <TimelineTab actor={claimActor} /> },
        ]}
      />
    </div>
  )
}
