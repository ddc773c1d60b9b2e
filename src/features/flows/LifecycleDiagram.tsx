/**
 * The claim lifecycle (machines/claimLifecycle.machine.ts) as a diagram with the claim's current stage marked: the
 * state whose `meta.statusId` is the claim's `statusId` gets Mermaid's `classDef current`, and every state shows its
 * stage name (`meta.value`) and every arrow between stages the Spanish `description` of its transition (the loops that
 * stay in a stage are left out). `LifecycleDiagram` draws it; `LifecycleDiagramSection` is the collapsible
 * 'Diagrama del proceso' for a claim page, which loads Mermaid only once it is opened.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { claimLifecycleMachine, type ClaimStageMeta } from '../../../machines/claimLifecycle.machine'
import { toMermaid } from '../../../tools/machineGraph/mermaid'
import { toMachineGraph } from '../../../tools/machineGraph/model'
import { ChevronDownIcon } from '../../ui'
import { LIFECYCLE } from './messages'
import { MermaidDiagram } from './MermaidDiagram'

/** The current stage: the portal's green with a thicker border, like the current step of the timeline. */
const CURRENT_STAGE_STYLE = 'fill:#cfeedb,stroke:#126c3b,stroke-width:3px,color:#0f1630,font-weight:bold'

const stages = Object.values(claimLifecycleMachine.states).map((node) => ({ id: node.id, meta: node.meta as ClaimStageMeta }))
const graph = toMachineGraph(claimLifecycleMachine)
const labels = Object.fromEntries(stages.map((s) => [s.id, s.meta.value]))

/** The stage of a statusId, or undefined for a status the lifecycle does not know. */
function lifecycleStage(statusId: number): { id: string; meta: ClaimStageMeta } | undefined {
  return stages.find((s) => s.meta.statusId === statusId)
}

/** Mermaid text of the lifecycle with stage names, the stage of `statusId` marked `current`. */
export function lifecycleMermaid(statusId: number): string {
  const current = lifecycleStage(statusId)
  return toMermaid(graph, {
    labels,
    // Office users read what happens ('Se asigna el proveedor'), not event and guard names; /administrador/flujos
    // keeps the technical labels.
    transitionLabels: 'description',
    withoutSelfLoops: true,
    ...(current ? { classes: { current: { style: CURRENT_STAGE_STYLE, states: [current.id] } } } : {}),
  })
}

export function LifecycleDiagram({ statusId }: { statusId: number }) {
  const current = lifecycleStage(statusId)
  return (
    <figure className={css({ display: 'grid', gap: '2', minW: 0 })}>
      <MermaidDiagram text={lifecycleMermaid(statusId)} label={LIFECYCLE.label} />
      {current ? (
        <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>{LIFECYCLE.current(current.meta.value)}</figcaption>
      ) : null}
    </figure>
  )
}

/** Collapsible 'Diagrama del proceso' (closed at first) for the claim's pages. */
export function LifecycleDiagramSection({ statusId, defaultOpen = false }: { statusId: number; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className={css({
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'l3',
        minW: 0,
        '&[open] > summary > svg': { transform: 'rotate(180deg)' },
      })}
    >
      <summary
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          px: { base: '4', md: '5' },
          py: '4',
          cursor: 'pointer',
          listStyle: 'none',
          fontSize: 'lg',
          fontWeight: 'bold',
          color: 'fg.default',
          borderRadius: 'l3',
          '&::-webkit-details-marker': { display: 'none' },
          _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
        })}
      >
        <span>{LIFECYCLE.title}</span>
        <ChevronDownIcon size={20} className={css({ flexShrink: 0, transition: 'transform 0.15s' })} />
      </summary>
      {open ? (
        <div className={css({ px: { base: '3', md: '5' }, pb: '5' })}>
          <LifecycleDiagram statusId={statusId} />
        </div>
      ) : null}
    </details>
  )
}
