/**
 * /proveedores/cargar-factura/{idEvento} (spec 2.7, 4 'Invoice (provider)', 5, 8): 'Factura trámite: C{id}' with a
 * back arrow, 'Cargar factura' (PDF only), the 3-second 'Carga de factura exitosa.' and the status 'Pagada', the
 * edit and delete icons once a file exists, and 'Ver comentario' (the invoice's comment, or 'No hay comentarios de
 * la factura' for 3 s). Everything shown comes from the invoiceUpload snapshot. A stored invoice is shown in the
 * page (the document viewer), and the authorization letter can be read and downloaded ('Descargar carta
 * autorización'; before the dictamen is approved the server's reason shows instead).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { createByteProgress, type ByteProgress } from '../uploads/byteProgress'
import { RunningUpload } from '../uploads/RunningUpload'
import { useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  invoiceUploadMachine,
  selectCanDelete,
  selectCanShowComment,
  selectCanUpload,
  selectHasFile,
  selectIsLoading,
  selectIsUploading,
  selectServerKeepsInvoice,
  selectNotice,
  selectOpenComment,
  selectStatus,
} from '../../../machines/invoiceUpload.machine'
import { useSessionUser } from '../../lib/session'
import { claimCode, shortFileName } from '../../lib/format'
import {
  Banner,
  Button,
  Card,
  CutFileName,
  Dialog,
  EditIcon,
  EmptyState,
  FileIcon,
  LoadedScreen,
  PageHeader,
  Tooltip,
  TrashIcon,
} from '../../ui'
import { DocumentViewer } from '../documents/DocumentViewer'
import { PDF_OR_PHOTOS_INPUT_ACCEPT, ScanPicker, useScanRouting } from '../scan/ScanPicker'
import { storedDocument } from '../documents/documentSource'
import { LetterPdfActions } from '../documents/LetterPdfActions'
import { loadInvoiceActor, uploadInvoiceActor } from './actors'
import { useClaimStage } from '../claimProcess/useClaimActionOffer'
import { ClaimStagesCard } from '../stages/ClaimStagesCard'
import { claimActionOffer, type ClaimActionOffer } from '../../../machines/claimActions'
import { INVOICE_MESSAGES, INVOICE_PAGE_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'

type InvoiceActor = ActorRefFrom<typeof invoiceUploadMachine>

const LIST_PATH = '/proveedores/mis-tramites'

export function ProviderInvoicePage() {
  const { idEvento: param } = useParams()
  const user = useSessionUser()
  const idEvento = Number(param)
  const idProveedor = user?.idProveedor ?? null
  const valid = Number.isInteger(idEvento) && idEvento > 0
  return (
    <div className={css({ display: 'grid', gap: '2', maxW: '3xl' })}>
      <PageHeader title={T.title(claimCode(valid ? idEvento : (param ?? '')))} backTo={LIST_PATH} backLabel={T.backLabel} />
      {!valid || idProveedor === null ? (
        <EmptyState title={T.invalidClaim} />
      ) : (
        <InvoiceScreen key={`${idEvento}/${idProveedor}`} idEvento={idEvento} idProveedor={idProveedor} />
      )}
    </div>
  )
}

function InvoiceScreen({ idEvento, idProveedor }: { idEvento: number; idProveedor: number }) {
  const [progress] = useState(createByteProgress)
  const actor = useActorRef(
    invoiceUploadMachine.provide({ actors: { loadInvoice: loadInvoiceActor, uploadInvoice: uploadInvoiceActor(progress) } }),
    { input: { idEvento, idProveedor }, inspect },
  )
  // 'Cargar factura' and the edit icon only while the stage takes an invoice (Facturación, Factura en revisión).
  const statusId = useClaimStage(idEvento, LIST_PATH)
  const offer = statusId === null ? null : claimActionOffer('invoiceUpload', statusId)
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  return (
    <LoadedScreen
      loading={loading}
      loadFailed={loadFailed}
      alert={alert}
      loadingLabel={T.loading}
      loadingLines={3}
      onRetry={() => actor.send({ type: 'load.retry' })}
      onDismiss={() => actor.send({ type: 'alert.dismiss' })}
    >
      <Notice actor={actor} />
      <Card title={T.letterTitle} titleLevel={2} className={css({ display: 'grid', gap: '3' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{T.letterIntro}</p>
        <LetterPdfActions idEvento={idEvento} />
      </Card>
      <Card title={T.invoice} className={css({ display: 'grid', gap: '4' })}>
        <InvoiceRegion actor={actor} offer={offer} progress={progress} />
        <div className={css({ display: 'flex', justifyContent: 'flex-end', borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })}>
          <CommentButton actor={actor} />
        </div>
      </Card>
      {statusId === null ? null : <ClaimStagesCard key={statusId} idEvento={idEvento} statusId={statusId} />}
      <CommentDialog actor={actor} />
    </LoadedScreen>
  )
}

/** The 3-second notices: a success after the upload, an info when there are no comments. */
function Notice({ actor }: { actor: InvoiceActor }) {
  const notice = useSelector(actor, selectNotice)
  if (!notice) return null
  return <Banner tone={notice === INVOICE_MESSAGES.uploaded ? 'success' : 'info'}>{notice}</Banner>
}

