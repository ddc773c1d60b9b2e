/**
 * Document upload of a claim (spec 2.11 'Document upload', 4 'Claim documents', 5 'Uploads', 8), bound to
 * machines/claimDocuments.machine.ts: the three slots with their status, name (cut to 10 characters plus .pdf) and
 * download, the PDF picker with a byte progress bar, the status legend, the two 'n de 3' bars, 'Verificar
 * documentos' (all three present) and the approval block with 'Asignar proveedor' (hidden read-only).
 * A stored document opens in the viewer ('Ver documento'); a picked PDF is shown before it is sent.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  claimDocumentsMachine,
  isPdfUpload,
  progressLabel,
  REQUIRED_DOCUMENTS,
  selectCanAssignProvider,
  selectCanUpload,
  selectCanVerify,
  selectDocumentStatuses,
  selectShowAssignProvider,
  selectSlots,
  selectUploadedCount,
  selectUploadPercent,
  selectVerifiedCount,
  uploadActorFrom,
  type DocumentSlot,
  type DocumentTipo,
  type UploadTransport,
} from '../../../machines/claimDocuments.machine'
import { isRejectedDocument } from '../../../domain/claimStages'
import { documentUploadOffer } from '../../../machines/claimActions'
import type { ClaimArea } from '../../lib/profile'
import { DocumentsLoadState } from './DocumentsLoadState'
import { Button, Card, Highlight, notify, Progress } from '../../ui'
import { PickWithPreview } from '../documents/PickWithPreview'
import { storedDocument } from '../documents/documentSource'
import { ViewDocumentButton } from '../documents/ViewDocumentButton'
import { loadDocumentsActor, readHead, uploadTransport } from './actors'
import { ClaimProcessLayout, useClaimProcess } from './ClaimProcessLayout'
import { DocumentStatusChip } from '../documents/DocumentStatusChip'
import { StatusLegend } from './documentStatus'
import { DownloadButton } from './DownloadButton'
import { DOCUMENTS, GENERAL } from './messages'
import { assignProviderOffer } from './rules'
import { inspect } from '../../lib/inspect'
import { useServerStateReload } from '../../lib/useServerStateReload'
import { serverKeys } from '../../api/serverState'

export function ClaimDocumentsPage({ area }: { area: ClaimArea }) {
  return (
    <ClaimProcessLayout area={area} active="documents">
      <DocumentUpload />
    </ClaimProcessLayout>
  )
}

type DocumentsActor = ReturnType<typeof useDocumentsActor>

function useDocumentsActor() {
  const { idEvento, readOnly, paths, reloadClaim } = useClaimProcess()
  const navigate = useNavigate()
  // An upload can move the claim's stage (1 → 2 → 3): the header reads it again after each one.
  const transport: UploadTransport = async (request, onProgress, signal) => {
    const answer = await uploadTransport(request, onProgress, signal)
    reloadClaim()
    return answer
  }
  const actor = useActorRef(
    claimDocumentsMachine.provide({
      actors: { loadDocuments: loadDocumentsActor, uploadDocument: uploadActorFrom(transport) },
      actions: {
        emitVerification: () => navigate(paths.verification),
        emitAssignProvider: () => {
          if (paths.assignProvider) navigate(paths.assignProvider)
        },
      },
    }),
    { input: { idEvento, readOnly }, inspect },
  )
  // Someone else uploaded, commented or verified (issue 21): the slots and the 'n de 3' bars read them again.
  useServerStateReload(serverKeys.claim(idEvento), () => actor.send({ type: 'documents.reload' }))
  return actor
}

function DocumentUpload() {
  const actor = useDocumentsActor()
  const reading = useSelector(actor, (s) => s.matches('loading'))
  // Only the first read shows skeletons: a reread keeps the documents on screen until the answer replaces them.
  const shown = useRef(false)
  if (!reading) shown.current = true
  const loading = reading && !shown.current
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  return (
    <div className={css({ display: 'grid', gap: '4', minW: 0 })}>
      <DocumentsLoadState
        actor={actor}
        alert={alert}
        loading={loading}
        loadFailed={loadFailed}
        loadingLabel={DOCUMENTS.loading}
        slotHeight={96}
      >
        <Card title={DOCUMENTS.title}>
          <div className={css({ display: 'grid', gap: '4' })}>
            <StatusLegend />
            <Slots actor={actor} />
          </div>
        </Card>
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, alignItems: 'start' })}>
          <ProgressCard actor={actor} />
          <ApprovalBlock actor={actor} />
        </div>
      </DocumentsLoadState>
    </div>
  )
}

function Slots({ actor }: { actor: DocumentsActor }) {
  const slots = useSelector(actor, selectSlots, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  return (
    <ul className={css({ display: 'grid', gap: '3' })}>
      {slots.map((slot) => (
        <Slot key={slot.tipo} actor={actor} slot={slot} />
      ))}
    </ul>
  )
}

function Slot({ actor, slot }: { actor: DocumentsActor; slot: DocumentSlot }) {
  const { offers, claim, readOnly } = useClaimProcess()
  const statuses = useSelector(actor, selectDocumentStatuses, (a, b) => a['1'] === b['1'] && a['2'] === b['2'] && a['3'] === b['3'])
  // The stage's offer, then this document's: a verified one is not replaced (the lifecycle's rule, issue 21).
  const uploadOffer = documentUploadOffer(claim.statusId, statuses, slot.tipo, { readOnly })
  const canUpload = useSelector(actor, selectCanUpload) && uploadOffer.available
  const percent = useSelector(actor, selectUploadPercent)
  const uploadName = useSelector(actor, (s) => s.context.upload?.fileName ?? '')
  const alert = useSelector(actor, (s) => s.context.alert)
  const status = slot.file?.status ?? 0

  const headOf = async (file: File) => {
    try {
      return await readHead(file)
    } catch {
      return undefined
    }
  }
  const pick = async (tipo: DocumentTipo, file: File) => {
    actor.send({ type: 'document.upload', tipo, file, firstBytes: await headOf(file) })
  }

  return (
    <li
      aria-label={slot.label}
      className={css({
        display: 'grid',
        gap: '3',
        p: '4',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l2',
        gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
      })}
    >
      <div className={css({ display: 'grid', gap: '1.5', minW: 0 })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <h3 className={css({ fontWeight: 'semibold' })}>
            <Highlight text={slot.label} />
          </h3>
          <DocumentStatusChip status={status} />
        </div>
        {slot.file ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
            <DownloadButton url={slot.file.url} shownName={slot.file.shownName} fileName={slot.file.nombre} />
            <ViewDocumentButton source={storedDocument(slot.file.url, slot.file.nombre)} label={slot.label} variant="ghost" />
          </div>
        ) : (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <Highlight text={DOCUMENTS.noFile} />
          </p>
        )}
        {slot.file?.comentario ? (
          <p
            className={css({
              fontSize: 'sm',
              color: isRejectedDocument(status) ? 'fg.error' : 'fg.muted',
              overflowWrap: 'anywhere',
            })}
          >
            <strong>
              <Highlight text={DOCUMENTS.reviewerComment} />:
            </strong>{' '}
            <Highlight text={slot.file.comentario} />
          </p>
        ) : null}
        {slot.uploading ? (
          <div className={css({ display: 'grid', gap: '2', mt: '1' })}>
            <Progress
              label={DOCUMENTS.uploading(uploadName)}
              value={percent ?? 0}
              max={100}
              valueText={`${percent ?? 0}%`}
              tone="info"
            />
            <div>
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'upload.cancel' })}>
                {DOCUMENTS.cancelUpload}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      {offers.documentUpload.available ? (
        <PickWithPreview
          // A fresh picker after each upload or refusal, so the same file can be picked again.
          key={`${slot.uploading}-${slot.file?.url ?? ''}-${alert ?? ''}`}
          label={<span className={css({ srOnly: true })}>{`${DOCUMENTS.upload}: ${slot.label}`}</span>}
          buttonLabel={slot.file ? DOCUMENTS.replace : DOCUMENTS.upload}
          documentLabel={slot.label}
          disabled={!canUpload}
          disabledReason={uploadOffer.reason}
          // Only what the machine would upload is previewed; anything else goes to it for its refusal.
          accepts={async (file) => isPdfUpload(file, await headOf(file))}
          onFile={(file) => void pick(slot.tipo, file)}
          onReject={(reason) => notify(reason)}
        />
      ) : null}
    </li>
  )
}

function ProgressCard({ actor }: { actor: DocumentsActor }) {
  const { offers, readOnly } = useClaimProcess()
  const uploaded = useSelector(actor, selectUploadedCount)
  const verified = useSelector(actor, selectVerifiedCount)
  const canVerify = useSelector(actor, selectCanVerify)
  // With the three documents the button always opens the verification page; it is the primary action only while
  // the stage accepts a review (elsewhere the page shows the statuses read-only, with the reason).
  const verifyOffer = offers.documentsVerify
  // The partner's page already says it is read-only (approval block); no second copy here.
  const hint = !canVerify ? DOCUMENTS.verifyHint : readOnly ? null : verifyOffer.reason
  return (
    <Card>
      <div className={css({ display: 'grid', gap: '4' })}>
        <Progress label={DOCUMENTS.uploadedBar} value={uploaded} max={REQUIRED_DOCUMENTS} valueText={progressLabel(uploaded)} />
        <Progress label={DOCUMENTS.verifiedBar} value={verified} max={REQUIRED_DOCUMENTS} valueText={progressLabel(verified)} tone="info" />
        <div className={css({ display: 'grid', gap: '2', justifyItems: { base: 'stretch', md: 'start' } })}>
          <Button
            variant={verifyOffer.available ? 'primary' : 'secondary'}
            onClick={() => actor.send({ type: 'documents.verify' })}
            disabled={!canVerify}
            aria-describedby={hint ? 'verify-documents-hint' : undefined}
          >
            {DOCUMENTS.verify}
          </Button>
          {hint ? (
            <p id="verify-documents-hint" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              <Highlight text={hint} />
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  )
}

function ApprovalBlock({ actor }: { actor: DocumentsActor }) {
  const { readOnly, offers } = useClaimProcess()
  const verified = useSelector(actor, selectVerifiedCount)
  const anyRejected = useSelector(actor, (s) => s.context.files.some((file) => isRejectedDocument(file.status)))
  const showAssign = useSelector(actor, selectShowAssignProvider)
  const documentsAllow = useSelector(actor, selectCanAssignProvider)
  const message =
    verified === REQUIRED_DOCUMENTS ? DOCUMENTS.approvalAll : anyRejected ? DOCUMENTS.approvalRejected : DOCUMENTS.approvalPending
  const { canAssign, hint } = assignProviderOffer(documentsAllow, offers.providerAssign)
  return (
    <Card title={DOCUMENTS.approvalTitle} titleLevel={3}>
      <div className={css({ display: 'grid', gap: '3' })}>
        <p className={css({ fontSize: 'sm', color: anyRejected && verified < REQUIRED_DOCUMENTS ? 'fg.error' : 'fg.default' })}>
          <Highlight text={message} />
        </p>
        {readOnly ? (
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            <Highlight text={DOCUMENTS.readOnly} />
          </p>
        ) : null}
        {showAssign ? (
          <div className={css({ display: 'grid', gap: '2', justifyItems: { base: 'stretch', md: 'start' } })}>
            <Button
              variant="secondary"
              onClick={() => actor.send({ type: 'provider.assign' })}
              disabled={!canAssign}
              aria-describedby={hint ? 'approval-assign-hint' : undefined}
            >
              {GENERAL.assignProvider}
            </Button>
            {hint ? (
              <p id="approval-assign-hint" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                <Highlight text={hint} />
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  )
}
