/**
 * One Mermaid diagram drawn in the browser (see renderMermaid.ts): a loading block while Mermaid loads and draws,
 * the SVG once drawn, or a red notice with 'Reintentar' when it fails (the cause goes to the console). The drawing is a promise actor; a new text
 * or a retry mounts a new one (the `key`), so no effect carries the loading logic.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState, type CSSProperties } from 'react'
import { css } from 'styled-system/css'
import { inspect } from '../../lib/inspect'
import { LoadFailed, LoadingBlock } from '../../ui'
import { FLOWS } from './messages'
import { renderDiagramActor } from './renderMermaid'

export interface MermaidDiagramProps {
  /** Mermaid text (stateDiagram-v2 from tools/machineGraph). */
  text: string
  /** What the picture shows, for screen readers (the page gives the same in text next to it). */
  label: string
}

export function MermaidDiagram({ text, label }: MermaidDiagramProps) {
  const [attempt, setAttempt] = useState(0)
  return <DiagramDrawing key={`${attempt}:${text}`} text={text} label={label} onRetry={() => setAttempt((n) => n + 1)} />
}

const frame = css({
  overflowX: 'auto',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l2',
  p: { base: '2', md: '4' },
  // Mermaid scales the drawing down to the frame; below md that would make the labels unreadable, so the drawing
  // keeps most of its own width (--diagram-width, from the viewBox) and the frame scrolls instead.
  '& svg': { display: 'block', mx: 'auto', height: 'auto' },
  mdDown: { '& svg': { maxWidth: 'none!', width: 'var(--diagram-width, 100%)!' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

function DiagramDrawing({ text, label, onRetry }: MermaidDiagramProps & { onRetry: () => void }) {
  const actor = useActorRef(renderDiagramActor, { input: { text }, inspect })
  const drawn = useSelector(actor, (s) => s.output)

  if (drawn && 'failed' in drawn) {
    return <LoadFailed onRetry={onRetry}>{FLOWS.diagramFailed}</LoadFailed>
  }
  if (!drawn) return <LoadingBlock label={FLOWS.loadingDiagram} lines={4} />
  const natural = naturalWidth(drawn.svg)
  const width = natural === undefined ? undefined : Math.round(natural * PHONE_SCALE)
  return (
    <div
      style={width ? ({ '--diagram-width': `${width}px` } as CSSProperties) : undefined}
      role="img"
      aria-label={label}
      tabIndex={0}
      className={frame}
      data-testid="mermaid-diagram"
      ref={showMarkedPart}
      // Mermaid's own output with securityLevel 'strict' (labels sanitised by DOMPurify), never user HTML.
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  )
}

/** How much of its own size the drawing keeps on phones: labels stay legible, the panning stays short. */
const PHONE_SCALE = 0.7

/** The drawing's own width, from the viewBox Mermaid writes (`viewBox="x y width height"`). */
function naturalWidth(svg: string): number | undefined {
  const viewBox = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/.exec(svg)
  const width = viewBox ? Number(viewBox[1]) : NaN
  return Number.isFinite(width) && width > 0 ? Math.ceil(width) : undefined
}

/**
 * When the drawing is wider than its frame (phones), scrolls the frame to the marked state (`classDef current`) or
 * else to the middle, where the initial state is drawn, instead of showing the left edge.
 */
function showMarkedPart(frame: HTMLDivElement | null): void {
  if (!frame || frame.scrollWidth <= frame.clientWidth) return
  const marked = frame.querySelector('svg .current')
  if (marked) {
    const box = frame.getBoundingClientRect()
    const node = marked.getBoundingClientRect()
    frame.scrollLeft += node.left + node.width / 2 - (box.left + box.width / 2)
  } else {
    frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2
  }
}
