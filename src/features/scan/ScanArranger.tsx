/**
 * The arranger of a scanned document (issue 22), bound to machines/scanDocument.machine.ts: the pages as numbered
 * thumbnails, each with 'Mover antes', 'Mover después', 'Girar' and 'Quitar'; 'Agregar página' (the camera on a
 * phone); 'Vista previa' shows the PDF in the document viewer; 'Cargar documento' hands the PDF to the slot's own
 * upload. Loaded lazily by ScanPicker, with pdf-lib and the image worker.
 *
 * The bytes live in a ScanSession (scanSession.ts: the worker, the page JPEGs, the PDF); a view test passes its own
 * `createSession`, whose actors need no canvas.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  MAX_SCAN_PAGES,
  scanDocumentMachine,
  selectCanAddPages,
  selectCanConfirm,
  selectConfirmReason,
  selectIsBusy,
  selectPages,
  type ScanPage,
} from '../../../machines/scanDocument.machine'
import { inspect } from '../../lib/inspect'
import { Banner, Button, Dialog, FileUpload, RotateIcon, Spinner, TrashIcon, UploadIcon, useDisabledReason } from '../../ui'
import { DocumentViewer } from '../documents/DocumentViewer'
import { pickedDocument } from '../documents/documentSource'
import { SCAN } from './messages'
import { createScanSession, type ScanSession } from './scanSession'

type ScanActor = ActorRefFrom<typeof scanDocumentMachine>

export interface ScanArrangerProps {
  /** The photos picked in the slot: the first pages. */
  photos: File[]
  documentLabel: string
  onDocument: (pdf: File) => void
  onClose: () => void
  createSession?: () => ScanSession
}

const PHOTO_ACCEPT: Record<string, string[]> = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] }

export default function ScanArranger({ photos, documentLabel, onDocument, onClose, createSession = createScanSession }: ScanArrangerProps) {
  const [session] = useState(createSession)
  const actor = useActorRef(scanDocumentMachine.provide({ actors: session.actors }), {
    input: { fileName: `${documentLabel}.pdf` },
    inspect,
  })
  const previewing = useSelector(actor, (s) => s.matches('previewing'))

  // The emitted events carry what leaves the machine: a removed page's bytes, the finished PDF.
  useEffect(() => {
    const discard = actor.on('page.discard', (event) => session.discard(event.page.source))
    const ready = actor.on('document.ready', (event) => {
      const file = session.pdfFile(event.pdf.key)
      if (file) onDocument(file)
    })
    return () => {
      discard.unsubscribe()
      ready.unsubscribe()
    }
  }, [actor, session, onDocument])
  useEffect(() => () => session.close(), [session])
  // The photos picked in the slot are the first pages (once, also under StrictMode's double effects).
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    actor.send({ type: 'photos.add', photos })
  }, [actor, photos])

  const cancel = () => {
    actor.send({ type: 'scan.cancel' })
    onClose()
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) cancel()
      }}
      title={SCAN.title(documentLabel)}
      description={previewing ? undefined : SCAN.intro}
      size="xl"
      closeLabel={SCAN.close}
      footer={<Footer actor={actor} onCancel={cancel} />}
    >
      {previewing ? <Preview actor={actor} session={session} documentLabel={documentLabel} /> : <Pages actor={actor} />}
    </Dialog>
  )
}

function Preview({ actor, session, documentLabel }: { actor: ScanActor; session: ScanSession; documentLabel: string }) {
  const pdf = useSelector(actor, (s) => s.context.pdf)
  const file = pdf ? session.pdfFile(pdf.key) : null
  if (!file) return null
  return (
    <DocumentViewer
      source={pickedDocument(file)}
      label={documentLabel}
      height="max(18rem, calc(100dvh - 19rem))"
      loadingText={SCAN.previewLoading}
    />
  )
}

