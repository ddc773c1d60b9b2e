/**
 * Flujos (issue 7, administrators): /administrador/flujos lists the machines of tools/catalog/machineCatalog.ts
 * (id and Spanish description) as links; /administrador/flujos/:id draws the chosen one as a Mermaid state diagram
 * generated from the machine definition, with the same machine in tables below it. Nothing here is hand-drawn: a
 * change to a machine changes this page. Only this folder of the app imports tools/, and only its browser-safe part
 * (tests/architecture/boundaries.ts).
 */
import { useMemo } from 'react'
import { Link, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { findMachine, machineCatalog, type MachineCatalogEntry } from '../../../tools/catalog/machineCatalog'
import { toMachineGraph } from '../../../tools/machineGraph/model'
import { toMermaid } from '../../../tools/machineGraph/mermaid'
import { Card, EmptyState, PageHeader } from '../../ui'
import { MachineTables } from './MachineTables'
import { MermaidDiagram } from './MermaidDiagram'
import { FLOWS } from './messages'

const FLOWS_PATH = '/administrador/flujos'
const flowPath = (id: string) => `${FLOWS_PATH}/${encodeURIComponent(id)}`

export function FlowsPage() {
  const { id } = useParams()
  if (id === undefined) return <FlowList />
  const entry = findMachine(id)
  return entry ? <FlowDetail key={entry.id} entry={entry} /> : <FlowNotFound id={id} />
}

// One shrinkable column: wide tables and diagrams scroll inside their frames instead of widening the page.
const page = css({ display: 'grid', gap: '5', minW: 0, gridTemplateColumns: 'minmax(0, 1fr)' })

function FlowList() {
  return (
    <div className={page}>
      <PageHeader title={FLOWS.title} subtitle={FLOWS.subtitle} />
      <nav aria-label={FLOWS.listLabel}>
        <ul
          className={css({
            display: 'grid',
            gap: '3',
            listStyle: 'none',
            gridTemplateColumns: { base: '1fr', lg: 'repeat(auto-fill, minmax(20rem, 1fr))' },
          })}
        >
          {machineCatalog.map((entry) => (
            <li key={entry.id} className={css({ display: 'flex' })}>
              <Link
                to={flowPath(entry.id)}
                className={css({
                  display: 'grid',
                  gap: '1',
                  w: 'full',
                  p: '4',
                  bg: 'bg.surface',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  borderRadius: 'l3',
                  textDecoration: 'none',
                  color: 'fg.default',
                  _hover: { borderColor: 'border.primary', bg: 'bg.primarySubtle' },
                  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
                })}
              >
                <span className={css({ fontFamily: 'mono', fontWeight: 'bold', color: 'fg.link', wordBreak: 'break-word' })}>
                  {entry.id}
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{entry.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

function FlowDetail({ entry }: { entry: MachineCatalogEntry }) {
  const graph = useMemo(() => toMachineGraph(entry.machine), [entry.machine])
  const text = useMemo(() => toMermaid(graph), [graph])
  return (
    <div className={page}>
      <PageHeader title={entry.id} pageTitle={[entry.id, FLOWS.title]} subtitle={entry.description} backTo={FLOWS_PATH} backLabel={FLOWS.back} />
      <Card title={FLOWS.diagramTitle}>
        <div className={css({ display: 'grid', gap: '2', minW: 0 })}>
          <MermaidDiagram text={text} label={FLOWS.diagramLabel(entry.id)} />
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{FLOWS.diagramHint}</p>
        </div>
      </Card>
      <MachineTables graph={graph} />
    </div>
  )
}

function FlowNotFound({ id }: { id: string }) {
  return (
    <div className={page}>
      <PageHeader title={FLOWS.title} backTo={FLOWS_PATH} backLabel={FLOWS.back} />
      <EmptyState
        title={FLOWS.notFoundTitle}
        description={FLOWS.notFoundDescription(id)}
        action={
          <Link to={FLOWS_PATH} className={css({ color: 'fg.link', fontWeight: 'semibold' })}>
            {FLOWS.seeAll}
          </Link>
        }
      />
    </div>
  )
}
