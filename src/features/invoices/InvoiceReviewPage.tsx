/**
 * /administrador/facturas/descargar-facturas/{idFactura}/{idEvento} (spec 2.6, 4 'Invoice approval'): the claim's
 * three documents with their status, the two progress bars ('n de 3' uploaded and verified), the invoice, and
 * 'Descargar factura' and 'Aprobar factura' — both enabled only when the invoiceApproval snapshot accepts them (all
 * three documents present). Once approved the machine is done and the page returns to /administrador/facturas.
 * The invoice is shown in the page (the document viewer), and each document opens in the viewer on demand.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  invoiceApprovalMachine,
  selectCanApprove,
  selectIsConfirming,
  selectCanDownload,
  selectDocuments,
  selectDocumentStatuses,
  selectIsApproving,
  selectIsDownloading,
  selectIsLoading,
  selectProgress,
} from '../../../machines/invoiceApproval.machine'
import { claimCode } from '../../lib/format'
import { Button, Card, CheckIcon, CutFileName, Dialog, EmptyState, FileIcon, LoadedScreen, notify, PageHeader, Progress, UploadIcon } from '../../ui'
import { useClaimActionOffer } from '../claimProcess/useClaimActionOffer'
import type { ClaimActionOffer } from '../../../machines/claimActions'
import { DocumentStatusChip } from '../documents/DocumentStatusChip'
import { DocumentViewer } from '../documents/DocumentViewer'
import { storedDocument } from '../documents/documentSource'
import { ViewDocumentButton } from '../documents/ViewDocumentButton'
import { approveInvoiceActor, downloadInvoiceActor, loadDocumentsActor, loadReviewedInvoiceActor } from './actors'
import { INVOICE_REVIEW_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'

type ApprovalActor = ActorRefFrom<typeof invoiceApprovalMachine>

const LIST_PATH = '/administrador/facturas'

const isId = (n: number) => Number.isInteger(n) && n > 0

export function InvoiceReviewPage() {
  const params = useParams()
  const idFactura = Number(params.idFactura)
  const idEvento = Number(params.idEvento)
  const valid = isId(idFactura) && isId(idEvento)
  return (
    <div className={css({ display: 'grid', gap: '2', maxW: '5xl' })}>
      <PageHeader title={T.title(claimCode(valid ? idEvento : (params.idEvento ?? '')))} backTo={LIST_PATH} backLabel={T.backLabel} />
      {valid ? <Review key={`${idFactura}/${idEvento}`} idFactura={idFactura} idEvento={idEvento} /> : <EmptyState title={T.invalid} />}
    </div>
  )
}

function Review({ idFactura, idEvento }: { idFactura: number; idEvento: number }) {
  const navigate = useNavigate()
  const actor = useActorRef(
    invoiceApprovalMachine.provide({
      actors: {
        loadDocuments: loadDocumentsActor,
        loadInvoice: loadReviewedInvoiceActor(idFactura),
        downloadInvoice: downloadInvoiceActor,
        approveInvoice: approveInvoiceActor,
      },
    }),
    { input: { idEvento, idFactura }, inspect },
    // The approved (final) state: say so, and back to the invoice list.
    (snapshot) => {
      if (snapshot.status === 'done') {
        notify(T.approved(claimCode(idEvento)), 'success')
        navigate(LIST_PATH)
      }
    },
  )
  // 'Aprobar factura' only while the claim's stage takes the approval (Factura en revisión), with its three documents.
  const documents = useSelector(actor, selectDocumentStatuses, (a, b) => a['1'] === b['1'] && a['2'] === b['2'] && a['3'] === b['3'])
  const offer = useClaimActionOffer(idEvento, 'invoiceApprove', LIST_PATH, documents)
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  return (
    <LoadedScreen
      loading={loading}
      loadFailed={loadFailed}
      alert={alert}
      loadingLabel={T.loading}
      loadingLines={5}
      onRetry={() => actor.send({ type: 'load.retry' })}
      onDismiss={() => actor.send({ type: 'alert.dismiss' })}
    >
      <Documents actor={actor} />
      <InvoiceBlock actor={actor} offer={offer} />
      <ApproveDialog actor={actor} idEvento={idEvento} />
    </LoadedScreen>
  )
}

function Documents({ actor }: { actor: ApprovalActor }) {
  const documents = useSelector(actor, selectDocuments, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const progress = useSelector(actor, selectProgress, (a, b) => a.uploaded === b.uploaded && a.verified === b.verified)
  return (
    <Card title={T.documents} className={css({ display: 'grid', gap: '5' })}>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        <Progress label={T.uploaded} value={progress.uploaded} max={progress.total} />
        <Progress label={T.verified} value={progress.verified} max={progress.total} tone="info" />
      </div>
      <ul className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } })}>
        {documents.map((entry) => (
          <li
            key={entry.tipo}
            aria-label={entry.label}
            className={css({ display: 'grid', gap: '2', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2' })}
          >
            <span className={css({ fontWeight: 'semibold' })}>{entry.label}</span>
            <span className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: entry.document ? 'fg.default' : 'fg.muted' })}>
              <FileIcon size={16} />
              {entry.document ? <CutFileName name={entry.document.nombre} /> : <span>{T.noFile}</span>}
            </span>
            <span>
              <DocumentStatusChip status={entry.document?.status ?? 0} />
            </span>
            {entry.document ? (
              <span>
                <ViewDocumentButton source={storedDocument(entry.document.url, entry.document.nombre)} label={entry.label} variant="ghost" />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  )
}

function InvoiceBlock({ actor, offer }: { actor: ApprovalActor; offer: ClaimActionOffer | null }) {
  const invoice = useSelector(actor, (s) => s.context.invoice)
  const canDownload = useSelector(actor, selectCanDownload)
  const canApprove = useSelector(actor, selectCanApprove) && offer?.available === true
  const downloading = useSelector(actor, selectIsDownloading)
  const approving = useSelector(actor, selectIsApproving)
  const allThree = useSelector(actor, (s) => selectProgress(s).uploaded === 3)
  return (
    <Card title={T.invoice} className={css({ display: 'grid', gap: '4' })}>
      {invoice ? (
        <>
          <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', fontSize: 'sm' })}>
            <FileIcon size={18} className={css({ color: 'fg.primary' })} />
            <CutFileName name={invoice.nombre} />
          </p>
          <DocumentViewer source={storedDocument(invoice.url, invoice.nombre)} label={T.invoice} height="min(75vh, 900px)" />
        </>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{T.noInvoice}</p>
      )}
      {allThree ? null : <p className={css({ fontSize: 'sm', color: 'fg.warning' })}>{T.needsDocuments}</p>}
      {offer?.reason ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{offer.reason}</p> : null}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
        <Button
          variant="secondary"
          disabled={!canDownload}
          loading={downloading}
          startIcon={<UploadIcon size={18} className={css({ transform: 'rotate(180deg)' })} />}
          onClick={() => actor.send({ type: 'invoice.download' })}
          className={css({ w: { base: 'full', sm: 'auto' } })}
        >
          {T.download}
        </Button>
        <Button
          disabled={!canApprove}
          loading={approving}
          startIcon={<CheckIcon size={18} />}
          onClick={() => actor.send({ type: 'invoice.approve' })}
          className={css({ w: { base: 'full', sm: 'auto' } })}
        >
          {T.approve}
        </Button>
      </div>
    </Card>
  )
}

/** Approving concludes the claim and cannot be undone: the machine waits in `confirming` for this dialog. */
function ApproveDialog({ actor, idEvento }: { actor: ApprovalActor; idEvento: number }) {
  const open = useSelector(actor, selectIsConfirming)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'approval.cancel' })
      }}
      role="alertdialog"
      size="sm"
      title={T.confirmTitle}
      description={T.confirmBody(claimCode(idEvento))}
      footer={
        <>
          <Button variant="secondary" onClick={() => actor.send({ type: 'approval.cancel' })}>
            {T.cancel}
          </Button>
          <Button startIcon={<CheckIcon size={18} />} onClick={() => actor.send({ type: 'approval.confirm' })}>
            {T.approve}
          </Button>
        </>
      }
    />
  )
}