function Pages({ actor }: { actor: ScanActor }) {
  const pages = useSelector(actor, selectPages)
  const busy = useSelector(actor, selectIsBusy)
  const preparing = useSelector(actor, (s) => s.matches('preparing'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const alert = useSelector(actor, (s) => s.context.alert)
  const canAdd = useSelector(actor, selectCanAddPages)
  // What the last move or removal did, for screen readers (the list itself changes silently).
  const [announcement, setAnnouncement] = useState('')
  // After a move the page's button is focused again: React moved the element, and the browser dropped its focus.
  const [refocus, setRefocus] = useState<{ id: string; action: string } | null>(null)
  const list = useRef<HTMLOListElement>(null)
  const [picks, setPicks] = useState(0)

  useEffect(() => {
    if (!refocus || !list.current) return
    const item = list.current.querySelector(`[data-page-id="${refocus.id}"]`)
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-action="${refocus.action}"]:not(:disabled)`)
    const fallback = item?.querySelector<HTMLButtonElement>('button:not(:disabled)')
    ;(wanted ?? fallback)?.focus()
    setRefocus(null)
  }, [pages, refocus])

  const act = (page: ScanPage, index: number, action: 'moveUp' | 'moveDown' | 'rotate' | 'remove') => {
    if (action === 'remove') {
      actor.send({ type: 'page.remove', id: page.id })
      setAnnouncement(SCAN.removed(index + 1))
      return
    }
    actor.send({ type: action === 'rotate' ? 'page.rotate' : action === 'moveUp' ? 'page.moveUp' : 'page.moveDown', id: page.id })
    if (action !== 'rotate') setAnnouncement(SCAN.moved(index + 1, action === 'moveUp' ? index : index + 2))
    setRefocus({ id: page.id, action })
  }

  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      {failed && alert ? (
        <Banner tone="error">
          <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
            <span>{alert}</span>
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'alert.dismiss' })}>
              {SCAN.back}
            </Button>
          </div>
        </Banner>
      ) : alert ? (
        <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
          {alert}
        </Banner>
      ) : null}
      <p role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '2', minH: '5' })}>
        {busy ? <Spinner size={16} /> : null}
        {busy ? (preparing ? SCAN.preparing : SCAN.converting) : pages.length ? SCAN.pageCount(pages.length) : SCAN.empty}
      </p>
      <p aria-live="polite" className={css({ srOnly: true })}>
        {announcement}
      </p>
      {pages.length ? (
        <ol
          ref={list}
          aria-label={SCAN.pages}
          className={css({ display: 'grid', gap: '3', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', listStyle: 'none', p: 0, m: 0 })}
        >
          {pages.map((page, index) => (
            <PageCard key={page.id} page={page} index={index} count={pages.length} disabled={busy || failed} onAction={(action) => act(page, index, action)} />
          ))}
        </ol>
      ) : null}
      <div className={css({ maxW: { sm: 'xs' } })}>
        <FileUpload
          key={picks}
          label={<span className={css({ srOnly: true })}>{SCAN.addPageLabel}</span>}
          buttonLabel={SCAN.addPage}
          typeCheck="caller"
          accept={PHOTO_ACCEPT}
          capture="environment"
          maxFiles={MAX_SCAN_PAGES}
          disabled={!canAdd}
          onFile={(file) => {
            setPicks((n) => n + 1)
            actor.send({ type: 'photos.add', photos: [file] })
          }}
          onFiles={(files) => {
            setPicks((n) => n + 1)
            actor.send({ type: 'photos.add', photos: files })
          }}
          onReject={() => {}}
        />
      </div>
    </div>
  )
}

const card = css({
  display: 'grid',
  gap: '2',
  p: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.surface',
})
// Square, so a page turned a quarter still fits the same frame.
const thumbFrame = css({ w: '40', h: '40', mx: 'auto', bg: 'gray.100', borderRadius: 'l1', overflow: 'hidden' })
const actions = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '1' })

function PageCard({
  page,
  index,
  count,
  disabled,
  onAction,
}: {
  page: ScanPage
  index: number
  count: number
  disabled: boolean
  onAction: (action: 'moveUp' | 'moveDown' | 'rotate' | 'remove') => void
}) {
  const n = index + 1
  return (
    <li data-page-id={page.id} className={card}>
      <div className={thumbFrame}>
        <img
          src={page.thumbnailUrl}
          alt={SCAN.pageOf(n, count)}
          className={css({ w: 'full', h: 'full', objectFit: 'contain', transition: 'transform 0.15s' })}
          style={{ transform: `rotate(${page.rotation}deg)` }}
        />
      </div>
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })} aria-hidden="true">
        {SCAN.page(n)}
      </p>
      <div className={actions}>
        <Button size="sm" variant="secondary" data-action="moveUp" aria-label={SCAN.moveUpNamed(n)} disabled={disabled || index === 0} onClick={() => onAction('moveUp')}>
          {SCAN.moveUp}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          data-action="moveDown"
          aria-label={SCAN.moveDownNamed(n)}
          disabled={disabled || index === count - 1}
          onClick={() => onAction('moveDown')}
        >
          {SCAN.moveDown}
        </Button>
        <Button size="sm" variant="ghost" data-action="rotate" aria-label={SCAN.rotateNamed(n)} startIcon={<RotateIcon size={16} />} disabled={disabled} onClick={() => onAction('rotate')}>
          {SCAN.rotate}
        </Button>
        <Button size="sm" variant="ghost" data-action="remove" aria-label={SCAN.removeNamed(n)} startIcon={<TrashIcon size={16} />} disabled={disabled} onClick={() => onAction('remove')}>
          {SCAN.remove}
        </Button>
      </div>
    </li>
  )
}

function Footer({ actor, onCancel }: { actor: ScanActor; onCancel: () => void }) {
  const canConfirm = useSelector(actor, selectCanConfirm)
  const reason = useSelector(actor, selectConfirmReason)
  const previewing = useSelector(actor, (s) => s.matches('previewing'))
  const converting = useSelector(actor, (s) => s.matches('converting'))
  const { describedBy, reasonLine } = useDisabledReason(canConfirm ? null : reason)
  return (
    <div className={css({ display: 'grid', gap: '2', justifyItems: 'end', w: 'full' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
        <Button variant="ghost" onClick={onCancel}>
          {SCAN.cancel}
        </Button>
        {previewing ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'preview.close' })}>
            {SCAN.backToPages}
          </Button>
        ) : (
          <Button variant="secondary" disabled={!canConfirm} aria-describedby={describedBy} onClick={() => actor.send({ type: 'preview.open' })}>
            {SCAN.preview}
          </Button>
        )}
        <Button
          startIcon={<UploadIcon size={18} />}
          disabled={!canConfirm}
          loading={converting}
          aria-describedby={describedBy}
          onClick={() => actor.send({ type: 'document.confirm' })}
        >
          {SCAN.confirm}
        </Button>
      </div>
      {reasonLine}
    </div>
  )
}
