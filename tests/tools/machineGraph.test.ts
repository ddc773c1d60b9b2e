import { describe, expect, it } from 'vitest'
import { or, setup, stateIn } from 'xstate'
import { renderMachineDoc, toMachineGraph, toMermaid } from '../../tools/machineGraph'
import { claimFlowMachine, requestMachine } from './fixtures'

describe('toMachineGraph', () => {
  it('reads states, transitions, guards, delays and invokes by name, in definition order', () => {
    const graph = toMachineGraph(requestMachine)
    expect(graph.states.map((s) => [s.id, s.type, s.parent ?? null])).toEqual([
      ['request', 'compound', null],
      ['request.editing', 'atomic', 'request'],
      ['request.blocked', 'final', 'request'],
      ['request.sending', 'atomic', 'request'],
      ['request.sent', 'atomic', 'request'],
      ['request.closing', 'atomic', 'request'],
      ['request.done', 'final', 'request'],
    ])
    expect(graph.states[0]!.initial).toEqual(['request.editing'])
    expect(graph.states[3]!.view).toBe('Botón deshabilitado con «Enviando…»')
    expect(graph.states[4]!.description).toBe('La solicitud llegó')
    expect(graph.transitions.map((t) => [t.key, t.kind, t.label, t.targets])).toEqual([
      ['request.editing|form.submit|0', 'event', 'form.submit [isBlocked]', ['request.blocked']],
      ['request.editing|form.submit|1', 'event', 'form.submit [isComplete]', ['request.sending']],
      ['request.sending|form.back|0', 'event', 'form.back', ['request.editing']],
      ['request.sending|xstate.done.actor.sendRequest|0', 'invoke.done', 'done: sendRequest', ['request.sent']],
      ['request.sending|xstate.error.actor.sendRequest|0', 'invoke.error', 'error: sendRequest', ['request.editing']],
      ['request.sent|xstate.after.toastDuration.request.sent|0', 'after', 'after toastDuration', ['request.closing']],
      ['request.closing|always|0', 'always', 'always', ['request.done']],
    ])
    expect(graph.transitions[3]!.actorId).toBe('sendRequest')
    expect(graph.transitions[5]!.delay).toBe('toastDuration')
    expect(graph.events).toEqual(['form.back', 'form.submit'])
    expect(graph.guards).toEqual(['isBlocked', 'isComplete'])
    expect(graph.delays).toEqual([{ name: 'toastDuration', ms: 3000, usedIn: ['request.sent'] }])
    expect(graph.actors).toEqual([{ id: 'sendRequest', src: 'sendRequest', state: 'request.sending' }])
  })

  it('names combined guards, state guards, millisecond delays, history and root transitions', () => {
    const graph = toMachineGraph(claimFlowMachine)
    const byKey = Object.fromEntries(graph.transitions.map((t) => [t.key, t]))
    expect(byKey['claimFlow|session.expire|0']).toMatchObject({ source: 'claimFlow', label: 'session.expire', targets: ['claimFlow.expired'] })
    expect(byKey['claimFlow.open.review.waiting|doc.approve|0']).toMatchObject({
      guard: 'hasDocuments && !isAdmin',
      guardNames: ['hasDocuments', 'isAdmin'],
    })
    expect(byKey['claimFlow.open.documents.uploaded|xstate.after.500.claimFlow.open.documents.uploaded|0']).toMatchObject({
      kind: 'after',
      delay: 500,
      label: 'after 500ms',
    })
    expect(graph.delays).toEqual([{ name: '500ms', ms: 500, usedIn: ['claimFlow.open.documents.uploaded'] }])
    expect(graph.states.find((s) => s.key === 'hist')).toMatchObject({ type: 'history', history: 'deep' })
    expect(graph.states.find((s) => s.key === 'open')).toMatchObject({ type: 'parallel', initial: [] })

    const inline = setup({ guards: { a: () => true, b: () => true } }).createMachine({
      id: 'm',
      initial: 'x',
      states: {
        x: {
          on: {
            go: { guard: or(['a', stateIn('#m.y')]), actions: 'noop' as never },
            back: { guard: () => true, target: 'y' },
            'state.done': { target: 'y.done' },
          },
        },
        y: { initial: 'inside', states: { inside: {}, done: { type: 'final' } }, onDone: 'x' },
      },
    })
    const labels = toMachineGraph(inline).transitions.map((t) => [t.source, t.label, t.targets, t.kind])
    expect(labels).toEqual([
      ['m.x', 'go [a || in(#m.y)]', [], 'event'],
      ['m.x', 'back [inline]', ['m.y'], 'event'],
      ['m.x', 'state.done', ['m.y.done'], 'event'],
      ['m.y', 'done', ['m.x'], 'state.done'],
    ])
  })
})

