/**
 * A PDF read in the page, bound to machines/documentViewer.machine.ts: the toolbar, the current page (canvas and
 * text layer) in a scrolling area that also takes the keyboard (arrows / Re Pág / Av Pág change page, Inicio/Fin,
 * + and − zoom, 0 fits the width, R rotates), and the state's notice: loading, damaged (with the download), no
 * permission, or a failed load (with 'Reintentar').
 *
 * The loader is built here around the source (authenticated download or picked file) and the PDF engine of the
 * context (pdf.js, or a test's fake); the open document and its bytes stay in refs, outside the machine's context.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { documentViewerMachine, selectNotice, VIEWER_MESSAGES, type LoadedDocument, type LoadFailure } from '../../../machines/documentViewer.machine'
import { inspect } from '../../lib/inspect'
import { Banner, Button, DownloadIcon, Spinner } from '../../ui'
import { saveBlob } from '../invoices/saveFile'
import type { DocumentSource } from './documentSource'
import { VIEWER } from './messages'
import { usePdfOpener } from './pdfOpener'
import type { PdfDocumentHandle } from './pdfTypes'
import { PdfPageView } from './PdfPageView'
import { ViewerToolbar } from './ViewerToolbar'

export interface DocumentViewerProps {
  source: DocumentSource
  /** What the document is ('Resumen médico', 'Factura'): names the viewer for assistive technology. */
  label: string
  /** CSS height of the page area (the toolbar comes on top). */
  height?: string
  className?: string
  /** The loading line; a picked file's preview says 'Preparando vista previa…', not words like its upload button. */
  loadingText?: string | undefined
}

/** A new file is a new viewer: its own machine, document and bytes. */
export function DocumentViewer(props: DocumentViewerProps) {
  return <Viewer key={props.source.key} {...props} />
}

type ViewerActor = ActorRefFrom<typeof documentViewerMachine>

const frame = css({
  display: 'flex',
  flexDirection: 'column',
  minW: 0,
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  overflow: 'hidden',
  bg: 'bg.surface',
})
const pageArea = css({
  position: 'relative',
  flex: '1',
  overflow: 'auto',
  // The width never depends on whether a scrollbar shows, or fitting the width could make one come and go forever.
  scrollbarGutter: 'stable',
  bg: 'gray.100',
  p: { base: '2', md: '4' },
  textAlign: 'center',
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
})
const centered = css({ display: 'grid', placeItems: 'center', gap: '3', h: 'full', minH: '40', textAlign: 'center', p: '4' })

function useViewerActor(source: DocumentSource) {
  const open = usePdfOpener()
  const handle = useRef<PdfDocumentHandle | null>(null)
  const bytes = useRef<Blob | null>(null)
  const actor = useActorRef(
    documentViewerMachine.provide({
      actors: {
        loadDocument: fromPromise<LoadedDocument, { source: string }>(async ({ signal }) => {
          handle.current?.destroy()
          handle.current = null
          bytes.current = null
          const blob = await source.read(signal)
          bytes.current = blob
          const doc = await open(blob, signal)
          if (signal.aborted) {
            doc.destroy()
            const cancelled: LoadFailure = { kind: 'failed' }
            throw cancelled
          }
          handle.current = doc
          return { pageCount: doc.pageCount }
        }),
      },
      actions: {
        // Saves the bytes already fetched: a damaged file downloads exactly as the server keeps it.
        saveFile: () => {
          if (bytes.current) saveBlob(bytes.current, source.fileName)
        },
      },
    }),
    { input: { source: source.key, fileName: source.fileName }, inspect },
  )
  useEffect(() => () => handle.current?.destroy(), [])
  return { actor, handle }
}