function InvoiceRegion({ actor, offer, progress }: { actor: InvoiceActor; offer: ClaimActionOffer | null; progress: ByteProgress }) {
  const canUpload = useSelector(actor, selectCanUpload)
  const keptOnServer = useSelector(actor, selectServerKeepsInvoice)
  const uploading = useSelector(actor, selectIsUploading)
  const hasFile = useSelector(actor, selectHasFile)
  const sending = useSelector(actor, (s) => s.context.sending)

  if (uploading) {
    return (
      <RunningUpload
        label={T.sending(shortFileName(sending ?? ''))}
        name={T.invoice}
        progress={progress}
        onCancel={() => actor.send({ type: 'upload.cancel' })}
      />
    )
  }
  if (hasFile) return <PresentInvoice actor={actor} offer={offer} />
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{keptOnServer ? T.keptOnServer : T.noInvoice}</p>
      {offer?.reason ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{offer.reason}</p>
      ) : (
        <>
          <div className={css({ maxW: { sm: 'xs' } })}>
            <ScanPicker
              label={<span className={css({ srOnly: true })}>{T.invoice}</span>}
              buttonLabel={INVOICE_MESSAGES.upload}
              documentLabel={T.invoice}
              disabled={!canUpload || !offer?.available}
              onFile={(file) => actor.send({ type: 'invoice.upload', file })}
              onReject={() => {}}
            />
          </div>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{T.pdfOnly}</p>
        </>
      )}
    </div>
  )
}

const iconButton = css({ w: '9', px: '0!' })

function PresentInvoice({ actor, offer }: { actor: InvoiceActor; offer: ClaimActionOffer | null }) {
  const file = useSelector(actor, (s) => s.context.file)
  const status = useSelector(actor, selectStatus)
  const canDelete = useSelector(actor, selectCanDelete)
  const canReplace = useSelector(actor, selectHasFile) && offer?.available === true
  const picker = useRef<HTMLInputElement>(null)
  // The edit icon takes what the upload button takes: a PDF, or photos of the invoice arranged into one PDF.
  const replace = (file: File) => actor.send({ type: 'invoice.replace', file })
  const { route, arranger } = useScanRouting({ documentLabel: T.invoice, onFile: replace, onScanned: replace, onReject: () => {} })
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flex: '1', minW: '40' })}>
          <FileIcon size={20} className={css({ color: 'fg.primary', flexShrink: 0 })} />
          <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
            <CutFileName name={file?.nombre ?? ''} />
          </span>
        </div>
        {status ? (
          <p className={css({ fontSize: 'sm' })}>
            <span className={css({ color: 'fg.muted' })}>{T.status}: </span>
            <span
              className={css({ display: 'inline-flex', px: '2.5', py: '0.5', borderRadius: 'full', bg: 'green.100', color: 'green.800', fontWeight: 'semibold', fontSize: 'xs' })}
            >
              {status}
            </span>
          </p>
        ) : null}
        <div className={css({ display: 'flex', gap: '1', ml: 'auto' })}>
          <Tooltip content={T.edit}>
            <Button variant="ghost" aria-label={T.edit} className={iconButton} disabled={!canReplace} onClick={() => picker.current?.click()}>
              <EditIcon size={18} />
            </Button>
          </Tooltip>
          <Tooltip content={T.delete}>
            <Button
              variant="ghost"
              aria-label={T.delete}
              className={iconButton}
              disabled={!canDelete}
              onClick={() => actor.send({ type: 'invoice.delete' })}
            >
              <TrashIcon size={18} />
            </Button>
          </Tooltip>
        </div>
        {/* The edit icon's file dialog: the kit's FileUpload has no icon-only trigger. */}
        <input
          ref={picker}
          type="file"
          accept={PDF_OR_PHOTOS_INPUT_ACCEPT}
          multiple
          // Reached through the edit icon only; a second control named 'Editar factura' would confuse screen readers.
          aria-hidden="true"
          data-testid="invoice-replace-input"
          className={css({ srOnly: true })}
          tabIndex={-1}
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])]
            event.target.value = ''
            if (picked.length > 0) route(picked)
          }}
        />
        {arranger}
      </div>
      {offer?.reason ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{offer.reason}</p> : null}
      {/* A stored invoice (not one just sent, which has no address until the page is read again). */}
      {file?.url ? <DocumentViewer source={storedDocument(file.url, file.nombre)} label={T.invoice} height="min(70vh, 820px)" /> : null}
    </div>
  )
}

function CommentButton({ actor }: { actor: InvoiceActor }) {
  const canShow = useSelector(actor, selectCanShowComment)
  return (
    <Button variant="secondary" disabled={!canShow} onClick={() => actor.send({ type: 'comment.show' })}>
      {T.showComment}
    </Button>
  )
}

function CommentDialog({ actor }: { actor: InvoiceActor }) {
  const comment = useSelector(actor, selectOpenComment)
  return (
    <Dialog
      open={comment !== null}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'comment.close' })
      }}
      title={T.commentTitle}
      size="sm"
      footer={<Button onClick={() => actor.send({ type: 'comment.close' })}>{T.close}</Button>}
    >
      <p className={css({ whiteSpace: 'pre-line' })}>{comment}</p>
    </Dialog>
  )
}
