/**
 * toMermaid's options for the in-app diagrams: state labels (stage names instead of keys) and classes that mark
 * states (the claim's current stage), compared as exact output.
 */
import { describe, expect, it } from 'vitest'
import { toMachineGraph, toMermaid } from '../../tools/machineGraph'
import { claimFlowMachine, requestMachine } from './fixtures'

describe('toMermaid options', () => {
  it('labels states and marks them with a classDef and a class line, written last', () => {
    const text = toMermaid(toMachineGraph(requestMachine), {
      labels: { 'request.sending': 'Enviando "solicitud"', 'request.sent': 'Enviada' },
      classes: { current: { style: 'fill:#fde68a,stroke:#b45309;stroke-width:3px', states: ['request.sending', 'request.done'] } },
    })
    expect(text).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> editing',
        '  editing',
        '  blocked',
        '  state "Enviando #quot;solicitud#quot;" as sending',
        '  state "Enviada" as sent',
        '  closing',
        '  done',
        '  blocked --> [*]',
        '  done --> [*]',
        '  editing --> blocked : form.submit [isBlocked]',
        '  editing --> sending : form.submit [isComplete]',
        '  sending --> editing : form.back',
        '  sending --> sent : done#58; sendRequest',
        '  sending --> editing : error#58; sendRequest',
        '  sent --> closing : after toastDuration',
        '  closing --> done : always',
        '  classDef current fill:#fde68a,stroke:#b45309,stroke-width:3px',
        '  class sending,done current',
        '',
      ].join('\n'),
    )
  })

  it('marks nested states by their Mermaid id and skips classes whose states do not exist', () => {
    const text = toMermaid(toMachineGraph(claimFlowMachine), {
      classes: {
        current: { style: 'fill:#fde68a', states: ['claimFlow.open.review.waiting'] },
        'no-such': { style: 'fill:red', states: ['claimFlow.nowhere'] },
      },
    })
    expect(text.split('\n').slice(-4)).toEqual([
      '  claimFlow__root --> claimFlow__root : session.expire (hacia expired)',
      '  classDef current fill:#fde68a',
      '  class open__review__waiting current',
      '',
    ])
  })

  it('gives the same text as before without options', () => {
    const graph = toMachineGraph(requestMachine)
    expect(toMermaid(graph, {})).toBe(toMermaid(graph))
    expect(toMermaid(graph)).not.toContain('classDef')
  })
})
