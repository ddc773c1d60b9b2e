/**
 * The machine in text, below its diagram, for keyboard and screen-reader users: states, transitions, events,
 * guards and delays, read from the same graph model as the diagram (tools/machineGraph), so both always agree.
 */
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { MachineGraph } from '../../../tools/machineGraph/model'
import { stateNamer, statePathName } from '../../../tools/machineGraph/names'
import { Card } from '../../ui'
import { TABLES as T } from './messages'

const scroller = css({
  overflowX: 'auto',
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'start', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'top' },
  '& th': { color: 'fg.muted', fontWeight: 'semibold', bg: 'bg.muted', whiteSpace: 'nowrap' },
  // Names stay whole (a table too wide for the screen scrolls in its frame); lists wrap between names.
  '& code': { fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' },
})

function DataTable({ caption, headers, rows, empty }: { caption: string; headers: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <Card title={caption}>
      {rows.length ? (
        <div className={scroller} role="region" aria-label={caption} tabIndex={0}>
          <table className={table}>
            <caption className={css({ srOnly: true })}>{caption}</caption>
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className={css({ fontWeight: 'normal', bg: 'transparent!', color: 'fg.default!' })}>
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{empty}</p>
      )}
    </Card>
  )
}

const code = (text: string) => <code>{text}</code>
const list = (items: string[]) => items.map((item, i) => <span key={item}>{i > 0 ? ', ' : null}{code(item)}</span>)

export function MachineTables({ graph }: { graph: MachineGraph }) {
  const name = stateNamer(graph)
  const states = graph.states.filter((s) => s.parent !== undefined)
  const unique = (items: string[]) => [...new Set(items)]

  return (
    <div className={css({ display: 'grid', gap: '4', minW: 0, gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <DataTable
        caption={T.states}
        headers={[T.state, T.type, T.description]}
        empty={T.none}
        rows={states.map((s) => [
          code(statePathName(s)),
          T.types[s.type],
          [s.description, s.view].filter(Boolean).join(' — ') || '—',
        ])}
      />
      <DataTable
        caption={T.transitions}
        headers={[T.from, T.event, T.guard, T.to]}
        empty={T.noneFeminine}
        rows={graph.transitions.map((t) => [
          code(name(t.source)),
          code(t.label.replace(/ \[.*\]$/, '')),
          t.guard ? code(t.guard) : '—',
          t.targets.length ? list(t.targets.map(name)) : T.stays,
        ])}
      />
      <DataTable
        caption={T.events}
        headers={[T.event, T.acceptedIn]}
        empty={T.none}
        rows={graph.events.map((event) => [
          code(event),
          list(unique(graph.transitions.filter((t) => t.kind === 'event' && t.eventType === event).map((t) => name(t.source)))),
        ])}
      />
      <DataTable
        caption={T.guards}
        headers={[T.guard, T.usedIn]}
        empty={T.noneFeminine}
        rows={graph.guards.map((guard) => [
          code(guard),
          list(unique(graph.transitions.filter((t) => t.guardNames.includes(guard)).map((t) => `${name(t.source)}: ${t.eventType}`))),
        ])}
      />
      {graph.delays.length ? (
        <DataTable
          caption={T.delays}
          headers={[T.delay, T.value, T.delayUsedIn]}
          empty={T.none}
          rows={graph.delays.map((d) => [code(d.name), d.ms === undefined ? T.computed : `${d.ms} ms`, list(d.usedIn.map(name))])}
        />
      ) : null}
    </div>
  )
}