describe('toMermaid', () => {
  it('draws a flat machine with guards, an invoke, a named delay, an always and final states', () => {
    expect(toMermaid(toMachineGraph(requestMachine))).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> editing',
        '  editing',
        '  blocked',
        '  sending',
        '  sent',
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
        '',
      ].join('\n'),
    )
  })

  it('draws nested and parallel states, history, a delay in ms and a root transition', () => {
    expect(toMermaid(toMachineGraph(claimFlowMachine))).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> claimFlow__root',
        '  state "claimFlow" as claimFlow__root {',
        '    [*] --> closed',
        '    closed',
        '    state open {',
        '      state "documents" as open__documents {',
        '        [*] --> open__documents__empty',
        '        state "empty" as open__documents__empty',
        '        state "uploaded" as open__documents__uploaded',
        '        state "checked" as open__documents__checked',
        '        open__documents__checked --> [*]',
        '        open__documents__empty --> open__documents__uploaded : doc.upload',
        '        open__documents__uploaded --> open__documents__checked : after 500ms',
        '      }',
        '      --',
        '      state "review" as open__review {',
        '        [*] --> open__review__waiting',
        '        state "waiting" as open__review__waiting',
        '        state "approved" as open__review__approved',
        '        state "H*" as open__review__hist',
        '        open__review__waiting --> open__review__approved : doc.approve [hasDocuments && !isAdmin]',
        '      }',
        '    }',
        '    finished',
        '    expired',
        '    finished --> [*]',
        '    expired --> [*]',
        '    closed --> open : claim.open',
        '    open --> finished : review.finish',
        '  }',
        '  claimFlow__root --> claimFlow__root : session.expire (hacia expired)',
        '',
      ].join('\n'),
    )
  })

  it('lifts transitions that cross composites to the composites and says where they really go', () => {
    const machine = setup({}).createMachine({
      id: 'lift',
      initial: 'a',
      states: {
        a: {
          initial: 'inner',
          states: { inner: { on: { 'x.leave': '#lift.b.deep', 'x.stay': {}, 'note:semi;colon': '#lift.a' } } },
        },
        b: { initial: 'deep', states: { deep: {} } },
        end: { type: 'final' },
      },
    })
    expect(toMermaid(toMachineGraph(machine))).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> a',
        '  state a {',
        '    [*] --> a__inner',
        '    state "inner" as a__inner',
        '    a__inner --> a__inner : x.stay',
        '  }',
        '  state b {',
        '    [*] --> b__deep',
        '    state "deep" as b__deep',
        '  }',
        '  state "end" as s_end',
        '  s_end --> [*]',
        '  a --> b : x.leave (desde inner, hacia deep)',
        '  a --> a : note#58;semi#59;colon (desde inner)',
        '',
      ].join('\n'),
    )
  })
})

describe('renderMachineDoc', () => {
  it('writes title, description, diagram and the tables by name', () => {
    const doc = renderMachineDoc({ id: 'request', description: 'Solicitud de prueba.', graph: toMachineGraph(requestMachine) })
    expect(doc).toBe(
      [
        '<!-- Generado por `npm run diagrams` a partir de la máquina; no editar a mano. -->',
        '# request',
        '',
        'Solicitud de prueba.',
        '',
        '```mermaid',
        toMermaid(toMachineGraph(requestMachine)).trimEnd(),
        '```',
        '',
        '## Estados',
        '',
        '| Estado | Tipo | Descripción | La pantalla muestra |',
        '| --- | --- | --- | --- |',
        '| `editing` | simple | — | Formulario con el botón «Enviar» |',
        '| `blocked` | final | — | — |',
        '| `sending` | simple | — | Botón deshabilitado con «Enviando…» |',
        '| `sent` | simple | La solicitud llegó | — |',
        '| `closing` | simple | — | — |',
        '| `done` | final | — | — |',
        '',
        '## Transiciones',
        '',
        '| Desde | Transición | Hacia | Acciones |',
        '| --- | --- | --- | --- |',
        '| `editing` | `form.submit [isBlocked]` | `blocked` | — |',
        '| `editing` | `form.submit [isComplete]` | `sending` | — |',
        '| `sending` | `form.back` | `editing` | — |',
        '| `sending` | `done: sendRequest` | `sent` | — |',
        '| `sending` | `error: sendRequest` | `editing` | — |',
        '| `sent` | `after toastDuration` | `closing` | — |',
        '| `closing` | `always` | `done` | — |',
        '',
        '## Eventos',
        '',
        '| Evento | Aceptado en |',
        '| --- | --- |',
        '| `form.back` | `sending` |',
        '| `form.submit` | `editing` |',
        '',
        '## Guardas',
        '',
        '| Guarda | Usada en |',
        '| --- | --- |',
        '| `isBlocked` | `editing: form.submit` |',
        '| `isComplete` | `editing: form.submit` |',
        '',
        '## Retardos',
        '',
        '| Retardo | Valor | Usado en |',
        '| --- | --- | --- |',
        '| `toastDuration` | 3000 ms | `sent` |',
        '',
        '## Actores invocados',
        '',
        '| Actor (id) | Lógica (src) | Estado |',
        '| --- | --- | --- |',
        '| `sendRequest` | `sendRequest` | `sending` |',
        '',
      ].join('\n'),
    )
  })
})
