/**
 * One Mermaid diagram drawn in the browser (see renderMermaid.ts): a loading block while Mermaid loads and draws,
 * the SVG once drawn, or a red notice with 'Reintentar' when it fails (the cause goes to the console). The drawing is a promise actor; a new text
 * or a retry mounts a new one (the `key`), so no effect carries the loading logic.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { inspect } from '../../lib/inspect'
import { Banner, Button, LoadingBlock } from '../../ui'
import { FLOWS } from './messages'
import { renderDiagramActor } from './renderMermaid'

export interface MermaidDiagramProps {
  /** Mermaid text (stateDiagram-v2 from src/lib/machineGraph). */
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
  // Mermaid scales the drawing to the frame; below md it keeps its natural size and the frame scrolls instead,
  // or the labels become too small to read.
  '& svg': { display: 'block', mx: 'auto', height: 'auto' },
  mdDown: { '& svg': { maxWidth: 'none !important', width: 'auto' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

function DiagramDrawing({ text, label, onRetry }: MermaidDiagramProps & { onRetry: () => void }) {
  const actor = useActorRef(renderDiagramActor, { input: { text }, inspect })
  const drawn = useSelector(actor, (s) => s.output)

  if (drawn && 'failed' in drawn) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <Banner tone="error" className={css({ w: 'full' })}>
          {FLOWS.diagramFailed}
        </Banner>
        <Button variant="secondary" onClick={onRetry}>
          {FLOWS.retry}
        </Button>
      </div>
    )
  }
  if (!drawn) return <LoadingBlock label={FLOWS.loadingDiagram} lines={4} />
  return (
    <div
      role="img"
      aria-label={label}
      tabIndex={0}
      className={frame}
      data-testid="mermaid-diagram"
      // Mermaid's own output with securityLevel 'strict' (labels sanitised by DOMPurify), never user HTML.
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  )
}