function Viewer({ source, label, height = 'min(70vh, 860px)', className, loadingText = VIEWER_MESSAGES.loading }: DocumentViewerProps) {
  const { actor, handle } = useViewerActor(source)
  const helpId = useId()
  const notice = useSelector(actor, selectNotice)
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('idle'))
  const shown = useSelector(actor, (s) => s.matches('shown'))
  const page = useSelector(actor, (s) => s.context.page)
  const pageCount = useSelector(actor, (s) => s.context.pageCount)

  return (
    <section aria-label={VIEWER.region(label)} className={cx(frame, className)}>
      <ViewerToolbar actor={actor} />
      <div
        role="region"
        // Focusable so the page can be scrolled and paged from the keyboard.
        tabIndex={0}
        aria-label={shown ? VIEWER.pageLabel(page, pageCount) : label}
        aria-describedby={helpId}
        aria-busy={loading || undefined}
        onKeyDown={(event) => onViewerKey(event, actor)}
        className={pageArea}
        style={{ height }}
      >
        {loading ? (
          <div role="status" className={centered}>
            <Spinner size={28} />
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{loadingText}</span>
          </div>
        ) : shown && handle.current ? (
          <ShownPage actor={actor} handle={handle.current} />
        ) : notice ? (
          <Notice actor={actor} notice={notice} />
        ) : null}
      </div>
      <p id={helpId} className={css({ srOnly: true })}>
        {VIEWER.keyboardHelp}
      </p>
    </section>
  )
}

function ShownPage({ actor, handle }: { actor: ViewerActor; handle: PdfDocumentHandle }) {
  const page = useSelector(actor, (s) => s.context.page)
  const zoom = useSelector(actor, (s) => s.context.zoom)
  const fitWidth = useSelector(actor, (s) => s.context.fitWidth)
  const rotation = useSelector(actor, (s) => s.context.rotation)
  const width = useAvailableWidth()
  const onFitted = useCallback((fitted: number) => actor.send({ type: 'zoom.fitted', zoom: fitted }), [actor])
  const onFailed = useCallback(() => actor.send({ type: 'page.failed' }), [actor])
  return (
    <div ref={width.ref}>
      <PdfPageView
        handle={handle}
        page={page}
        zoom={zoom}
        fitWidth={fitWidth}
        rotation={rotation}
        availableWidth={width.value}
        onFitted={onFitted}
        onFailed={onFailed}
      />
    </div>
  )
}

/** The inner width of the element, followed as it resizes (null until measured; jsdom never measures). */
function useAvailableWidth() {
  const [value, setValue] = useState<number | null>(null)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element) return
    const measure = () => setValue(element.clientWidth > 0 ? element.clientWidth : null)
    measure()
    observer.current = new ResizeObserver(measure)
    observer.current.observe(element)
  }, [])
  return { ref, value }
}

function Notice({ actor, notice }: { actor: ViewerActor; notice: string }) {
  const damaged = useSelector(actor, (s) => s.matches('damaged'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const forbidden = useSelector(actor, (s) => s.matches('forbidden'))
  return (
    <div className={centered}>
      {/* A document that cannot be shown is the viewer's news, not the page's error: only a refusal is an alert. */}
      <Banner tone={forbidden ? 'error' : 'warning'} className={css({ maxW: 'lg', textAlign: 'start' })}>
        {notice}
      </Banner>
      {damaged ? (
        <Button variant="secondary" startIcon={<DownloadIcon size={16} />} onClick={() => actor.send({ type: 'document.download' })}>
          {VIEWER.download}
        </Button>
      ) : null}
      {failed ? (
        <Button variant="secondary" onClick={() => actor.send({ type: 'document.retry' })}>
          {VIEWER.retry}
        </Button>
      ) : null}
    </div>
  )
}

/** Keys of the page area; the machine ignores what is not possible (first page, maximum zoom…). */
function onViewerKey(event: KeyboardEvent<HTMLDivElement>, actor: ViewerActor) {
  if (event.altKey || event.ctrlKey || event.metaKey) return
  const send = {
    ArrowLeft: 'page.previous',
    PageUp: 'page.previous',
    ArrowRight: 'page.next',
    PageDown: 'page.next',
    Home: 'page.first',
    End: 'page.last',
    '+': 'zoom.in',
    '=': 'zoom.in',
    '-': 'zoom.out',
    '0': 'zoom.fitWidth',
    r: 'view.rotate',
    R: 'view.rotate',
  } as const
  const type = send[event.key as keyof typeof send]
  if (!type) return
  event.preventDefault()
  actor.send({ type })
}
