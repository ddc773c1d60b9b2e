/**
 * The viewer's tools: previous/next page and the page number (Ark NumberInput), zoom out/in with the current
 * percentage, fit to width (Ark Toggle, pressed while the page fits), rotate, and download. Every control is
 * enabled by the machine's snapshot; on a phone the row wraps.
 */
import { NumberInput, Toggle } from '@ark-ui/react'
import { useSelector } from '@xstate/react'
import { useState, type ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import {
  documentViewerMachine,
  selectCanDownload,
  selectCanGoNext,
  selectCanGoPrevious,
  selectCanRotate,
  selectCanZoomIn,
  selectCanZoomOut,
  selectIsShown,
} from '../../../machines/documentViewer.machine'
import {
  Button,
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  FitWidthIcon,
  RotateIcon,
  Tooltip,
  ZoomInIcon,
  ZoomOutIcon,
} from '../../ui'
import { VIEWER } from './messages'

type ViewerActor = ActorRefFrom<typeof documentViewerMachine>

const bar = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  flexWrap: 'wrap',
  px: '2',
  py: '1.5',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
})
const cluster = css({ display: 'flex', alignItems: 'center', gap: '1' })
const iconButton = css({ w: '8', px: '0!' })
const pageInput = css({
  w: '12',
  h: '8',
  px: '1',
  textAlign: 'center',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l1',
  bg: 'bg.surface',
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
  _disabled: { opacity: 0.5 },
})
const pressedToggle = css({
  w: '8',
  px: '0!',
  '&[data-pressed]': { bg: 'bg.primarySubtle', color: 'fg.primary', borderColor: 'border.primary' },
})

function ToolButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="sm" className={iconButton} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  )
}

export function ViewerToolbar({ actor }: { actor: ViewerActor }) {
  const shown = useSelector(actor, selectIsShown)
  const zoom = useSelector(actor, (s) => s.context.zoom)
  const fitWidth = useSelector(actor, (s) => s.context.fitWidth)
  const fileName = useSelector(actor, (s) => s.context.fileName)
  const canPrevious = useSelector(actor, selectCanGoPrevious)
  const canNext = useSelector(actor, selectCanGoNext)
  const canZoomIn = useSelector(actor, selectCanZoomIn)
  const canZoomOut = useSelector(actor, selectCanZoomOut)
  const canRotate = useSelector(actor, selectCanRotate)
  const canDownload = useSelector(actor, selectCanDownload)

  return (
    <div role="group" aria-label={VIEWER.toolbar} className={bar}>
      <div className={cluster}>
        <ToolButton label={VIEWER.previous} disabled={!canPrevious} onClick={() => actor.send({ type: 'page.previous' })}>
          <ChevronLeftIcon size={18} />
        </ToolButton>
        <PageNumber actor={actor} />
        <ToolButton label={VIEWER.next} disabled={!canNext} onClick={() => actor.send({ type: 'page.next' })}>
          <ChevronRightIcon size={18} />
        </ToolButton>
      </div>
      <div className={cluster}>
        <ToolButton label={VIEWER.zoomOut} disabled={!canZoomOut} onClick={() => actor.send({ type: 'zoom.out' })}>
          <ZoomOutIcon size={18} />
        </ToolButton>
        <output aria-label={VIEWER.zoomLevel(zoom)} className={css({ minW: '12', textAlign: 'center', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })}>
          {shown ? VIEWER.zoomValue(zoom) : '—'}
        </output>
        <ToolButton label={VIEWER.zoomIn} disabled={!canZoomIn} onClick={() => actor.send({ type: 'zoom.in' })}>
          <ZoomInIcon size={18} />
        </ToolButton>
        <Tooltip content={VIEWER.fitWidth}>
          <Toggle.Root
            pressed={fitWidth && shown}
            disabled={!shown}
            // Fit to width is left by zooming; pressing it again while it fits changes nothing.
            onPressedChange={(pressed) => {
              if (pressed) actor.send({ type: 'zoom.fitWidth' })
            }}
            aria-label={VIEWER.fitWidth}
            className={cx(button({ variant: 'ghost', size: 'sm' }), pressedToggle)}
          >
            <FitWidthIcon size={18} />
          </Toggle.Root>
        </Tooltip>
        <ToolButton label={VIEWER.rotate} disabled={!canRotate} onClick={() => actor.send({ type: 'view.rotate' })}>
          <RotateIcon size={18} />
        </ToolButton>
        <ToolButton label={VIEWER.downloadFile(fileName)} disabled={!canDownload} onClick={() => actor.send({ type: 'document.download' })}>
          <DownloadIcon size={18} />
        </ToolButton>
      </div>
    </div>
  )
}

/** The page number: typed and confirmed with Enter (or on leaving the field); out-of-range numbers are clamped. */
function PageNumber({ actor }: { actor: ViewerActor }) {
  const page = useSelector(actor, (s) => s.context.page)
  const pageCount = useSelector(actor, (s) => s.context.pageCount)
  const shown = useSelector(actor, selectIsShown)
  // What is typed, until confirmed; a page change from elsewhere (buttons, keys) replaces it.
  const [draft, setDraft] = useState({ page, text: String(page) })
  const text = draft.page === page ? draft.text : String(page)

  return (
    <NumberInput.Root
      value={shown ? text : ''}
      min={1}
      max={Math.max(1, pageCount)}
      disabled={!shown}
      allowMouseWheel={false}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      onValueChange={(details) => setDraft({ page, text: details.value })}
      onValueCommit={(details) => {
        actor.send({ type: 'page.go', page: details.valueAsNumber })
        setDraft({ page, text: String(page) })
      }}
      translations={{
        valueText: (value) => VIEWER.pageLabel(Number(value) || page, pageCount),
        incrementLabel: VIEWER.next,
        decrementLabel: VIEWER.previous,
      }}
      className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm' })}
    >
      <NumberInput.Label className={css({ srOnly: true })}>{VIEWER.pageNumber}</NumberInput.Label>
      {/* Ark names the field's role 'numberfield' in English by default. */}
      <NumberInput.Input className={pageInput} aria-roledescription={VIEWER.numberField} />
      {/* Hidden until the page count is known: 'de 0' while loading read as an empty document. */}
      {shown && pageCount > 0 ? (
        <span aria-hidden="true" className={css({ color: 'fg.muted', whiteSpace: 'nowrap' })}>
          {VIEWER.pageOf(pageCount)}
        </span>
      ) : null}
    </NumberInput.Root>
  )
}
