/**
 * 'Proceso actual': the three document slots (status, file name, the reviewer's comment on a rejected one, the
 * upload or re-upload control with its byte progress), the 'n de 3' progress, 'Enviar a validar' and the
 * 'Carga completa' notice. Every rule comes from the collaboratorUpload snapshot (selectors and `can`); a slot's
 * running upload is its own documentUpload actor (issue 22: the three upload side by side, each with its bytes, time
 * left, pause and cancel). An uploaded document opens in the viewer ('Ver documento'); a picked PDF is shown before
 * it is sent.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  collaboratorUploadMachine,
  selectCanSend,
  selectCompleteNotice,
  selectIsLoading,
  selectSlots,
  selectUploadedCount,
  SEND_BUTTON_LABEL,
  type DocumentSlotView,
  type DocumentUploadRef,
} from '../../../machines/collaboratorUpload.machine'
import { selectProgress, selectUploadPhase } from '../../../machines/documentUpload.machine'
import { isPdfFile } from '../../../machines/uploadFiles'
import { shortFileName } from '../../lib/format'
import { Banner, Button, Card, CutFileName, Dialog, FileIcon, LoadFailed, LoadingBlock, Progress } from '../../ui'
import { PickWithPreview } from '../documents/PickWithPreview'
import { storedDocument } from '../documents/documentSource'
import { ViewDocumentButton } from '../documents/ViewDocumentButton'
import { DocumentStatusChip } from '../documents/DocumentStatusChip'
import { UploadAnnouncer } from '../uploads/UploadAnnouncer'
import { megabytes, UPLOAD_PROGRESS_TEXTS } from '../uploads/uploadFormat'
import { pendingUpload } from '../../api/resumableUpload'
import { documentResumeKey } from '../../api/files'
import { UploadProgressPanel } from '../uploads/UploadProgressPanel'
import { UPLOAD_TEXTS as T } from './messages'

type UploadActor = ActorRefFrom<typeof collaboratorUploadMachine>

export function ProcessTab({ actor }: { actor: UploadActor }) {
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  if (loading) return <LoadingBlock label={T.loading} lines={4} />
  if (loadFailed) {
    return <LoadFailed onRetry={() => actor.send({ type: 'load.retry' })}>{alert}</LoadFailed>
  }
  return (
    <div className={css({ display: 'grid', gap: '5' })}>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{T.intro}</p>
      {alert ? (
        <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
          {alert}
        </Banner>
      ) : null}
      <Slots actor={actor} />
      <SendBlock actor={actor} />
      <CompleteNotice actor={actor} />
    </div>
  )
}

function Slots({ actor }: { actor: UploadActor }) {
  const slots = useSelector(actor, selectSlots, sameSlots)
  return (
    <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } })}>
      {slots.map((slot) => (
        <li key={slot.tipo}>
          <Slot slot={slot} actor={actor} />
        </li>
      ))}
    </ul>
  )
}

/** Same slots: same data and the same running upload actors (a new upload of a slot is a new actor, same id). */
const sameSlots = (a: DocumentSlotView[], b: DocumentSlotView[]) =>
  JSON.stringify(a) === JSON.stringify(b) && a.every((slot, i) => slot.upload === b[i]?.upload)

