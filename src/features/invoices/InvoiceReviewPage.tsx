/**
 * /administrador/facturas/descargar-facturas/{idFactura}/{idEvento} (spec 2.6, 4 'Invoice approval'): the claim's
 * three documents with their status, the two progress bars ('n de 3' uploaded and verified), the invoice, and
 * 'Descargar factura' and 'Aprobar factura' — both enabled only when the invoiceApproval snapshot accepts them (all
 * three documents present). Once approved the machine is done and the page returns to /administrador/facturas.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  invoiceApprovalMachine,
  selectCanApprove,
  selectCanDownload,
  selectDocuments,
  selectIsApproving,
  selectIsDownloading,
  selectIsLoading,
  selectProgress,
} from '../../../machines/invoiceApproval.machine'
import { claimCode, shortFileName } from '../../lib/format'
import { Banner, Button, Card, CheckIcon, EmptyState, FileIcon, LoadingBlock, PageHeader, Progress, UploadIcon } from '../../ui'
import { DocumentStatusBadge } from '../collaborator/DocumentStatusBadge'
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
    // The approved (final) state: back to the invoice list.
    (snapshot) => {
      if (snapshot.status === 'done') navigate(LIST_PATH)
    },
  )
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  if (loading) return <LoadingBlock label={T.loading} lines={5} />
  if (loadFailed) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <Banner tone="error" className={css({ w: 'full' })}>
          {alert}
        </Banner>
        <Button variant="secondary" onClick={() => actor.send({ type: 'load.retry' })}>
          {T.retry}
        </Button>
      </div>
    )
  }
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      {alert ? (
        <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
          {alert}
        </Banner>
      ) : null}
      <Documents actor={actor} />
      <InvoiceBlock actor={actor} />
    </div>
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
              <span title={entry.document?.nombre}>{entry.document ? shortFileName(entry.document.nombre) : T.noFile}</span>
            </span>
            <span>
              <DocumentStatusBadge status={entry.document?.status ?? 0} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function InvoiceBlock({ actor }: { actor: ApprovalActor }) {
  const invoice = useSelector(actor, (s) => s.context.invoice)
  const canDownload = useSelector(actor, selectCanDownload)
  const canApprove = useSelector(actor, selectCanApprove)
  const downloading = useSelector(actor, selectIsDownloading)
  const approving = useSelector(actor, selectIsApproving)
  const allThree = useSelector(actor, (s) => selectProgress(s).uploaded === 3)
  return (
    <Card title={T.invoice} className={css({ display: 'grid', gap: '4' })}>
      {invoice ? (
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', fontSize: 'sm' })}>
          <FileIcon size={18} className={css({ color: 'fg.primary' })} />
          <span title={invoice.nombre}>{shortFileName(invoice.nombre)}</span>
        </p>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{T.noInvoice}</p>
      )}
      {allThree ? null : <p className={css({ fontSize: 'sm', color: 'fg.warning' })}>{T.needsDocuments}</p>}
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