function Slot({ slot, actor }: { slot: DocumentSlotView; actor: UploadActor }) {
  const { document } = slot
  const idEvento = useSelector(actor, (s) => s.context.idEvento)
  const progress = useSelector(slot.upload ?? undefined, (s) => (s ? selectProgress(s) : null))
  // An upload of this slot left unfinished on an earlier visit (issue 22): the same file continues it.
  const pending = slot.upload === null && slot.canUpload ? pendingUpload(documentResumeKey(idEvento, slot.tipo)) : null
  return (
    <Card
      as="article"
      title={slot.label}
      // The page's h1 is the claim; the tabs add no heading, so the documents come right under it.
      titleLevel={2}
      aria-label={slot.label}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', h: 'full' })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{T.status}</span>
        <DocumentStatusChip status={document?.status ?? 0} />
      </div>
      <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: document ? 'fg.default' : 'fg.muted' })}>
        <FileIcon size={16} />
        {document ? <CutFileName name={document.nombre} /> : <span>{T.noFile}</span>}
      </p>
      {document ? (
        <div>
          <ViewDocumentButton source={storedDocument(document.url, document.nombre)} label={slot.label} variant="ghost" />
        </div>
      ) : null}
      {slot.comment ? (
        <Banner tone="warning" title={T.reviewerComment}>
          {slot.comment}
        </Banner>
      ) : null}
      <UploadAnnouncer label={slot.label} progress={progress} stored={document} />
      {pending ? (
        <Banner tone="info" title={UPLOAD_PROGRESS_TEXTS.resume}>
          {UPLOAD_PROGRESS_TEXTS.pending(pending.name, megabytes(pending.size))}
        </Banner>
      ) : null}
      <div className={css({ mt: 'auto', display: 'grid', gap: '2' })}>
        {slot.upload ? (
          <UploadProgress upload={slot.upload} />
        ) : (
          <PickWithPreview
            label={<span className={css({ srOnly: true })}>{slot.label}</span>}
            buttonLabel={slot.rejected ? T.reupload : document ? T.replace : T.upload}
            documentLabel={slot.label}
            disabled={!slot.canUpload}
            disabledReason={slot.uploadReason}
            // The machine's own rule: only what it would upload is previewed; a refusal goes straight to it.
            accepts={isPdfFile}
            onFile={(file) => actor.send({ type: 'document.upload', tipo: slot.tipo, file })}
            onReject={() => {}}
          />
        )}
      </div>
    </Card>
  )
}

/** One slot's running upload (resumable, issue 22): bytes of the total, time left, pause, resume and cancel. */
function UploadProgress({ upload }: { upload: DocumentUploadRef }) {
  const context = useSelector(upload, (s) => s.context)
  const phase = useSelector(upload, selectUploadPhase)
  if (!phase) return null
  return (
    <UploadProgressPanel
      label={T.uploading(shortFileName(context.fileName))}
      loaded={context.loaded}
      total={context.total}
      phase={phase}
      onPause={() => upload.send({ type: 'upload.pause' })}
      onResume={() => upload.send({ type: 'upload.resume' })}
      onCancel={() => upload.send({ type: 'upload.cancel' })}
    />
  )
}

function SendBlock({ actor }: { actor: UploadActor }) {
  const count = useSelector(actor, selectUploadedCount)
  const canSend = useSelector(actor, selectCanSend)
  return (
    <Card className={css({ display: 'grid', gap: '4' })}>
      <Progress label={T.uploadedCount} value={count} max={3} />
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        {/* The hint is about missing documents only: while 'Carga completa' is open the button is busy, not blocked. */}
        <p id="send-to-validate-hint" className={css({ fontSize: 'sm', color: 'fg.muted', flex: '1', minW: '48' })}>
          {count < 3 ? T.sendHint : ''}
        </p>
        <Button
          disabled={!canSend}
          // Read with the button while it waits for documents (issue 21).
          aria-describedby={count < 3 ? 'send-to-validate-hint' : undefined}
          onClick={() => actor.send({ type: 'documents.send' })}
          className={css({ w: { base: 'full', sm: 'auto' } })}
        >
          {SEND_BUTTON_LABEL}
        </Button>
      </div>
    </Card>
  )
}

function CompleteNotice({ actor }: { actor: UploadActor }) {
  const notice = useSelector(actor, selectCompleteNotice)
  return (
    <Dialog
      open={notice !== null}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'notice.close' })
      }}
      title={notice?.title ?? ''}
      description={notice?.message}
      size="sm"
      footer={<Button onClick={() => actor.send({ type: 'notice.close' })}>{T.noticeClose}</Button>}
    >
      <p className={css({ fontSize: 'sm' })}>{notice?.detail}</p>
    </Dialog>
  )
}
